import GestureEngine
@testable import X11Session

/// What touch ownership asks about the desktop (``TouchSurroundings``), answered by the test.
final class FakeSurroundings: TouchSurroundings {
    /// The client window on top at a point.
    var clientWindow: (Point) -> UInt64?
    /// Whether a point is on a window manager's decorations.
    var decorations: (Point) -> Bool
    /// The window manager's check window and name.
    var windowManagerCheck: (check: XWindowID, name: String?)?

    init(clientWindow: @escaping (Point) -> UInt64? = { _ in nil }, decorations: @escaping (Point) -> Bool = { _ in false },
         windowManager: (check: XWindowID, name: String?)? = nil) {
        self.clientWindow = clientWindow
        self.decorations = decorations
        windowManagerCheck = windowManager
    }

    func clientWindow(at point: Point) -> UInt64? { clientWindow(point) }
    func isOnDecorations(_ point: Point) -> Bool { decorations(point) }
    func windowManager() -> (check: XWindowID, name: String?)? { windowManagerCheck }
}
