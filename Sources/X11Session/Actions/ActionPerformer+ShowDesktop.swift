/// `desktop: show` (``DesktopShowing``), and what the log says of it.
extension ActionPerformer {
    func showDesktop() {
        guard WindowTracker(server: server).hasWindowManager else {
            return logger.debug("desktop show: no EWMH window manager runs: nothing to hide")
        }
        let step = desktopShowing.toggle()
        if step.byHand, !toldShowDesktopByHand {
            toldShowDesktopByHand = true
            logger.info("desktop show: the window manager lacks _NET_SHOWING_DESKTOP (not in _NET_SUPPORTED): Tactus hides the windows itself (minimizes the current desktop's windows; the next desktop show brings them back)")
        }
        logger.debug("\(step)")
        switch step.change {
        case .windowManagersMode(let on): expectShowingDesktop(on)
        case .hid(let windows):
            expectHidden(windows, true, what: "minimize \(Self.count(windows)) (desktop show by hand)", done: "minimized \(Self.count(windows)) (desktop show by hand)")
        case .restored(let windows, _, _):
            expectHidden(windows, false, what: "bring back \(Self.count(windows)) (desktop show by hand)", done: "brought back \(Self.count(windows)) (desktop show by hand)")
        case .nothingToHide: break
        }
    }

    private static func count(_ windows: [XWindowID]) -> String { windows.count == 1 ? "the window \(hex(windows[0]))" : "\(windows.count) windows" }

    /// A window was mapped or destroyed (`MapNotify`, `DestroyNotify`): a desktop show may be
    /// waiting for the windows it brought back.
    public func windowMappedOrGone(_ window: XWindowID) {
        if let note = desktopShowing.windowMappedOrGone(window) { logger.debug("\(note)") }
    }
}
