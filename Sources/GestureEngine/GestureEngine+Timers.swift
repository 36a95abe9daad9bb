/// Timers for the layers above the engine (a flick's scrolling going on after the lift): run
/// by ``GestureEngine/advance(to:)`` at their time, like the recognizers' deadlines, so that
/// time stays an input — event timestamps and the injected clock, never a sleep — and a run
/// loop already wakes for them through ``GestureEngine/nextDeadline``.
struct EngineTimer {
    var id: Int
    var due: Instant
    var fire: (Instant) -> Void
}

extension GestureEngine {
    /// Runs `fire` with the time once `advance` reaches `due` (at once at the next advance
    /// when `due` is past). Returns the timer's id, for ``cancelTimer(_:)``.
    @discardableResult
    public func schedule(at due: Instant, _ fire: @escaping (Instant) -> Void) -> Int {
        lastTimerID += 1
        let timer = EngineTimer(id: lastTimerID, due: max(due, now), fire: fire)
        // Soonest first; timers of one time in the order they were set.
        let i = timers.firstIndex { $0.due > timer.due } ?? timers.endIndex
        timers.insert(timer, at: i)
        return timer.id
    }

    /// The timer will not run (nothing when it ran already or was cancelled).
    public func cancelTimer(_ id: Int) {
        timers.removeAll { $0.id == id }
    }

    /// Runs the soonest timer, due at `due`: the time moves there first.
    func runTimer(at due: Instant) {
        let timer = timers.removeFirst()
        now = max(now, due)
        timer.fire(now)
        settle()
    }
}
