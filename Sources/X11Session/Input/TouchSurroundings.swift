import GestureEngine

/// What touch ownership asks about the desktop around a touch: the windows the session
/// tracks and the window manager. Handed to ``InputRouter`` once, when it is made; the daemon
/// answers from its window list and the server (``SessionSurroundings``), tests with a fake.
public protocol TouchSurroundings: AnyObject {
    /// The client window on top at a point, as the session knows the stacking (nil: none).
    func clientWindow(at point: Point) -> UInt64?
    /// Whether a touch that landed at a point landed on a window manager's decorations (a
    /// title bar, a border, a frame button) rather than on a client window.
    func isOnDecorations(_ point: Point) -> Bool
    /// The window manager's check window (`_NET_SUPPORTING_WM_CHECK` on the root) and its
    /// name (`_NET_WM_NAME` there); nil when no window manager says it runs.
    func windowManager() -> (check: XWindowID, name: String?)?
    /// The client window the display server has under a point where a touch (or a touchpad
    /// gesture's pointer) begins, decorations counting as their window — `topLevel`: the
    /// top-level window there, when the event names it — read as the touch is decoded and
    /// carried with it (``LandingWindow``), so that nothing asks the server while the gestures
    /// settle. Nil when not worth asking (no action needs the exact window) or when no window
    /// manager marks its clients.
    func landingWindow(at point: Point, topLevel: XWindowID?) -> LandingWindow?
}

extension TouchSurroundings {
    /// Surroundings that do not know the server's stacking do not say.
    public func landingWindow(at point: Point, topLevel: XWindowID?) -> LandingWindow? { nil }
}

/// No desktop known (record, tests that need none): no window, no decorations, no window manager.
public final class NoSurroundings: TouchSurroundings {
    public init() {}
    public func clientWindow(at point: Point) -> UInt64? { nil }
    public func isOnDecorations(_ point: Point) -> Bool { false }
    public func windowManager() -> (check: XWindowID, name: String?)? { nil }
}
