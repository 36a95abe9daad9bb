/// The gesture environment: takes touch events and time, hit-tests them against the view
/// tree, offers them to recognizers (deepest view first), lets the ``GestureArena`` arbitrate,
/// delivers what is left to the views (with delays and cancels), gives every touch its
/// verdict, and runs the actions after each event.
///
/// Single-threaded by design: one owner (the daemon's event loop, a test, `replay`) calls it.
public final class GestureEngine {
    /// The screen view; windows, regions and controls hang below it.
    public let root: View
    public let clock: EngineClock
    /// The time of the event or deadline being processed (never goes backwards).
    public private(set) var now: Instant

    /// Debug builds trap on an illegal transition (semantics.md §1); tests turn it off to
    /// check that the refusal is reported.
    public var trapsOnIllegalTransition: Bool = {
        var debug = false
        assert({ debug = true; return true }())
        return debug
    }()

    /// Two taps count as one multi-tap (for `Touch.tapCount`) within this time and distance.
    public var tapCountInterval = 0.35
    public var tapCountDistance = 40.0

    lazy var arena = GestureArena(engine: self)

    /// Touches still needing attention: down, undecided, or with a withheld delivery.
    private var liveTouches: [Touch] = []
    /// Recognizers with a sequence under way (received a touch since their last reset).
    private(set) var activeRecognizers: [GestureRecognizer] = []
    private var pendingActions: [ActionEvent] = []
    private var runningActions: [ActionEvent] = []
    private var observers: [GestureObserver] = []
    /// Receives every verdict (the engine's main output); see ``TouchDecisionSink``.
    public weak var decisionSink: TouchDecisionSink?
    private var lastTap: (location: Point, time: Instant, count: Int)?
    private var isProcessing = false
    /// Whether any observer listens: when none does, observations are not even built.
    private var isObserved = false
    /// Set when a touch ends, so the sweep of finished touches runs only when it can find one.
    private var touchFinishedSinceSweep = false
    private var deadlineCacheValid = false
    /// Set when a state turns terminal, a touch ends, or a deadline changes: only then can a
    /// recognizer's sequence be over.
    private var resetSweepNeeded = false
    private var cachedDeadline: (GestureRecognizer, Instant)?

    /// - Parameters:
    ///   - screen: the screen's frame; the root view covers it.
    ///   - clock: read by ``advanceToClock()``; events carry their own timestamps.
    public init(screen: Rect, clock: EngineClock) {
        root = View(name: "screen", frame: screen)
        self.clock = clock
        now = clock.now
        root.rootEngine = self
        liveTouches.reserveCapacity(16)
        activeRecognizers.reserveCapacity(32)
        pendingActions.reserveCapacity(32)
        runningActions.reserveCapacity(32)
    }

    deinit {
        // The unowned(unsafe) back-pointers must not outlive the engine.
        root.rootEngine = nil
        for r in activeRecognizers {
            r.sequenceEngine = nil
            r.inSequence = false
        }
    }

    public func addObserver(_ observer: GestureObserver) {
        observers.append(observer)
        isObserved = true
    }

    public func removeObserver(_ observer: GestureObserver) {
        observers.removeAll { $0 === observer }
        isObserved = !observers.isEmpty
    }

    // MARK: Input

