import GestureEngine
import GestureProfiles

/// The daemon's answers to what touch ownership asks about the desktop
/// (``TouchSurroundings``): the window list the session tracks, and the server for what it
/// does not (decorations, the window manager).
final class SessionSurroundings: TouchSurroundings {
    private let server: XlibServer
    private let runtime: ProfileRuntime
    private let tracker: WindowTracker

    init(server: XlibServer, runtime: ProfileRuntime) {
        self.server = server
        self.runtime = runtime
        tracker = WindowTracker(server: server)
    }

    func clientWindow(at point: Point) -> UInt64? { runtime.window(at: point)?.id }

    func isOnDecorations(_ point: Point) -> Bool {
        // Over a client the engine tracks, it is that client's; the server is asked only
        // when not (a title bar, a popup, the desktop). The server's own `child` of the
        // touch event is not used: xfwm4 keeps a bare top-level window across the screen
        // that it names there.
        guard runtime.window(at: point) == nil, tracker.hasWindowManager, let topLevel = server.topLevelWindow(at: point) else { return false }
        return tracker.isDecoration(topLevel, at: point)
    }

    func windowManager() -> (check: XWindowID, name: String?)? {
        guard let check = server.numbers(server.root, "_NET_SUPPORTING_WM_CHECK")?.first, check != 0 else { return nil }
        return (XWindowID(check), server.text(XWindowID(check), "_NET_WM_NAME"))
    }
}
