import GestureEngine
import YAMLTree

/// Reads one profile file's node tree into a ``ProfileFile``, reporting every problem to the
/// sink and reading on. This file holds the file's top level and the profiles; each section
/// has its own file (settings, gestures, recognizer parameters, stroke templates, actions,
/// regions and controls, touchpad bindings, window matching), and the checks that need the
/// whole file run at the end (`FileChecks.swift`).
final class ProfileParser {
    let sink: DiagnosticSink
    let reader: YAMLReader
    /// Reads the files the profile names (stroke templates).
    let files: any ProfileFileReader
    /// The profile file's folder: stroke template files are relative to it.
    let directory: String
    /// `settings:`, once read: the recognizers' parameters start from it.
    var settings = ProfileSettings()
    /// Gesture and touchpad binding names, each with where it was first written.
    var gestureNodes: [String: Node] = [:]
    /// Gesture names written in relations, checked once every name is known.
    var references: [Reference] = []
    var requirementEdges: [RequirementEdge] = []
    /// Gestures and touchpad bindings met so far (`ProfileLimits.gestures` at most are read).
    var gestureCount = 0
    /// Touchpad swipe bindings' `direction:` values, by binding name (for the claim warning).
    var directionNodes: [String: Node] = [:]

    init(sink: DiagnosticSink, files: any ProfileFileReader, directory: String) {
        self.sink = sink
        reader = YAMLReader(sink: sink)
        self.files = files
        self.directory = directory
    }

    /// The top level of a profile file.
    enum FileKey: String, SectionKey { case version, settings, profiles }

    /// One entry of `profiles:`.
    enum ProfileKey: String, SectionKey { case name, match, touch, wheelNotch, gestures, regions, touchpad }

    func parseFile(_ root: Node, path: String) -> ProfileFile? {
        guard let top = reader.entries(root, "the profile file", FileKey.self) else { return nil }
        let byKey = firstEntries(top)
        if let v = byKey[.version] {
            if let n = reader.integer(v.value, "version", range: 1...1000), n != 1 {
                sink.error(v.value, "unsupported version \(n): this Tactus reads version 1")
            }
        } else {
            sink.error(root, "missing 'version: 1' (the format version of the file)")
        }
        if let s = byKey[.settings] { parseSettings(s.value) }
        var profiles: [Profile] = []
        if let p = byKey[.profiles], let list = reader.sequence(p.value, "profiles") {
            var names: [String: Node] = [:]
            for node in list {
                guard let profile = parseProfile(node) else { continue }
                if let earlier = names[profile.name] {
                    sink.error(node, "duplicate profile name '\(profile.name)' (first at line \(SourceLocation(earlier.mark).line))")
                }
                names[profile.name] = node
                if let earlier = profiles.first(where: { $0.match.takesEveryWindow(of: profile.match) }) {
                    sink.warning(node, "profile '\(profile.name)' never applies: '\(earlier.name)' (line \(earlier.location.line)) comes before it and matches every window it matches, and a window gets the first profile that matches (move '\(profile.name)' above it, or put what it says in '\(earlier.name)')")
                }
                profiles.append(profile)
            }
        } else if byKey[.profiles] == nil {
            sink.error(root, "missing 'profiles:' (a list of profiles)")
        }
        checkReferences()
        checkTouchpadClaims(profiles)
        return ProfileFile(settings: settings, profiles: profiles, path: path)
    }

    func parseProfile(_ node: Node) -> Profile? {
        guard let entries = reader.entries(node, "a profile", ProfileKey.self) else { return nil }
        let byKey = firstEntries(entries)
        var name = "profile\(SourceLocation(node.mark).line)"
        if let n = byKey[.name] {
            if let s = reader.string(n.value, "profile name") {
                if s.isEmpty || s.contains("/") || s.contains(":") {
                    sink.error(n.value, "profile name '\(s)' must be non-empty and contain no '/' or ':' (it names views in logs)")
                } else {
                    name = s
                }
            }
        } else {
            sink.error(node, "a profile needs a 'name'")
        }
        var match = WindowMatch.any
        if let m = byKey[.match] {
            match = parseMatch(m.value) ?? .any
        } else {
            sink.error(node, "profile '\(name)' needs a 'match' (any, or class/instance/title/type)")
        }
        // `touch:` says what the program of the profile's windows does with touches, over
        // what the server says (`tactus windows`): `own` leaves them its touches, `mouse`
        // gives it the conventions of the `match: { touch: mouse }` profiles.
        var touch: ProgramTouch?
        if let t = byKey[.touch] {
            touch = reader.choice(t.value, "touch", ProgramTouch.allCases.map(\.rawValue)).flatMap(ProgramTouch.init)
            if match.isScreen {
                sink.error(t.keyNode, "'touch' is for a profile of windows (match: class, instance, title, type): it says what their program does with touches; profile '\(name)' applies to the screen")
            }
        }
        // `wheelNotch:` says how far one wheel notch moves the program's content (programs
        // scroll a notch by their own measure): a `scroll:` without `every` steps that often.
        var wheelNotch: Double?
        if let n = byKey[.wheelNotch] {
            wheelNotch = reader.number(n.value, "wheelNotch", range: 1...10000)
            if match.isScreen {
                sink.error(n.keyNode, "'wheelNotch' is for a profile of windows (match: class, instance, title, type): it says how far a wheel notch scrolls their program; profile '\(name)' applies to the screen")
            }
        }
        var regions: [RegionSpec] = []
        var seen: Set<String> = []
        for rn in list(byKey[.regions], "regions") {
            guard let region = parseRegion(rn) else { continue }
            if !seen.insert(region.name).inserted { sink.error(rn, "duplicate region name '\(region.name)' in profile '\(name)'") }
            regions.append(region)
        }
        let regionNames = regions.map(\.name)
        let gestures = list(byKey[.gestures], "gestures").compactMap { parseGesture($0, regionNames: regionNames) }
        let touchpad = list(byKey[.touchpad], "touchpad").compactMap { parseTouchpad($0) }
        var profile = Profile(name: name, match: match, gestures: gestures, regions: regions, touchpad: touchpad, location: SourceLocation(node.mark))
        profile.touch = touch
        profile.wheelNotch = wheelNotch
        if match.programTouch != nil {
            if !regions.isEmpty { sink.error(byKey[.regions]!.keyNode, "profile '\(name)' is a layer over many windows (match: touch): it takes gestures, not regions") }
            if !touchpad.isEmpty { sink.error(byKey[.touchpad]!.keyNode, "profile '\(name)' is a layer over the windows whose program handles touch one way (match: touch): its gestures are the touchscreen's; touchpad bindings go in a 'match: any' profile") }
        }
        return profile
    }

    /// The items of a list-valued entry (none when the entry is absent or not a list).
    func list<Key>(_ entry: Entry<Key>?, _ what: String) -> [Node] {
        guard let entry else { return [] }
        return reader.sequence(entry.value, what) ?? []
    }
}