    /// Processes one touch event. Deadlines due at or before its timestamp fire first.
    public func process(_ event: TouchEvent) {
        precondition(!isProcessing, "GestureEngine.process called re-entrantly (from an action?)")
        let t = sanitized(event.timestamp)
        advance(to: t)
        now = t
        isProcessing = true
        defer { isProcessing = false }

        var location = event.location
        if !location.x.isFinite || !location.y.isFinite { location = activeTouch(event.id)?.location ?? .zero }

        switch event.phase {
        case .began:
            if let stale = activeTouch(event.id) {
                // A begin for a touch that is down: the old one is lost; cancel it first.
                report(.unexpectedTouch(id: event.id, phase: .began))
                var cancel = event
                cancel.phase = .cancelled
                finish(stale, cancel, location: stale.location)
            }
            touchBegan(event, location: location)
        case .moved:
            guard let touch = activeTouch(event.id) else {
                report(.unexpectedTouch(id: event.id, phase: event.phase))
                return
            }
            touch.previousLocation = touch.location
            touch.location = location
            touch.timestamp = t
            touch.phase = .moved
            // The hottest loop of the engine. Each recognizer is kept alive by its view while
            // it is called, so the per-element retain/release is skipped. A recognizer may
            // `ignore` the touch (leaving this array) during its call: then the next one has
            // moved into its slot.
            var i = 0
            while i < touch.receivers.count {
                unowned(unsafe) let r = touch.receivers[i]
                if !r.state.isTerminal { r.touchMoved(touch) }
                if i < touch.receivers.count && touch.receivers[i] === r { i += 1 }
            }
            deliverEventPhase(of: touch)
        case .ended, .cancelled:
            guard let touch = activeTouch(event.id) else {
                report(.unexpectedTouch(id: event.id, phase: event.phase))
                return
            }
            finish(touch, event, location: location)
        }
        settle()
    }

    /// Runs every deadline due up to `instant`, in order, then sets the time to `instant`.
    public func advance(to instant: Instant) {
        let target = sanitized(instant)
        while let (r, due) = earliestDeadline(), due <= target {
            now = max(now, due)
            r.deadline = nil
            isProcessing = true
            if !r.state.isTerminal { r.deadlineReached(now) }
            isProcessing = false
            settle()
        }
        now = max(now, target)
    }

    /// Runs the deadlines due by the injected clock's time.
    public func advanceToClock() {
        advance(to: clock.now)
    }

    /// The next moment something happens without input: a run loop sleeps exactly until then.
    public var nextDeadline: Instant? { earliestDeadline()?.1 }

    /// Runs every pending deadline, however far ahead (end of a trace).
    public func drainDeadlines() {
        var guardCount = 0
        while let next = nextDeadline, guardCount < 100_000 {
            advance(to: next)
            guardCount += 1
        }
    }

    /// Shutting down: every touch still without a verdict is released (the application gets
    /// it), and the ids are returned so the caller can tell the server.
    @discardableResult
    public func releaseUndecidedTouches(reason: DecisionReason = .shutdown) -> [TouchID] {
        var released: [TouchID] = []
        for t in liveTouches where t.verdict == nil {
            decide(t, .released, reason)
            released.append(t.id)
        }
        return released
    }

    /// Touches with no verdict yet.
    public var undecidedTouches: [TouchID] { liveTouches.filter { $0.verdict == nil }.map(\.id) }

    /// Touches currently down.
    public var activeTouches: [Touch] { liveTouches.filter { $0.isActive } }

    // MARK: Touch lifecycle

    private func touchBegan(_ event: TouchEvent, location: Point) {
        var tapCount = 1
        if let last = lastTap, event.timestamp - last.time <= tapCountInterval,
           last.location.distance(to: location) <= tapCountDistance {
            tapCount = last.count + 1
        }
        var e = event
        e.location = location
        let touch = Touch(event: e, tapCount: tapCount)
        let hit = root.hitTest(location) ?? root
        touch.view = hit
        if let control = hit.control { touch.beganOnControlThumb = control.thumbRect(in: hit.frame).contains(location) }
        var v: View? = hit
        while let current = v {
            touch.path.append(current)
            current.activeTouchCount += 1
            v = current.superview
        }
        liveTouches.append(touch)

        // Who sees it: deepest view first, declaration order within a view (§2).
        for view in touch.path {
            for r in view.gestureRecognizers where !r.state.isTerminal && r.shouldReceive(touch) {
                touch.receivers.append(r)
                r.receive(touch)
                if !r.inSequence {
                    r.inSequence = true
                    r.sequenceEngine = self
                    activeRecognizers.append(r)
                    deadlinesChanged()
                }
            }
        }
        touch.wasWanted = touch.receivers.contains { $0.cancelsTouchesInView }
        touch.receivedCount = touch.receivers.count
        if hit.control != nil { decide(touch, .claimed, .claimedBy(hit.name)) }  // the control's own default gesture
        for r in touch.receivers where !r.state.isTerminal {
            if r.state.isInProgress && r.cancelsTouchesInView {
                // Joins a gesture that already owns its touches: never reaches the view.
                decide(touch, .claimed, .claimedBy(r.name))
                touch.delivery.finished = true
            }
            r.touchBegan(touch)
        }
        deliverEventPhase(of: touch)
    }

