/// The gesture environment: takes touch frames and time, hit-tests them against the view
/// tree, offers them to recognizers (deepest view first), hands their reports to the
/// ``GestureArena``, delivers what is left to the views (with delays and cancels), gives every
/// touch its verdict (``decisionSink``), and runs the actions after each frame.
///
/// Single-threaded by design: one owner (the daemon's event loop, a test, `replay`) calls it.
public final class GestureEngine {
    /// The screen view; windows, regions and controls hang below it.
    public let root: View
    public let clock: EngineClock
    /// The time of the event or deadline being processed (never goes backwards).
    public internal(set) var now: Instant

    /// Debug builds trap on an illegal transition (semantics.md §1); tests turn it off to
    /// check that the refusal is reported.
    public var trapsOnIllegalTransition: Bool = {
        var debug = false
        assert({ debug = true; return true }())
        return debug
    }()

    /// Two taps count as one multi-tap (for `Touch.tapCount`) within this time and distance.
    public var tapCountInterval = GestureConfiguration.standard.multiTap.interval
    public var tapCountDistance = GestureConfiguration.standard.multiTap.distance

    /// Receives every verdict as it is given: the engine's main output.
    public weak var decisionSink: TouchDecisionSink?

    /// Arbitration: the touches' entries, the contending recognizers, held transitions.
    let arena = GestureArena<GestureRecognizer>()
    /// Touches still needing attention: down, undecided, or with a withheld delivery.
    var liveTouches: [TouchRecord] = []
    var pendingActions: [ActionEvent] = []
    var runningActions: [ActionEvent] = []
    var observers: [GestureObserver] = []
    private var lastTap: (location: Point, time: Instant, count: Int)?
    var isProcessing = false
    /// Whether any observer listens: when none does, observations are not even built.
    private(set) var isObserved = false
    /// Set when a touch ends, so the sweep of finished touches runs only when it can find one.
    var touchFinishedSinceSweep = false
    var deadlineCacheValid = false
    /// Set when a state turns terminal, a touch ends, or a deadline changes: only then can a
    /// recognizer's sequence be over.
    var resetSweepNeeded = false
    var cachedDeadline: (GestureRecognizer, Instant)?
    /// The layers' timers (`GestureEngine+Timers.swift`), soonest first.
    var timers: [EngineTimer] = []
    var lastTimerID = 0

    /// - Parameters:
    ///   - screen: the screen's frame; the root view covers it.
    ///   - clock: read by ``advanceToClock()``; events carry their own timestamps.
    public init(screen: Rect, clock: EngineClock) {
        root = View(name: "screen", frame: screen)
        self.clock = clock
        now = clock.now
        root.rootEngine = self
        liveTouches.reserveCapacity(16)
        pendingActions.reserveCapacity(32)
        runningActions.reserveCapacity(32)
    }

