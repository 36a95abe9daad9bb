/// Which window manager the performer speaks to, and the events that may be its answers.
extension ActionPerformer {
    /// Reads which window manager runs (at start, and when another takes over) and says so
    /// once in the log.
    public func findWindowManager() {
        let found = WindowManagerIdentity.read(from: server)
        guard found != windowManager else { return }
        windowManager = found
        if !found.running {
            return logger.info("window manager: none runs (no _NET_SUPPORTING_WM_CHECK): window and desktop actions have no one to do them")
        }
        logger.info("window manager: \(found.displayName) — window and desktop actions are EWMH requests; Tactus checks that each took effect and warns when not")
    }

    /// An event from the server the loop handled: a window manager taking over (its root
    /// properties), or a change that may be the answer to a request (``ActionConfirmations``).
    public func observe(_ event: XInputEvent) {
        switch event {
        case .propertyChanged(let window, let atom, _):
            if window == server.root, WindowManagerIdentity.properties.contains(where: { server.atom($0) == atom }) { findWindowManager() }
            confirmations.changed(window)
        case .mapped(let window), .unmapped(let window):
            confirmations.changed(window)
        case .destroyed(let window):
            confirmations.windowGone(window)
        default:
            break
        }
    }

    /// How messages name a window: “title” (Class, 0x…).
    func windowName(_ window: XWindowID) -> String {
        let title = server.text(window, "_NET_WM_NAME") ?? server.text(window, "WM_NAME")
        let cls = server.classHint(window)?.windowClass
        let details = [cls, Self.hex(window)].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return "the window " + (title.map { "“\($0)” " } ?? "") + "(\(details))"
    }
}
