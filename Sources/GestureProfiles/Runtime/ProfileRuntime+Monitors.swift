import GestureEngine

/// Monitors: the screen view's edges follow them, a screen profile may be limited to one
/// (its gestures see only touches that start on it, its regions are measured from its
/// edges), a window profile may ask for the monitor its window is on, and `{monitor.*}`
/// names the one a gesture started on.
extension ProfileRuntime {
    /// Adds a monitor, or changes the one of that name.
    public func updateMonitor(_ monitor: Monitor) {
        if monitors.set(monitor) { monitorsChanged() }
    }

    /// The monitor of that name is gone.
    public func removeMonitor(named name: String) {
        if monitors.remove(name) { monitorsChanged() }
    }

    /// The monitor a gesture at `p` is on; without one there, the screen (nameless).
    func monitor(at p: Point) -> Monitor {
        monitors.monitor(at: p) ?? Monitor(name: "", frame: engine.root.frame)
    }

    private func monitorsChanged() {
        engine.root.monitors = monitors.all.map(\.frame)
        layOutScreenRegions()
        // A window's profile may depend on the monitor it is on: match each one again.
        for info in windows.all { updateWindow(info) }
    }

    /// Screen recognizers of a profile limited to a monitor receive only the touches that
    /// start on it (the monitor as it is when the touch starts).
    func limit(_ recognizers: [GestureRecognizer], to matcher: StringMatcher) {
        for r in recognizers {
            r.shouldReceiveHook = { [unowned self] _, touch in self.monitors.contains(touch.initialLocation, namedBy: matcher) }
        }
    }

    /// Each screen region in its screen or its monitor; a monitor that is not there hides
    /// the regions measured from it.
    func layOutScreenRegions() {
        for region in screenRegions {
            var parent = engine.root.frame
            if let matcher = region.monitor {
                guard let m = monitors.first(namedBy: matcher) else {
                    region.view.isHidden = true
                    continue
                }
                parent = m.frame
            }
            region.view.isHidden = false
            region.view.frame = region.spec.frame.resolve(in: parent)
        }
    }
}
