/// One key event as `tactus-test-window` reported it: `key TEXT KEYSYM state 0xMASK` for a
/// press, `key-release TEXT KEYSYM state 0xMASK` for a release (with `keyReleases`). The text
/// is Xlib's Latin-1 rendering and is not what tests judge; the keysym and the modifier state
/// are.
public struct WindowKeyEvent: Equatable, Sendable, CustomStringConvertible {
    public var pressed: Bool
    public var keysym: String
    public var state: UInt32

    public init(pressed: Bool, keysym: String, state: UInt32) {
        self.pressed = pressed
        self.keysym = keysym
        self.state = state
    }

    /// A press of `keysym` with modifier state `state`.
    public static func press(_ keysym: String, _ state: UInt32 = 0) -> WindowKeyEvent { WindowKeyEvent(pressed: true, keysym: keysym, state: state) }
    /// A release of `keysym` with modifier state `state`.
    public static func release(_ keysym: String, _ state: UInt32 = 0) -> WindowKeyEvent { WindowKeyEvent(pressed: false, keysym: keysym, state: state) }

    /// The event a window's line reports, nil for any other line.
    public init?(line: String) {
        let parts = line.split(separator: " ")
        guard parts.count >= 5, parts[0] == "key" || parts[0] == "key-release", parts[parts.count - 2] == "state",
              let state = UInt32(parts[parts.count - 1].dropFirst(2), radix: 16) else { return nil }
        self.init(pressed: parts[0] == "key", keysym: String(parts[parts.count - 3]), state: state)
    }

    /// The presses a window's lines report.
    public static func presses<S: Sequence<String>>(in lines: S) -> [WindowKeyEvent] {
        lines.compactMap(WindowKeyEvent.init(line:)).filter(\.pressed)
    }

    public var description: String { "\(pressed ? "down" : "up") \(keysym)/0x\(String(state, radix: 16))" }
}
