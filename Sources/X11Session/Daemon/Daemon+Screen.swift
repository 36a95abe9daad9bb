import GestureEngine
import GestureProfiles

/// The screen while the daemon runs: its size and monitors, fed to the session (and so to a
/// recording) as they change, and the touchscreens of `settings.touchscreens` mapped onto
/// their monitors (not while only observing: `record` changes nothing).
extension Daemon {
    /// Reads the screen and its monitors again (at start, after the router read the devices,
    /// and on every XRandR change).
    func followScreen(at t: Instant, starting: Bool = false) {
        let changes = screen.refresh()
        for event in changes { router.feed(event, at: t) }
        let remapped = mapTouchscreens()
        // The devices' matrices place raw touches: read them again when they may have changed
        // (ours, or a desktop's own remapping after a monitor change).
        if remapped || (!changes.isEmpty && !starting) { router.refreshDevices() }
    }

    /// Applies `settings.touchscreens`; whether a device's matrix changed.
    @discardableResult
    func mapTouchscreens() -> Bool {
        guard !options.observeOnly else { return false }
        return screen.mapTouchscreens(configuration.settings.touchscreens)
    }
}
