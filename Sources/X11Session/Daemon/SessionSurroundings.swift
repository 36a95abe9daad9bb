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
    private var frames = FrameClients()
    /// Whether a window manager runs (`_NET_SUPPORTING_WM_CHECK`), asked once and again after
    /// the clients or that property change: without one no client has a frame to find, and
    /// nothing is a decoration. Not asked on a rejection's path: the replay would wait for it.
    private var windowManagerRuns: Bool?

    private var windowManagerKnownToRun: Bool {
        if let windowManagerRuns { return windowManagerRuns }
        let runs = tracker.hasWindowManager
        windowManagerRuns = runs
        return runs
    }

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
        guard runtime.window(at: point) == nil, windowManagerKnownToRun, let topLevel = server.topLevelWindow(at: point) else { return false }
        return tracker.isDecoration(topLevel, at: point)
    }

    /// Only when an action needs the exact window. A top-level window whose client the session
    /// read answers at once (``FrameClients``); another (a window manager's own, a popup, one
    /// not read yet) costs a few round trips, once; a point the event does not place in a
    /// top-level window (a pointer press, a touchpad gesture) one more.
    func landingWindow(at point: Point, topLevel: XWindowID?) -> LandingWindow? {
        guard runtime.needsExactWindows else { return nil }
        if let topLevel, let known = frames.landing(in: topLevel), known != .desktop { return known }
        // The touch event's child of the root is not always the top-level window the server
        // finds at the point (under openbox, a touch on a title bar named another of openbox's
        // windows, holding no client): then the server is asked, one round trip.
        guard windowManagerKnownToRun else { return nil }
        guard let top = server.topLevelWindow(at: point) else { return .desktop }
        if let known = frames.landing(in: top) { return known }
        let client = tracker.client(within: top)
        logger.debug("client window in top-level window 0x\(String(top, radix: 16)) under \(Int(point.x)),\(Int(point.y)): \(client.map { "0x" + String($0, radix: 16) } ?? "none")")
        let answer: LandingWindow = client.map { .window(UInt64($0)) } ?? .desktop
        frames.remember(answer, for: top)
        return answer
    }

    /// The session read a client: the top-level window holding it is noted, off the touches'
    /// path (a round trip or two).
    func clientRead(_ client: XWindowID) {
        windowManagerRuns = nil
        guard runtime.needsExactWindows, let top = server.topLevel(of: client) else { return }
        logger.debug("client window 0x\(String(client, radix: 16)) is in top-level window 0x\(String(top, radix: 16))")
        frames.clientRead(client, in: top)
    }

    /// The root's `_NET_SUPPORTING_WM_CHECK` changed: a window manager started or quit.
    func windowManagerCheckChanged() { windowManagerRuns = nil }

    func clientGone(_ client: XWindowID) {
        windowManagerRuns = nil
        frames.clientGone(client)
    }

    func windowManager() -> (check: XWindowID, name: String?)? {
        guard let check = server.numbers(server.root, "_NET_SUPPORTING_WM_CHECK")?.first, check != 0 else { return nil }
        return (XWindowID(check), server.text(XWindowID(check), "_NET_WM_NAME"))
    }
}
