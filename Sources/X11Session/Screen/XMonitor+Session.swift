import GestureEngine
import GestureProfiles

/// A server's monitor as the session and the profiles see it.
extension XMonitor {
    /// Its rectangle in root coordinates.
    public var frame: Rect { Rect(x: x, y: y, width: width, height: height) }

    /// The monitor as the session knows it.
    public var monitor: Monitor { Monitor(name: name, frame: frame, primary: primary, outputs: outputs) }

    /// Whether `name` is the monitor's, or one of its outputs' (ignoring case).
    public func isNamed(_ name: String) -> Bool {
        self.name.lowercased() == name.lowercased() || outputs.contains { $0.lowercased() == name.lowercased() }
    }
}
