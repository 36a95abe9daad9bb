import GestureEngine

/// The one change of mode after start (``TouchMode``): the window manager that held the
/// root's touch grab goes away, and the grab becomes Tactus's. See ``TouchOwnership``.
///
/// A passive grab belongs to its client, and the server frees it with everything else of the
/// client's when the client goes (dix/dispatch.c `CloseDownClient` → `FreeClientResources`).
/// The window manager's check window (`_NET_SUPPORTING_WM_CHECK`, a child of the root) goes
/// with its client, and its DestroyNotify reaches us through the root's SubstructureNotify,
/// which the grabs on the top-level windows follow already. muffin and mutter hold the touch
/// grab on another connection than the check window (their backend's, Clutter's, beside
/// GDK's): that one closes when the process exits, a moment later, and nothing we see says
/// when. So the grab is tried at once and then again every ``rootGrabRetryInterval`` for
/// ``longestRootGrabWait`` at most. A window manager started after that finds the grab taken,
/// as when Tactus starts first, and works below it.
extension TouchOwnership {
    /// A window was destroyed: when it was the window manager's check window, its client is
    /// gone, and the root's grab is tried.
    func windowManagerWindowDestroyed(_ window: XWindowID) {
        guard mode == .afterWindowManager, let check = windowManagerCheck, check == window else { return }
        logger.debug("the window manager's check window 0x\(String(window, radix: 16)) was destroyed: the window manager may be gone")
        tryRootGrabUntilItIsFree(at: timeline.now)
    }

    /// How often the root's grab is tried while a window manager that is going still holds it.
    static let rootGrabRetryInterval = 0.05
    /// How long it is tried, at most: a window manager's process that outlives its check
    /// window by more is taken to be there still (it holds the grab on another connection).
    static let longestRootGrabWait = 5.0

    /// Tries the root's grab now and, refused, again until ``longestRootGrabWait`` has passed.
    func tryRootGrabUntilItIsFree(at now: Instant) {
        if takeRootGrabIfFree() { return }
        rootGrabRetry = (next: now + Self.rootGrabRetryInterval, until: now + Self.longestRootGrabWait)
    }

    /// A retry of the root's grab is due (the router's settle).
    func retryRootGrab(at now: Instant) {
        guard let retry = rootGrabRetry, retry.next <= now else { return }
        if takeRootGrabIfFree() { return }
        if now >= retry.until {
            rootGrabRetry = nil
            logger.debug("the touch grab on the root window is still another client's \(Int(Self.longestRootGrabWait)) s after the window manager's check window went: Tactus stays below it")
        } else {
            rootGrabRetry = (next: now + Self.rootGrabRetryInterval, until: retry.until)
        }
    }

    /// The root's `_NET_SUPPORTING_WM_CHECK` changed: a window manager quit (deleting it) or
    /// another replaced it. The root's grab is tried; while it is not ours, the new check
    /// window is the one watched.
    func windowManagerCheckChanged() {
        guard mode == .afterWindowManager else { return }
        tryRootGrabUntilItIsFree(at: timeline.now)
        guard mode == .afterWindowManager else { return }
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
        rootGrabRetry = nil
        enter(next)
        server.flush()
        logger.info("the client that held the touch grab on the root window (the window manager) is gone: touch grab on root taken, touches are decided by the gestures (touch \(next.rawValue); \(dropped) grabs on top-level windows dropped)")
        return true
    }
}
