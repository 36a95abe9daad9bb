/// The engine after each event or deadline: what was withheld is delivered, verdicts now
/// known are given, actions run, recognizers whose sequence is over are reset; and what
/// happens when the tree of views or recognizers changes under a gesture.
extension GestureEngine {
    /// Delivers what is no longer withheld, gives verdicts that are now known, runs the
    /// queued actions, and resets recognizers whose sequence is over.
    func settle() {
        var rounds = 0
        repeat {
            rounds += 1
            for record in liveTouches { releaseWithheld(record) }
            for record in liveTouches where record.entry.verdict == nil && !record.entry.isWanted {
                decide(record, .released, releaseReason(record))
            }
            if touchFinishedSinceSweep {
                liveTouches.removeAll {
                    !$0.touch.isActive && $0.entry.verdict != nil && ($0.delivery.finished || $0.touch.view?.engine !== self)
                }
                touchFinishedSinceSweep = liveTouches.contains { !$0.touch.isActive }
            }
            runPendingActions()
            resetFinishedRecognizers()
        } while !pendingActions.isEmpty && rounds < 8
    }

    func runPendingActions() {
        guard !pendingActions.isEmpty else { return }
        swap(&pendingActions, &runningActions)
        for a in runningActions {
            if isObserved { emit(.action(a)) }
            switch a.source {
            case .gesture(let r): r.runActions(a)
            case .control(let v): v.controlActionHandler?(a)
            }
        }
        runningActions.removeAll(keepingCapacity: true)
    }

    func resetFinishedRecognizers() {
        guard resetSweepNeeded else { return }
        resetSweepNeeded = false
        var i = 0
        while i < arena.contenders.count {
            let r = arena.contenders[i]
            // Most recognizers are mid-gesture: decide that before touching the (weak) view.
            if r.touchesDown > 0 || r.state.isInProgress || (r.state == .possible && (arena.isHeld(r) || r.deadline != nil)) {
                i += 1
                continue
            }
            let touchesInView = r.view.map { $0.activeTouchCount } ?? 0
            if touchesInView == 0, r.state == .possible, r.touches.isEmpty {
                // It ignored every touch it was given: nothing happened, nothing to log.
                arena.leave(r)
                r.resetForNewSequence()
                deadlinesChanged()
                continue
            }
            if touchesInView == 0, r.state == .possible {
                // Nothing left to wait for, yet undecided: a recognizer bug. Survive it.
                report(.leftUndecided(gesture: r.name))
                stop(r)
            }
            if touchesInView == 0 && r.state.isTerminal {
                arena.leave(r)
                endSequence(of: r)
                continue
            }
            i += 1
        }
    }

    /// Back to a fresh `possible` (the reset of semantics.md §1), logged as a reset.
    func endSequence(of r: GestureRecognizer) {
        deadlinesChanged()
        let old = r.state
        r.resetForNewSequence()
        r.state = .possible
        emit(.state(r, from: old, to: .possible, time: now, reset: true))
    }

    /// The earliest deadline, recomputed only after some deadline changed (most events
    /// change none, and this runs before every event).
    func earliestDeadline() -> (GestureRecognizer, Instant)? {
        if deadlineCacheValid { return cachedDeadline }
        var best: (GestureRecognizer, Instant)?
        for r in arena.contenders {
            if let d = r.deadline, best == nil || d < best!.1 { best = (r, d) }
        }
        cachedDeadline = best
        deadlineCacheValid = true
        return best
    }

    func deadlinesChanged() {
        deadlineCacheValid = false
        resetSweepNeeded = true
    }

    /// Stops a recognizer that was disabled mid-gesture (§2.5).
    func recognizerWasDisabled(_ r: GestureRecognizer) {
        guard r.arenaSlot >= 0 else { return }
        stop(r)
        if !isProcessing { settle() }
    }

    func recognizerWillBeRemoved(_ r: GestureRecognizer) {
        if r.arenaSlot >= 0 {
            stop(r)
            // It will not be reset through its view any more: do it now.
            arena.leave(r)
            endSequence(of: r)
        }
        if !isProcessing { settle() }
    }

    /// A view (a window that vanished) leaves the tree: its recognizers stop, and its
    /// touches are no longer delivered anywhere.
    func viewWillBeRemoved(_ v: View) {
        for record in liveTouches where record.touch.view?.isDescendant(of: v) == true {
            record.delivery.finish()
            record.viewRemoved = true
        }
        for r in arena.contenders where r.view?.isDescendant(of: v) == true {
            stop(r)
        }
        if !isProcessing { settle() }
    }
}