    /// The touch with this id that is down. A linear scan: there are rarely more than ten
    /// live touches, and comparing ids is cheaper than hashing them.
    private func activeTouch(_ id: TouchID) -> Touch? {
        for t in liveTouches where t.id == id && t.isActive { return t }
        return nil
    }

    private func finish(_ touch: Touch, _ event: TouchEvent, location: Point) {
        touch.previousLocation = touch.location
        touch.location = location
        touch.timestamp = now
        touch.phase = event.phase
        for v in touch.path { v.activeTouchCount -= 1 }
        for r in touch.receivers { r.touchesDown -= 1 }
        touchFinishedSinceSweep = true
        resetSweepNeeded = true
        if event.phase == .ended {
            lastTap = (location, now, touch.tapCount)
        }
        for r in touch.receivers where !r.state.isTerminal {
            if event.phase == .ended { r.touchEnded(touch) } else { r.touchCancelled(touch) }
        }
        deliverEventPhase(of: touch)
    }

    // MARK: State changes (called by the arena)

    func commit(_ r: GestureRecognizer, to new: GestureState) {
        let old = r.state
        guard GestureState.isLegalTransition(from: old, to: new, continuous: r.isContinuous) else {
            reportIllegal(r, from: old, to: new)
            return
        }
        r.state = new
        if new.isTerminal {
            r.deadline = nil
            resetSweepNeeded = true
        }
        if isObserved { emit(.state(r, from: old, to: new, time: now, reset: false)) }
    }

    func queueAction(_ r: GestureRecognizer, _ state: GestureState) {
        pendingActions.append(ActionEvent(source: .gesture(r), state: state, values: r.values, time: now))
    }

    func reportIllegal(_ r: GestureRecognizer, from: GestureState, to: GestureState) {
        report(.illegalTransition(gesture: r.name, from: from, to: to))
        if trapsOnIllegalTransition {
            assertionFailure("illegal transition of \(r.name): \(from) -> \(to)")
        }
    }

    func report(_ error: EngineError) {
        emit(.error(error, time: now))
    }

    /// `r` began or recognized with `cancelsTouchesInView`: the view's copy of its touches
    /// is cancelled (those already delivered), and the touches are claimed.
    func cancelTouchesInView(of r: GestureRecognizer) {
        for t in r.touches {
            if !t.delivery.finished {
                if t.delivery.beganDelivered { send(.cancelled, t) }
                t.delivery.finished = true
                t.delivery.beganWithheld = false
                t.delivery.endedWithheld = false
            }
            decide(t, .claimed, .claimedBy(r.name))
        }
    }

    private func decide(_ t: Touch, _ verdict: TouchVerdict, _ reason: DecisionReason) {
        guard t.verdict == nil else { return }
        t.verdict = verdict
        let decision = TouchDecision(id: t.id, verdict: verdict, reason: reason, touchBegan: t.beganAt, time: now)
        decisionSink?.touchDecided(decision)
        if isObserved { emit(.verdict(decision)) }
    }

