import GestureEngine
import GestureProfiles
import Logging

/// The daemon's answers to what touch ownership asks about the desktop
/// (``TouchSurroundings``): the window list the session tracks, and the server for what it
/// does not (decorations, the window manager).
final class SessionSurroundings: TouchSurroundings {
    private let server: XlibServer
    private let runtime: ProfileRuntime
    private let tracker: WindowTracker
    private let logger: Logger

    init(server: XlibServer, runtime: ProfileRuntime, logger: Logger) {
        self.server = server
        self.runtime = runtime
        self.logger = logger
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

    /// A few round trips (the top-level window there, then the client in its frame), made
    /// only when an action needs the exact window.
    func landingWindow(at point: Point) -> LandingWindow? {
        guard runtime.needsExactWindows, tracker.hasWindowManager else { return nil }
        let client = tracker.clientWindow(at: point)
        logger.debug("client window under \(Int(point.x)),\(Int(point.y)): \(client.map { "0x" + String($0, radix: 16) } ?? "none")")
        return client.map { .window(UInt64($0)) } ?? .desktop
    }

    func windowManager() -> (check: XWindowID, name: String?)? {
        guard let check = server.numbers(server.root, "_NET_SUPPORTING_WM_CHECK")?.first, check != 0 else { return nil }
        return (XWindowID(check), server.text(XWindowID(check), "_NET_WM_NAME"))
    }
}
