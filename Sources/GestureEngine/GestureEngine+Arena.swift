/// The engine's side of arbitration: what recognizers reported during a call goes to the
/// arena, and what the arena decides is carried out here, at once and in order.
extension GestureEngine {
    /// After a recognizer's call, when it reported, ignored or set a deadline: those take
    /// effect now (ignores first, so a claim never takes a touch the recognizer let go).
    func attend(to r: GestureRecognizer) {
        r.needsAttention = false
        if r.deadlineChanged {
            r.deadlineChanged = false
            deadlinesChanged()
        }
        if !r.pendingIgnores.isEmpty { applyIgnores(of: r) }
        if r.hasPendingReport { applyReports(of: r) }
    }

    func applyIgnores(of r: GestureRecognizer) {
        for t in r.takeIgnores() {
            if let record = record(of: t) { arena.ignore(r, record.entry) }
        }
    }

    func applyReports(of r: GestureRecognizer) {
        while let wanted = r.takeReport() {
            arena.request(r, wanted, delegate: self)
        }
        r.isHeld = arena.isHeld(r)
    }

    /// Stops a recognizer from outside (disabled, removed, its window gone).
    func stop(_ r: GestureRecognizer) {
        arena.stop(r, delegate: self)
    }

    func decide(_ record: TouchRecord, _ verdict: TouchVerdict, _ reason: DecisionReason) {
        guard arena.decide(record.entry, verdict) else { return }
        let decision = TouchDecision(id: record.touch.id, verdict: verdict, reason: reason, touchBegan: record.entry.beganAt, time: now)
        decisionSink?.touchDecided(decision)
        if isObserved { emit(.verdict(decision)) }
    }

    /// Why nothing claims the touch any more (it is being released).
    func releaseReason(_ record: TouchRecord) -> DecisionReason {
        let entry = record.entry
        if record.viewRemoved || record.touch.view?.engine !== self { return .windowClosed }
        if record.touch.phase == .cancelled { return .cancelled }
        if entry.offeredCount == 0 { return .noGesture }
        if !entry.wasWanted { return .notCancelling }
        if entry.members.isEmpty { return .ignored }
        return .allFailed
    }

}

/// What the arena's decisions imply, carried out at once, in order.
extension GestureEngine: ArenaDelegate {
    func arena(didMove r: GestureRecognizer, from: GestureState, to: GestureState) {
        r.isHeld = false
        if to.isTerminal {
            if r.deadline != nil {
                r.deadline = nil
                deadlinesChanged()
            }
            resetSweepNeeded = true
        }
        if isObserved { emit(.state(r, from: from, to: to, time: now, reset: false)) }
    }

    func arena(claimTouchesOf r: GestureRecognizer) {
        claimTouches(of: r)
    }

    func arena(fire r: GestureRecognizer, _ state: GestureState) {
        queueAction(ActionEvent(source: .gesture(r), state: state, values: r.values, time: now))
    }

    func arena(report error: EngineError) {
        report(error)
        if case .illegalTransition(let g, let from, let to) = error, trapsOnIllegalTransition {
            assertionFailure("illegal transition of \(g): \(from) -> \(to)")
        }
    }

    /// §5 step 3: each view under the recognizer's touches, from the touch's view up to but
    /// excluding the recognizer's own view, may veto its start (controls take precedence, §7).
    func arena(viewsAllowBegin r: GestureRecognizer) -> Bool {
        for t in r.touches {
            let onThumb = record(of: t)?.beganOnControlThumb ?? false
            var v = t.view
            while let current = v, current !== r.view {
                if !current.gestureRecognizerShouldBegin(r, touch: t, beganOnThumb: onThumb) { return false }
                v = current.superview
            }
        }
        return true
    }
}