    /// Why nothing claims `t` any more (it is being released).
    private func releaseReason(_ t: Touch) -> DecisionReason {
        if t.view?.engine !== self { return .windowClosed }
        if t.phase == .cancelled { return .cancelled }
        if !t.wasWanted { return .noGesture }
        if t.receivers.isEmpty && t.receivedCount > 0 { return .ignored }
        if t.receivers.contains(where: { !$0.cancelsTouchesInView && ($0.state.isInProgress || $0.state == .ended) }) { return .notCancelling }
        return .allFailed
    }

    // MARK: Delivery to views (§6)

    private func deliverEventPhase(of t: Touch) {
        // What an earlier touch had withheld goes first, so the view sees touches in order.
        for other in liveTouches where other !== t { releaseWithheld(other) }
        guard !t.delivery.finished else { return }
        let (blockBegan, blockEnded) = delays(of: t)
        switch t.phase {
        case .began:
            if blockBegan { t.delivery.beganWithheld = true } else { sendBegan(t) }
        case .moved:
            if t.delivery.beganWithheld {
                if blockBegan { t.delivery.movedWhileWithheld = true } else { sendBegan(t); send(.moved, t) }
            } else if t.delivery.beganDelivered {
                send(.moved, t)
            }
        case .ended:
            if t.delivery.beganWithheld || blockEnded {
                t.delivery.endedWithheld = true
            } else {
                if t.delivery.beganDelivered { send(.ended, t) }
                t.delivery.finished = true
            }
        case .cancelled:
            if t.delivery.beganDelivered { send(.cancelled, t) }
            t.delivery.finished = true
            t.delivery.beganWithheld = false
            t.delivery.endedWithheld = false
        }
    }

    /// Delivers what was withheld once nothing holds it any more.
    private func releaseWithheld(_ t: Touch) {
        guard !t.delivery.finished, t.delivery.beganWithheld || t.delivery.endedWithheld else { return }
        let (blockBegan, blockEnded) = delays(of: t)
        if t.delivery.beganWithheld && !blockBegan {
            sendBegan(t)
            if t.delivery.movedWhileWithheld || t.location != t.initialLocation { send(.moved, t) }
        }
        if t.delivery.endedWithheld && !t.delivery.beganWithheld && !blockEnded {
            send(.ended, t)
            t.delivery.endedWithheld = false
            t.delivery.finished = true
        }
    }

    private func delays(of t: Touch) -> (began: Bool, ended: Bool) {
        var began = false, ended = false
        for r in t.receivers where r.state == .possible {
            if r.delaysTouchesBegan { began = true }
            if r.delaysTouchesEnded { ended = true }
        }
        return (began, ended)
    }

    private func sendBegan(_ t: Touch) {
        t.delivery.beganWithheld = false
        t.delivery.movedWhileWithheld = false
        t.delivery.beganDelivered = true
        send(.began, t)
    }

    private func send(_ message: DeliveryMessage, _ t: Touch) {
        guard let view = t.view, view.engine === self else { return }  // the window is gone
        if isObserved { emit(.delivery(view, message, t.id, time: now)) }
        if var control = view.control {
            if let value = view.controlTracker.handle(message, touch: t, control: &control, frame: view.frame) {
                var values = GestureValues()
                values.location = t.location
                values.numberOfTouches = 1
                values.value = value
                pendingActions.append(ActionEvent(source: .control(view), state: .ended, values: values, time: now))
            }
            view.control = control
        }
    }

    // MARK: After each event or deadline

    /// Delivers what is no longer withheld, gives verdicts that are now known, runs the
    /// queued actions, and resets recognizers whose sequence is over.
    private func settle() {
        var rounds = 0
        repeat {
            rounds += 1
            for t in liveTouches { releaseWithheld(t) }
            for t in liveTouches where t.verdict == nil && !isWanted(t) { decide(t, .released, releaseReason(t)) }
            if touchFinishedSinceSweep {
                liveTouches.removeAll { !$0.isActive && $0.verdict != nil && ($0.delivery.finished || $0.view?.engine !== self) }
                touchFinishedSinceSweep = liveTouches.contains { !$0.isActive }
            }
            runPendingActions()
            resetFinishedRecognizers()
        } while !pendingActions.isEmpty && rounds < 8
    }

