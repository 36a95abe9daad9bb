import GestureProfiles

/// Window and desktop actions: EWMH requests to the window manager.
extension ActionPerformer {
    private static let remove = 0, add = 1, toggle = 2
    /// The "source indication" of EWMH: a pager or taskbar (obeyed more readily than an application).
    private static let sourcePager = 2

    func windowRequest(_ op: WindowOperation, _ window: XWindowID) {
        let vert = Int(server.atom("_NET_WM_STATE_MAXIMIZED_VERT")), horz = Int(server.atom("_NET_WM_STATE_MAXIMIZED_HORZ"))
        let full = Int(server.atom("_NET_WM_STATE_FULLSCREEN"))
        switch op {
        case .close: server.sendRootMessage(about: window, type: "_NET_CLOSE_WINDOW", data: [0, Self.sourcePager])
        case .minimize: server.sendRootMessage(about: window, type: "WM_CHANGE_STATE", data: [3])  // IconicState
        case .maximize: server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.add, vert, horz, Self.sourcePager])
        case .unmaximize: server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.remove, vert, horz, Self.sourcePager])
        case .toggleMaximize: server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.toggle, vert, horz, Self.sourcePager])
        case .fullscreen: server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.add, full, 0, Self.sourcePager])
        case .toggleFullscreen: server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.toggle, full, 0, Self.sourcePager])
        case .raise: server.sendRootMessage(about: window, type: "_NET_ACTIVE_WINDOW", data: [Self.sourcePager, 0, 0])
        }
        server.flush()
    }

    func desktopRequest(_ op: DesktopOperation) {
        let tracker = WindowTracker(server: server)
        switch op {
        case .show:
            let showing = server.numbers(server.root, "_NET_SHOWING_DESKTOP")?.first ?? 0
            server.sendRootMessage(about: server.root, type: "_NET_SHOWING_DESKTOP", data: [showing == 0 ? 1 : 0])
        case .next, .previous, .number:
            let count = max(1, tracker.numberOfDesktops ?? 1)
            let current = tracker.currentDesktop ?? 0
            var target: Int
            switch op {
            case .next: target = (current + 1) % count
            case .previous: target = (current - 1 + count) % count
            case .number(let n): target = min(max(0, n), count - 1)
            default: target = current
            }
            if target < 0 { target = 0 }
            lastDesktopSwitch = (current, target)
            server.sendRootMessage(about: server.root, type: "_NET_CURRENT_DESKTOP", data: [target, 0])
        }
        server.flush()
    }
}
