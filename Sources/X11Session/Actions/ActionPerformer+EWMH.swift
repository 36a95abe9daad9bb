import GestureProfiles

/// Window and desktop actions: EWMH requests to the window manager.
extension ActionPerformer {
    private static let remove = 0, add = 1, toggle = 2
    private static let sourcePager = pagerSourceIndication

    func windowRequest(_ op: WindowOperation, _ window: XWindowID) {
        let vert = Int(server.atom("_NET_WM_STATE_MAXIMIZED_VERT")), horz = Int(server.atom("_NET_WM_STATE_MAXIMIZED_HORZ"))
        let full = Int(server.atom("_NET_WM_STATE_FULLSCREEN"))
        let states = server.numbers(window, "_NET_WM_STATE") ?? []
        switch op {
        case .close: server.sendRootMessage(about: window, type: "_NET_CLOSE_WINDOW", data: [0, Self.sourcePager])
        case .minimize: server.sendRootMessage(about: window, type: "WM_CHANGE_STATE", data: [3])  // IconicState
        case .maximize:
            server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.add, vert, horz, Self.sourcePager])
            bringForward(window, after: op)
        case .unmaximize: server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.remove, vert, horz, Self.sourcePager])
        case .toggleMaximize:
            // Fully maximized, the toggle restores it: see `bringForward` for why that does not raise.
            let restores = states.contains(UInt(vert)) && states.contains(UInt(horz))
            server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.toggle, vert, horz, Self.sourcePager])
            if restores { logger.debug("window \(Self.hex(window)): toggle-maximize restores it: not raised") } else { bringForward(window, after: op) }
        case .fullscreen:
            server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.add, full, 0, Self.sourcePager])
            bringForward(window, after: op)
        case .toggleFullscreen:
            let leaves = states.contains(UInt(full))
            server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.toggle, full, 0, Self.sourcePager])
            if leaves { logger.debug("window \(Self.hex(window)): toggle-fullscreen leaves fullscreen: not raised") } else { bringForward(window, after: op) }
        case .raise: server.requestActivation(of: window, time: server.freshTimestamp())
        }
        server.flush()
    }

    /// A window maximized or made fullscreen is activated too, so that it comes on top:
    /// openbox, fluxbox and xfwm4 enlarge it where it is stacked, leaving it behind the
    /// windows that were above it (only marco raises it). Restoring never raises: the user
    /// asks for less of the window, and a maximized window is usually on top already; an
    /// activation would also move the focus, which restoring does not ask for.
    private func bringForward(_ window: XWindowID, after op: WindowOperation) {
        server.requestActivation(of: window, time: server.freshTimestamp())
        logger.debug("window \(Self.hex(window)): \(op.rawValue), then _NET_ACTIVE_WINDOW to bring it on top (most window managers leave it where it was stacked)")
    }

    static func hex(_ window: XWindowID) -> String { "0x" + String(window, radix: 16) }

    func desktopRequest(_ op: DesktopOperation) {
        let tracker = WindowTracker(server: server)
        switch op {
        case .show:
            showDesktop()
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
