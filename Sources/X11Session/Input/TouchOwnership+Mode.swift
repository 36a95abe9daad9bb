/// The one change of mode after start (``TouchMode``): the window manager that held the
/// root's touch grab goes away, and the grab becomes Tactus's. See ``TouchOwnership``.
///
/// A passive grab belongs to its client, and the server frees it with everything else of the
/// client's when the client goes (dix/dispatch.c `CloseDownClient` → `FreeClientResources`),
/// before it reads the next request of any other client. The window manager's check window
/// (`_NET_SUPPORTING_WM_CHECK`, a child of the root in muffin and mutter) goes with it, and its
/// DestroyNotify reaches us through the root's SubstructureNotify, which the grabs on the
/// top-level windows follow already: by the time it is read, `XIGrabTouchBegin` on the root
/// succeeds. A window manager started after that finds the grab taken, as when Tactus starts
/// first, and works below it.
extension TouchOwnership {
    /// A window was destroyed: when it was the window manager's check window, its client is
    /// gone, and the root's grab is tried.
    func windowManagerWindowDestroyed(_ window: XWindowID) {
        guard mode == .afterWindowManager, let check = windowManagerCheck, check == window else { return }
        logger.debug("the window manager's check window 0x\(String(window, radix: 16)) was destroyed: the window manager may be gone")
        takeRootGrabIfFree()
    }

    /// The root's `_NET_SUPPORTING_WM_CHECK` changed: a window manager quit (deleting it) or
    /// another replaced it. The root's grab is tried; while it is not ours, the new check
    /// window is the one watched.
    func windowManagerCheckChanged() {
        guard mode == .afterWindowManager else { return }
        if takeRootGrabIfFree() { return }
        windowManagerCheck = surroundings.windowManager()?.check
        logger.debug("the window manager changed\(windowManagerCheck.map { " (check window 0x\(String($0, radix: 16)))" } ?? ""); another client still holds the touch grab on the root window")
    }

    /// Below a window manager's grab: takes the root's grab if its holder is gone, and becomes
    /// the owner; the grabs on the top-level windows are dropped (each touch would otherwise
    /// come through two grabs of ours). Touches under way keep the grab they came through.
    @discardableResult
    func takeRootGrabIfFree() -> Bool {
        guard let next = mode.windowManagerLeft(rootGrabbed: { server.grabTouchBegin() }) else { return false }
        for window in grabbedTopLevels { server.ungrabTouchBegin(on: window) }
        let dropped = grabbedTopLevels.count
        grabbedTopLevels = []
        windowManagerCheck = nil
        enter(next)
        server.flush()
        logger.info("the client that held the touch grab on the root window (the window manager) is gone: touch grab on root taken, touches are decided by the gestures (touch \(next.rawValue); \(dropped) grabs on top-level windows dropped)")
        return true
    }
}
