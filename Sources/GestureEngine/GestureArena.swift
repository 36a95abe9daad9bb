/// Decides what becomes of the recognizers' reports (semantics.md §3–§5): failure
/// requirements with held transitions, `shouldBegin`, the views' veto (controls),
/// exclusion and simultaneity. Recognizers never see each other; only the arena does.
final class GestureArena {
    /// The engine owns the arena; an unowned(unsafe) back-pointer avoids refcounting on
    /// every report (the engine is referenced weakly elsewhere, which makes its refcount slow).
    unowned(unsafe) let engine: GestureEngine
    /// Recognizers whose wanted transition is held by an unresolved requirement.
    private(set) var held: [GestureRecognizer] = []
    private var markGeneration = 0

    init(engine: GestureEngine) {
        self.engine = engine
        held.reserveCapacity(16)
    }

    // MARK: Reports from recognizers

    func request(_ r: GestureRecognizer, _ wanted: GestureState) {
        let from = r.state
        guard !from.isTerminal else { return }  // finished for this sequence: nothing more counts
        if from == .possible {
            switch wanted {
            case .possible:
                return
            case .failed:
                stop(r)
            case .began where r.isContinuous, .ended where !r.isContinuous:
                attempt(r, wanted)
            default:
                engine.reportIllegal(r, from: from, to: wanted)
            }
            return
        }
        guard GestureState.isLegalTransition(from: from, to: wanted, continuous: r.isContinuous) else {
            engine.reportIllegal(r, from: from, to: wanted)
            return
        }
        engine.commit(r, to: wanted)
        engine.queueAction(r, wanted)
        if wanted == .cancelled { resolved(r) }
    }

    /// Stops `r` from outside: failed if possible, cancelled if in progress.
    func stop(_ r: GestureRecognizer) {
        switch r.state {
        case .possible:
            unhold(r)
            engine.commit(r, to: .failed)
            resolved(r)
        case .began, .changed:
            engine.commit(r, to: .cancelled)
            engine.queueAction(r, .cancelled)
            resolved(r)
        default:
            break
        }
    }

    // MARK: Leaving possible (semantics.md §5)

    private func attempt(_ r: GestureRecognizer, _ wanted: GestureState) {
        // (1) Failure requirements: hold while one is unresolved; fail if one won.
        switch requirementStatus(of: r) {
        case .wonByRequired:
            stop(r)
            return
        case .waiting(let b):
            if waitsTransitively(from: b, to: r) {
                engine.report(.requirementCycle(gesture: r.name, waitingOn: b.name))
                stop(r)
                return
            }
            r.heldTransition = wanted
            if !held.contains(where: { $0 === r }) { held.append(r) }
            return
        case .clear:
            unhold(r)
        }
        // (2) The recognizer's own shouldBegin.
        if let hook = r.shouldBeginHook, !hook(r) {
            stop(r)
            return
        }
        // (3) Each view under its touches, up to but excluding its own view (controls, §7).
        for t in r.touches {
            var v = t.view
            while let current = v, current !== r.view {
                if !current.gestureRecognizerShouldBegin(r, touch: t) {
                    stop(r)
                    return
                }
                v = current.superview
            }
        }
        // (4) The winner is whoever left possible first: one already in progress on these
        // touches stops this one, unless they may run together.
        for t in r.touches {
            for x in t.receivers where x !== r && x.state.isInProgress && prevents(x, r) {
                stop(r)
                return
            }
        }
        // Commit, then exclusion, then the recognizers that required this one to fail,
        // then the view's copy of the touches, then the action (queued).
        engine.commit(r, to: wanted)
        for t in r.touches {
            for l in t.receivers where l !== r && !l.state.isTerminal && prevents(r, l) {
                stop(l)
            }
        }
        for a in engine.activeRecognizers where a !== r && a.state == .possible && requires(a, r) {
            stop(a)
        }
        if r.cancelsTouchesInView { engine.cancelTouchesInView(of: r) }
        engine.queueAction(r, wanted)
    }

    private enum RequirementStatus {
        case clear
        case waiting(GestureRecognizer)
        case wonByRequired
    }

    private func requirementStatus(of r: GestureRecognizer) -> RequirementStatus {
        var waitingOn: GestureRecognizer?
        func check(_ b: GestureRecognizer) -> Bool {
            guard b.inSequence, b.isEnabled else { return false }
            switch b.state {
            case .began, .changed, .ended: return true
            case .possible: if waitingOn == nil { waitingOn = b }
            default: break
            }
            return false
        }
        for b in r.failureRequirements where b !== r {
            if check(b) { return .wonByRequired }
        }
        for b in engine.activeRecognizers where b !== r && requiresByHook(r, b) {
            if check(b) { return .wonByRequired }
        }
        if let b = waitingOn { return .waiting(b) }
        return .clear
    }

    /// Whether `b` is (directly or through other held recognizers) waiting for `target`.
    private func waitsTransitively(from b: GestureRecognizer, to target: GestureRecognizer) -> Bool {
        markGeneration &+= 1
        return visit(b, target, markGeneration)
    }

    private func visit(_ b: GestureRecognizer, _ target: GestureRecognizer, _ mark: Int) -> Bool {
        if b === target { return true }
        guard b.heldTransition != nil, b.visitMark != mark else { return false }
        b.visitMark = mark
        for c in b.failureRequirements where c.state == .possible && c.inSequence {
            if visit(c, target, mark) { return true }
        }
        for c in engine.activeRecognizers where c.state == .possible && requiresByHook(b, c) {
            if visit(c, target, mark) { return true }
        }
        return false
    }

    private func unhold(_ r: GestureRecognizer) {
        guard r.heldTransition != nil else { return }
        r.heldTransition = nil
        if let i = held.firstIndex(where: { $0 === r }) { held.remove(at: i) }
    }

    /// `b` failed or was cancelled (our rule): held transitions waiting on it go on.
    private func resolved(_ b: GestureRecognizer) {
        markGeneration &+= 1
        let mark = markGeneration
        var i = 0
        while i < held.count {
            let a = held[i]
            if a.resolveMark != mark, a.state == .possible, let wanted = a.heldTransition, requires(a, b) {
                a.resolveMark = mark
                attempt(a, wanted)  // may change `held`: look again from the start
                i = 0
                continue
            }
            i += 1
        }
    }

    // MARK: Relations

    /// A requires B to fail (OR of the declaration and both hooks).
    func requires(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.failureRequirements.contains { $0 === b } || requiresByHook(a, b)
    }

    private func requiresByHook(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        (a.shouldRequireFailureHook?(a, b) ?? false) || (b.shouldBeRequiredToFailHook?(b, a) ?? false)
    }

    /// Whether `w`, winning, stops `l` (semantics.md §4).
    func prevents(_ w: GestureRecognizer, _ l: GestureRecognizer) -> Bool {
        if w.declaresSimultaneity(with: l) || l.declaresSimultaneity(with: w) { return false }
        return w.canPrevent(l) && l.canBePrevented(by: w)
    }
}
