import YAMLTree

/// What one profile file may hold: beyond these it is refused with an error at the place
/// where it passes the limit (tactus.yaml(5), LIMITS). They keep a reload's time and memory,
/// and the work the daemon does for each touch, bounded whatever the file says.
public enum ProfileLimits {
    /// Bytes of the file (and of each stroke file it names).
    public static let fileBytes = 1 << 20
    /// YAML nodes, with every alias expanded.
    public static let yamlNodes = 100_000
    /// Nesting of lists and mappings, with every alias expanded.
    public static let yamlDepth = 64
    /// Gestures and touchpad bindings in the whole file: every touch on the screen is offered
    /// to each gesture of the profiles under it.
    public static let gestures = 2_000

    static let yaml = YAMLLimits(bytes: fileBytes, nodes: yamlNodes, depth: yamlDepth)
}
