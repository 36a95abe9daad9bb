import GestureEngine
import GestureProfiles
import SystemCalls

/// The client windows the window manager manages, through EWMH: `_NET_CLIENT_LIST_STACKING`
/// (bottom to top, else `_NET_CLIENT_LIST`), `WM_CLASS`, `_NET_WM_NAME` (else `WM_NAME`),
/// `_NET_WM_WINDOW_TYPE`, geometry in root coordinates, and `_NET_ACTIVE_WINDOW`.
public struct WindowTracker {
    public let server: any WindowQueries

    public init(server: any WindowQueries) { self.server = server }

    /// Client windows, bottom of the stack first. Windows that vanish while being read are
    /// left out.
    public func clients() -> [WindowInfo] {
        let ids = server.numbers(server.root, "_NET_CLIENT_LIST_STACKING") ?? server.numbers(server.root, "_NET_CLIENT_LIST") ?? []
        let active = server.numbers(server.root, "_NET_ACTIVE_WINDOW")?.first
        return ids.compactMap { id in info(id, focused: id == active, probeTouch: true) }
    }

    /// `probeTouch`: also ask the server whether its program takes touches itself (a server
    /// grab and a round trip per window of its tree: done once, when the window is first read).
    public func info(_ id: XWindowID, focused: Bool = false, probeTouch: Bool = false) -> WindowInfo? {
        guard let frame = server.geometry(id) else { return nil }
        let hint = server.classHint(id)
        let title = server.text(id, "_NET_WM_NAME") ?? server.text(id, "WM_NAME") ?? ""
        var type = "normal"
        if let t = server.numbers(id, "_NET_WM_WINDOW_TYPE")?.first, let name = server.atomName(t) {
            type = name.replacingPrefix("_NET_WM_WINDOW_TYPE_").lowercased()
        }
        var info = WindowInfo(id: UInt64(id), windowClass: hint?.windowClass ?? "", instance: hint?.instance ?? "", title: title, type: type, frame: frame, focused: focused)
        if probeTouch {
            info.touch = server.touchSelectedByAnotherClient(in: id).map { $0 ? .own : .mouse }
            // Noted, not acted on: a Qt widgets program makes a mouse of touches in most of its
            // widgets but may take them itself in others (Qt's fingerpaint paints with them),
            // and from outside the process the two cannot be told apart; its touches stay its
            // own unless its profile says `touch: mouse`.
            if info.touch == .own, let toolkit = mouseMakingToolkit(id) { info.toolkit = toolkit.rawValue }
        }
        return info
    }

    /// The toolkit of a window's local process that selects touch events but mostly makes a
    /// mouse of them (``ProgramToolkit``): its `_NET_WM_PID`, trusted only when its
    /// `WM_CLIENT_MACHINE` is this host.
    private func mouseMakingToolkit(_ id: XWindowID) -> ProgramToolkit? {
        guard let pid = server.numbers(id, "_NET_WM_PID")?.first, pid > 0, pid < UInt(Int32.max),
              let machine = server.text(id, "WM_CLIENT_MACHINE"), machine == CurrentProcess.hostName else { return nil }
        return ProgramToolkit.of(pid: Int32(pid))
    }

    /// The client window under a point as the server stacks it: the top-level window there
    /// (the window manager's frame), then the window with `WM_STATE` in its subtree. A point
    /// on a window's decorations gives that window; a point on an unmanaged popup or on the
    /// root gives nil. (Hit-testing the client list against client geometry misses both.)
    public func clientWindow(at point: Point) -> XWindowID? {
        server.topLevelWindow(at: point).flatMap(client(within:))
    }

    /// The client windows in mapped top-level windows, bottom of the stack first, as the
    /// server stacks their frames (`XQueryTree` on the root). Unlike
    /// `_NET_CLIENT_LIST_STACKING` this is right on every window manager: fluxbox's is in
    /// the order the windows were created. Only managed clients (`_NET_CLIENT_LIST`) count.
    public func mappedClientsBottomToTop() -> [XWindowID] {
        let managed = Set(server.numbers(server.root, "_NET_CLIENT_LIST") ?? [])
        return server.children(of: server.root)
            .filter { server.isMapped($0) }
            .compactMap(client(within:))
            .filter { managed.contains($0) }
    }