    /// Whether some recognizer that would claim the touch may still take it.
    private func isWanted(_ t: Touch) -> Bool {
        for r in t.receivers where r.state == .possible && r.cancelsTouchesInView { return true }
        return false
    }

    private func runPendingActions() {
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

    private func resetFinishedRecognizers() {
        guard resetSweepNeeded else { return }
        resetSweepNeeded = false
        var i = 0
        while i < activeRecognizers.count {
            let r = activeRecognizers[i]
            // Most recognizers are mid-gesture: decide that before touching the (weak) view.
            if r.touchesDown > 0 || r.state.isInProgress || (r.state == .possible && (r.heldTransition != nil || r.deadline != nil)) {
                i += 1
                continue
            }
            let touchesInView = r.view.map { $0.activeTouchCount } ?? 0
            if touchesInView == 0, r.state == .possible, r.touches.isEmpty {
                // It ignored every touch it was given: nothing happened, nothing to log.
                activeRecognizers.remove(at: i)
                r.resetForNewSequence()
                r.inSequence = false
                r.sequenceEngine = nil
                deadlinesChanged()
                continue
            }
            if touchesInView == 0, r.state == .possible {
                // Nothing left to wait for, yet undecided: a recognizer bug. Survive it.
                report(.leftUndecided(gesture: r.name))
                arena.stop(r)
            }
            if touchesInView == 0 && r.state.isTerminal {
                activeRecognizers.remove(at: i)
                endSequence(of: r)
                continue
            }
            i += 1
        }
    }

    /// Back to a fresh `possible` (the reset of semantics.md §1), logged as a reset.
    private func endSequence(of r: GestureRecognizer) {
        deadlinesChanged()
        let old = r.state
        r.resetForNewSequence()
        r.state = .possible
        r.inSequence = false
        r.sequenceEngine = nil
        emit(.state(r, from: old, to: .possible, time: now, reset: true))
    }

    /// The earliest deadline, recomputed only after some deadline changed (most events
    /// change none, and this runs before every event).
    private func earliestDeadline() -> (GestureRecognizer, Instant)? {
        if deadlineCacheValid { return cachedDeadline }
        var best: (GestureRecognizer, Instant)?
        for r in activeRecognizers {
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

    /// Time never goes backwards (X timestamps wrap, traces can be edited by hand).
    private func sanitized(_ t: Instant) -> Instant { max(t, now) }

    private func emit(_ o: Observation) {
        for obs in observers { obs.observe(o) }
    }

    // MARK: Tree and recognizer changes

    /// Stops a recognizer that was disabled mid-gesture (§2.5).
    func recognizerWasDisabled(_ r: GestureRecognizer) {
        guard r.inSequence else { return }
        arena.stop(r)
        if !isProcessing { settle() }
    }

    func recognizerWillBeRemoved(_ r: GestureRecognizer) {
        if r.inSequence {
            arena.stop(r)
            // It will not be reset through its view any more: do it now.
            activeRecognizers.removeAll { $0 === r }
            endSequence(of: r)
        }
        if !isProcessing { settle() }
    }

    /// A view (a window that vanished) leaves the tree: its recognizers stop, and its
    /// touches are no longer delivered anywhere.
    func viewWillBeRemoved(_ v: View) {
        for r in activeRecognizers where r.view?.isDescendant(of: v) == true {
            arena.stop(r)
        }
        for t in liveTouches where t.view?.isDescendant(of: v) == true {
            t.delivery.finished = true
            t.delivery.beganWithheld = false
            t.delivery.endedWithheld = false
        }
        if !isProcessing { settle() }
    }
}