    deinit {
        for r in arena.contenders { r.arenaSlot = -1 }
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

    /// Processes one frame (``TouchFrame``): every touch of one device that began, moved or
    /// ended at one instant, handed to the recognizers together (semantics.md §10.3).
    /// Deadlines due by its time run first. Every moving touch is at its new place before any
    /// recognizer looks, so none decides on a moment in which one finger of the frame has
    /// moved and another not; each recognizer gets the moved touches it follows in one
    /// ``GestureRecognizer/touchesMoved(_:)`` call. New touches begin after the moves, ended
    /// ones end last. A frame in which one finger lands while another lifts is taken in two
    /// steps, lifts first (``TouchFrame/liftsBeforeLandings``).
    public func process(_ frame: TouchFrame) {
        if let (lifts, landings) = frame.liftsBeforeLandings {
            take(lifts)
            take(landings)
        } else {
            take(frame)
        }
    }

    /// Takes one frame (or one step of one) and settles what it decided.
    private func take(_ frame: TouchFrame) {
        precondition(!isProcessing, "GestureEngine.process called re-entrantly (from an action?)")
        let t = sanitized(frame.time)
        advance(to: t)
        now = t
        isProcessing = true
        defer { isProcessing = false }

        if frame.count == 1, frame[0].phase == .moved {
            moveOne(frame[0])
        } else {
            takeEach(frame)
        }
        settle()
    }

    /// A frame of one moving touch: the engine's hottest path, apart so that it builds no list.
    private func moveOne(_ point: TouchPoint) {
        guard let record = activeRecord(point.id) else { return report(.unexpectedTouch(id: point.id, phase: point.phase)) }
        let touch = record.touch
        touch.previousLocation = touch.location
        touch.location = finite(point.location) ?? touch.location
        touch.timestamp = now
        touch.phase = .moved
        // Each recognizer is kept alive by its view while it is called, so the per-element
        // retain/release is skipped. A recognizer that ignores the touch leaves this array
        // when its call returns: then the next one has moved into its slot.
        let entry = record.entry
        var i = 0
        while i < entry.members.count {
            unowned(unsafe) let r = entry.members[i]
            if !r.state.isTerminal {
                r.now = now
                r.touchMoved(touch)
                if r.needsAttention { attend(to: r) }
            }
            if i < entry.members.count && entry.members[i] === r { i += 1 }
        }
        deliverEventPhase(of: record)
    }

    /// Any other frame: moves, then landings, then the recognizers' look at the moves, then lifts.
    private func takeEach(_ frame: TouchFrame) {
        // 1. Every moving touch to where it is now.
        var moved: [TouchRecord] = []
        for point in frame where point.phase == .moved {
            guard let record = activeRecord(point.id) else {
                report(.unexpectedTouch(id: point.id, phase: point.phase))
                continue
            }
            let touch = record.touch
            touch.previousLocation = touch.location
            touch.location = finite(point.location) ?? touch.location
            touch.timestamp = now
            touch.phase = .moved
            moved.append(record)
        }
        // 2. New touches, with the others where they are now.
        for point in frame where point.phase == .began {
            beginReplacingStale(point, of: frame)
        }
        // 3. Each recognizer once, with the moved touches it follows.
        if !moved.isEmpty {
            var called: [GestureRecognizer] = []
            for record in moved {
                for r in record.entry.members where !r.state.isTerminal && !called.contains(where: { $0 === r }) { called.append(r) }
            }
            for r in called where !r.state.isTerminal {
                let mine = moved.filter { record in record.entry.members.contains { $0 === r } }.map(\.touch)
                guard !mine.isEmpty else { continue }
                r.now = now
                r.touchesMoved(mine)
                if r.needsAttention { attend(to: r) }
            }
            for record in moved { deliverEventPhase(of: record) }
        }
        // 4. Touches that ended.
        for point in frame where point.phase.isFinal {
            guard let record = activeRecord(point.id) else {
                report(.unexpectedTouch(id: point.id, phase: point.phase))
                continue
            }
            finish(record, point.phase, location: finite(point.location) ?? record.touch.location)
        }
    }

    /// Begins a touch; a begin for a touch that is down means the old one is lost: it is
    /// cancelled first. A landing without a usable place lands where the lost one was (or at
    /// the origin).
    private func beginReplacingStale(_ point: TouchPoint, of frame: TouchFrame) {
        let stale = activeRecord(point.id)
        let location = finite(point.location) ?? stale?.touch.location ?? .zero
        if let stale {
            report(.unexpectedTouch(id: point.id, phase: .began))
            finish(stale, .cancelled, location: stale.touch.location)
        }
        touchBegan(point, of: frame, location: location)
    }

    /// A location to use: none when a coordinate is not a number (hostile or broken input).
    private func finite(_ p: Point) -> Point? { p.x.isFinite && p.y.isFinite ? p : nil }

    /// Runs every deadline due up to `instant`, in order (recognizers' and timers'), then sets
    /// the time to `instant`.
    public func advance(to instant: Instant) {
        let target = sanitized(instant)
        while true {
            // The soonest of what is due by `target`: a recognizer's deadline (first at a tie)
            // or a timer, which runs alone before the loop looks again.
            let recognizer = earliestDeadline().flatMap { $0.1 <= target ? $0 : nil }
            if let timer = timers.first, timer.due <= target, recognizer.map({ timer.due < $0.1 }) ?? true {
                runTimer(at: timer.due)
                continue
            }
            guard let (r, due) = recognizer else { break }
            now = max(now, due)
            r.deadline = nil
            deadlinesChanged()
            isProcessing = true
            if !r.state.isTerminal {
                r.now = now
                r.deadlineReached(now)
                if r.needsAttention { attend(to: r) }
            }
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
    public var nextDeadline: Instant? {
        [earliestDeadline()?.1, timers.first?.due].compactMap { $0 }.min()
    }

    /// Runs every pending deadline, however far ahead (end of a trace).
    public func drainDeadlines() {
        var guardCount = 0
        while let next = nextDeadline, guardCount < 100_000 {
            advance(to: next)
            guardCount += 1
        }
    }

    /// Every touch still without a verdict is released (the application gets it), and the
    /// ids are returned so the caller can tell the server: at shutdown, or on a reload.
    @discardableResult
    public func releaseUndecidedTouches(reason: DecisionReason = .shutdown) -> [TouchID] {
        var released: [TouchID] = []
        for record in liveTouches where record.entry.verdict == nil {
            decide(record, .released, reason)
            released.append(record.touch.id)
        }
        return released
    }

    /// Touches with no verdict yet.
    public var undecidedTouches: [TouchID] { liveTouches.filter { $0.entry.verdict == nil }.map(\.touch.id) }

    /// Touches currently down.
    public var activeTouches: [Touch] { liveTouches.map(\.touch).filter { $0.isActive } }

    // MARK: Touch lifecycle

    func touchBegan(_ point: TouchPoint, of frame: TouchFrame, location: Point) {
        var tapCount = 1
        if let last = lastTap, frame.time - last.time <= tapCountInterval,
           last.location.distance(to: location) <= tapCountDistance {
            tapCount = last.count + 1
        }
        let touch = Touch(point, of: frame, at: location, tapCount: tapCount)
        let hit = root.hitTest(location) ?? root
        touch.view = hit
        var path: [View] = []
        var v: View? = hit
        while let current = v {
            path.append(current)
            current.activeTouchCount += 1
            v = current.superview
        }
        let onThumb = hit.control.map { $0.thumbRect(in: hit.frame).contains(location) } ?? false
        let entry = ArenaEntry<GestureRecognizer>(id: touch.id, beganAt: touch.beganAt)
        let record = TouchRecord(touch: touch, entry: entry, path: path, beganOnControlThumb: onThumb)
        liveTouches.append(record)

        // Who sees it: deepest view first, declaration order within a view (§2).
        for view in path {
            for r in view.gestureRecognizers where !r.state.isTerminal && r.shouldReceive(touch) {
                let joining = r.arenaSlot < 0
                arena.join(r, entry)
                r.receive(touch)
                if joining { deadlinesChanged() }
            }
        }
        entry.offeredCount = entry.members.count
        entry.wasWanted = entry.members.contains { $0.cancelsTouchesInView }
        if hit.control != nil { decide(record, .claimed, .claimedBy(hit.name)) }  // the control's own default gesture
        for r in entry.members where !r.state.isTerminal {
            if r.state.isInProgress && r.cancelsTouchesInView {
                // Joins a gesture that already owns its touches: never reaches the view.
                decide(record, .claimed, .claimedBy(r.name))
                record.delivery.finished = true
            }
            r.now = now
            r.touchBegan(touch)
            if r.needsAttention { attend(to: r) }
            if r.claimsOnLanding, r.cancelsTouchesInView, r.state == .possible, r.touches.count >= r.traits.touchesRequired {
                claimTouches(of: r)
            }
        }
        deliverEventPhase(of: record)
    }

    /// The live touch with this id that is down. A linear scan: there are rarely more than
    /// ten live touches, and comparing ids is cheaper than hashing them.
    func activeRecord(_ id: TouchID) -> TouchRecord? {
        for r in liveTouches where r.touch.id == id && r.touch.isActive { return r }
        return nil
    }

    /// The live record of a touch a recognizer holds.
    func record(of touch: Touch) -> TouchRecord? {
        for r in liveTouches where r.touch === touch { return r }
        return nil
    }

    func finish(_ record: TouchRecord, _ phase: TouchPhase, location: Point) {
        let touch = record.touch
        touch.previousLocation = touch.location
        touch.location = location
        touch.timestamp = now
        touch.phase = phase
        for v in record.path { v.activeTouchCount -= 1 }
        for r in record.entry.members { r.touchFinished() }
        touchFinishedSinceSweep = true
        resetSweepNeeded = true
        if phase == .ended {
            lastTap = (location, now, touch.tapCount)
        }
        for r in record.entry.members where !r.state.isTerminal {
            r.now = now
            if phase == .ended { r.touchEnded(touch) } else { r.touchCancelled(touch) }
            if r.needsAttention { attend(to: r) }
        }
        deliverEventPhase(of: record)
    }

    func queueAction(_ action: ActionEvent) {
        pendingActions.append(action)
    }

    func report(_ error: EngineError) {
        emit(.error(error, time: now))
    }

    /// Time never goes backwards (X timestamps wrap, traces can be edited by hand).
    func sanitized(_ t: Instant) -> Instant { max(t, now) }

    func emit(_ o: Observation) {
        for obs in observers { obs.observe(o) }
    }
}
