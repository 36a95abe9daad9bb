import CX11

/// Manager selections, as ICCCM §2.8 describes them (window managers own `WM_Sn`,
/// compositors `_NET_WM_CM_Sn`): the server itself says which client holds a screen.
extension XlibServer {
    /// The connection's default screen number (the `n` of a per-screen selection).
    public var screenNumber: Int { Int(XDefaultScreen(display)) }

    /// Takes the selection `name` for a new window of ours that carries `pid` in `_NET_WM_PID`,
    /// unless another client owns it. Checking and taking happen under a server grab, so two
    /// daemons starting together cannot both see it free.
    public func claimSelection(_ name: String, pid: Int32) -> SelectionClaim {
        let selection = Atom(atom(name))
        XGrabServer(display)
        defer {
            XUngrabServer(display)
            XSync(display, 0)
        }
        let holder = XGetSelectionOwner(display, selection)
        if holder != 0 {
            return .heldBy(window: XWindowID(holder), pid: numbers(XWindowID(holder), "_NET_WM_PID")?.first.map { Int32(truncatingIfNeeded: $0) })
        }
        let window = XCreateSimpleWindow(display, Window(root), -10, -10, 1, 1, 0, 0, 0)
        var pidValue = CLong(pid)
        _ = withUnsafeBytes(of: &pidValue) { bytes in
            XChangeProperty(display, window, Atom(atom("_NET_WM_PID")), Atom(XA_CARDINAL), 32, PropModeReplace, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        XStoreName(display, window, "tactus")
        // ICCCM: a real timestamp, never CurrentTime.
        XSetSelectionOwner(display, selection, window, Time(serverTime()))
        guard XGetSelectionOwner(display, selection) == window else {
            XDestroyWindow(display, window)
            return .heldBy(window: 0, pid: nil)
        }
        return .taken(window: XWindowID(window))
    }

    /// The pid the owner of selection `name` announces (nil: no owner, or it does not say).
    public func selectionOwner(_ name: String) -> (window: XWindowID, pid: Int32?)? {
        let owner = XGetSelectionOwner(display, Atom(atom(name)))
        guard owner != 0 else { return nil }
        return (XWindowID(owner), numbers(XWindowID(owner), "_NET_WM_PID")?.first.map { Int32(truncatingIfNeeded: $0) })
    }

    /// A conversion of a selection we own: we offer no targets, so the answer is a refusal
    /// (property None), which the requestor waits for.
    func refuseSelectionRequest(_ request: XSelectionRequestEvent) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = display
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.property = 0
        reply.xselection.time = request.time
        XSendEvent(display, request.requestor, 0, 0, &reply)
        XFlush(display)
    }
}

/// The outcome of ``XlibServer/claimSelection(_:pid:)``.
public enum SelectionClaim: Equatable, Sendable {
    /// Ours: the window that owns it.
    case taken(window: XWindowID)
    /// Another client's: its window and the pid it announces (nil when it does not).
    case heldBy(window: XWindowID, pid: Int32?)
}
