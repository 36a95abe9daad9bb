/// An XInput device, as `tactus devices` shows it and the session uses it.
public struct InputDevice: Equatable, Sendable {
    public enum Use: String, Sendable {
        case masterPointer = "master pointer", masterKeyboard = "master keyboard"
        case slavePointer = "pointer", slaveKeyboard = "keyboard", floating = "floating"
    }
    public var id: Int32
    public var name: String
    public var use: Use
    public var attachment: Int32
    public var enabled: Bool
    /// Touch class: `direct` (a touchscreen) or `dependent` (a touchpad in touch mode), with
    /// the number of simultaneous touches.
    public var touchMode: TouchMode?
    public var maxTouches: Int
    /// XI 2.4 gesture class (a touchpad whose driver recognizes swipes and pinches).
    public var gestureTouches: Int?
    /// Ranges of valuators 0 and 1 (x, y), for raw events in device units.
    public var xRange: ClosedRange<Double>?
    public var yRange: ClosedRange<Double>?
    public var hasButtons: Bool

    public enum TouchMode: String, Sendable { case direct, dependent }

    public var isXTest: Bool { name.contains("XTEST") }

    /// The classes in words: "touchscreen (5 touches)", "touchpad gestures", "pointer", ….
    public var classes: [String] {
        var c: [String] = []
        if let m = touchMode { c.append(m == .direct ? "touchscreen (\(maxTouches) touches)" : "touchpad touches (\(maxTouches))") }
        if let g = gestureTouches { c.append("touchpad gestures (\(g) fingers)") }
        if hasButtons && (use == .slavePointer || use == .masterPointer) { c.append("pointer") }
        if use == .slaveKeyboard || use == .masterKeyboard { c.append("keyboard") }
        return c
    }
}

/// A monitor (XRandR), in root coordinates.
public struct XMonitor: Equatable, Sendable {
    public var name: String
    public var x: Double, y: Double, width: Double, height: Double
    public var primary: Bool
    /// The outputs showing it (none for a monitor `xrandr --setmonitor` declared on `none`).
    public var outputs: [String] = []
}