    /// The window with `WM_STATE` in a top-level window's subtree (the frame's client), nil
    /// when there is none (an unmanaged window, the window manager's own).
    func client(within top: XWindowID) -> XWindowID? {
        var queue = [top]
        var visited = 0
        // Frames are shallow; the bound keeps a pathological tree from stalling the loop.
        while !queue.isEmpty, visited < 64 {
            let w = queue.removeFirst()
            visited += 1
            if server.numbers(w, "WM_STATE") != nil { return w }
            queue += server.children(of: w)
        }
        return nil
    }

    /// Whether a point over `topLevel` (a child of root) is on a window manager's decorations:
    /// `topLevel` is a frame holding a client (the window with `WM_STATE` in its subtree) and
    /// the point is outside that client. An unmanaged popup, a client that is its own
    /// top-level (no reparenting) and the bare root are not decorations.
    public func isDecoration(_ topLevel: XWindowID, at point: Point) -> Bool {
        guard topLevel != 0, topLevel != server.root, server.numbers(topLevel, "WM_STATE") == nil else { return false }
        var queue = server.children(of: topLevel)
        var visited = 0
        while !queue.isEmpty, visited < 64 {
            let w = queue.removeFirst()
            visited += 1
            if server.numbers(w, "WM_STATE") != nil {
                guard let client = server.geometry(w) else { return false }
                return !client.contains(point)
            }
            queue += server.children(of: w)
        }
        return false
    }

    public var activeWindow: XWindowID? { server.numbers(server.root, "_NET_ACTIVE_WINDOW")?.first.flatMap { $0 == 0 ? nil : $0 } }
    public var currentDesktop: Int? { server.numbers(server.root, "_NET_CURRENT_DESKTOP")?.first.map { Int($0) } }
    public var numberOfDesktops: Int? { server.numbers(server.root, "_NET_NUMBER_OF_DESKTOPS")?.first.map { Int($0) } }
    /// Whether a window manager that speaks EWMH runs (`_NET_SUPPORTING_WM_CHECK` on root).
    public var hasWindowManager: Bool { server.numbers(server.root, "_NET_SUPPORTING_WM_CHECK")?.first.map { $0 != 0 } ?? false }

    /// Whether a managed window cannot be seen, so that it takes no touches: unmapped (a window
    /// manager unmaps windows on other desktops and minimized ones), iconic or withdrawn
    /// (`WM_STATE`: i3 keeps a window mapped in an unmapped frame on its scratchpad and on
    /// workspaces out of sight, and marks it Withdrawn),
    /// `_NET_WM_STATE_HIDDEN`, or on a desktop other than the current one (`_NET_WM_DESKTOP`;
    /// 0xFFFFFFFF is every desktop). Each window manager sets some of these, none all.
    public func isHidden(_ id: XWindowID, currentDesktop: Int?) -> Bool {
        if !server.isMapped(id) { return true }
        if let state = server.numbers(id, "WM_STATE")?.first, state == 3 || state == 0 { return true }  // IconicState, WithdrawnState
        if server.numbers(id, "_NET_WM_STATE")?.contains(server.atom("_NET_WM_STATE_HIDDEN")) == true { return true }
        if let current = currentDesktop, let desktop = server.numbers(id, "_NET_WM_DESKTOP")?.first, desktop != 0xFFFF_FFFF, Int(truncatingIfNeeded: desktop) != current {
            return true
        }
        return false
    }

    /// The atoms of `_NET_WM_STATE`, by name.
    public func states(_ id: XWindowID) -> [String] {
        (server.numbers(id, "_NET_WM_STATE") ?? []).compactMap { server.atomName($0) }
    }
}

extension String {
    func replacingPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}
