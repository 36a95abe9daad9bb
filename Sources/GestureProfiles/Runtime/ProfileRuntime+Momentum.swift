import GestureEngine

/// A flick's scrolling going on after the lift (``ScrollMomentum``), one engine timer per
/// wheel step; the next touch stops it, and so do its window closing and a reload.
struct RunningMomentum {
    var id: Int
    var momentum: ScrollMomentum
    var timer: Int
    var gesture: String
    var window: WindowInfo?
    var values: GestureValues
}

extension ProfileRuntime {
    /// Starts the glide of a `scroll: { kinetic: true }` gesture that ended at `event`
    /// (nothing when it lifted too slowly to glide a step).
    func startMomentum(_ steps: ScrollSteps, gesture: String, window: WindowInfo?, event: ActionEvent) {
        guard let m = ScrollMomentum(steps: steps, translation: event.values.translation, velocity: event.values.velocity,
                                     at: event.time, location: event.values.location),
              let due = m.nextStep() else { return }
        lastMomentumID += 1
        let id = lastMomentumID
        let timer = engine.schedule(at: due) { [unowned self] t in self.momentumStep(id, at: t) }
        momenta.append(RunningMomentum(id: id, momentum: m, timer: timer, gesture: gesture, window: window, values: event.values))
    }

    /// A glide's step is due: its wheel steps, then the next timer (or its end).
    private func momentumStep(_ id: Int, at time: Instant) {
        guard let i = momenta.firstIndex(where: { $0.id == id }) else { return }
        let directions = momenta[i].momentum.advance(to: time)
        let running = momenta[i]
        for d in directions {
            emit(.scroll(d), gesture: running.gesture, state: .ended, window: running.window, values: running.values, time: time)
        }
        if let next = momenta[i].momentum.nextStep() {
            momenta[i].timer = engine.schedule(at: next) { [unowned self] t in self.momentumStep(id, at: t) }
        } else {
            momenta.remove(at: i)
        }
    }

    /// Stops every glide (a touch landed: as on a phone, a finger stops the content), or
    /// those on one window (it closed).
    public func stopMomentum(onWindow window: UInt64? = nil) {
        for m in momenta where window == nil || m.window?.id == window { engine.cancelTimer(m.timer) }
        momenta.removeAll { window == nil || $0.window?.id == window }
    }

    /// Whether a flick's scrolling still glides.
    public var isGliding: Bool { !momenta.isEmpty }
}
