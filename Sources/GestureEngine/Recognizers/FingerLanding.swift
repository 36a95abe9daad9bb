/// The landing of the fingers of a multi-finger gesture. They may land up to `window` apart
/// (real hands are not exact); one finger more than needed fails the gesture; and fingers
/// that move before the last one has landed fail it as soon as their motion shows they are
/// something else — a lone finger moving is a drag of its own, fingers moving against each
/// other a pinch or a turn, a finger past the slop anything but a landing — so that the
/// application gets them now, with a short history, rather than when the window runs out
/// (semantics.md §10, §11).
///
/// It reads the hand, not the device: a touchscreen reports only the fingers that changed, at
/// its own rate, so a frame that does not report a finger has not seen it rest. A verdict that
/// needs every finger's place (fingers moving against each other) waits, when the frame did
/// not report them all, for a frame that does or for the device's frame period
/// (``FramePeriod``).
struct FingerLanding {
    /// Fingers the gesture needs.
    var required: Int
    /// s. How far apart the fingers may land.
    var window: Double
    /// px. How far a finger among others may move before all have landed.
    var slop: Double
    /// px. How far a lone finger may move, and fingers against each other
    /// (``GestureConfiguration/landingMotion``).
    var motion: Double
    /// How much the relative motion must exceed the common one to rule the landing out.
    var dominance: Double
    /// s. One or two fingers resting this long after the latest landed give the gesture up
    /// (``GestureConfiguration/landingPause``).
    var pause: Double
    /// The fingers have moved together (past ``motion``) while waiting: the pause no longer
    /// applies, the whole window does.
    private(set) var moving = false
    private(set) var lastAt = Instant.zero

    private(set) var landed = 0
    private(set) var firstAt = Instant.zero
    /// Where each finger down was when the latest landed (the recognizer's order of touches).
    private var starts: [Point] = []
    private var currents: [Point] = []
    /// The frame since which the fingers' relative motion rules the landing out, while some
    /// finger has not been reported since: the verdict waits for them (``FramePeriod``).
    private(set) var doubtSince: Instant?
    /// The device's frame period, learned from the fingers' reports.
    private(set) var frames: FramePeriod

    /// Fingers down from which the pause no longer applies: one or two fingers resting are
    /// what applications take (a press-and-hold, a two-finger press or pinch about to start);
    /// three are a hand laying a gesture, which may rest before it moves while its last finger
    /// comes (a four-finger drag whose fourth finger lands 111 ms in).
    static let restingHand = 3

    enum Step: Equatable {
        /// Fingers are missing: they must land before this.
        case waiting(until: Instant)
        /// The last finger needed has landed.
        case complete
        /// One finger more than needed.
        case tooMany
    }

    /// What the fingers' motion in a frame makes of the landing.
    enum Judgement: Equatable {
        /// They may still be landing for the gesture.
        case stands
        /// They are something else: the gesture gives up.
        case ruledOut
        /// Their relative motion rules it out only if the fingers the frame did not report
        /// have not moved: it waits for them until this.
        case doubtful(until: Instant)
    }

    /// `pause`: nil for no pause (the whole window, resting or not).
    init(required: Int, window: Double, slop: Double, pause: Double?, configuration c: GestureConfiguration) {
        self.required = max(1, required)
        self.window = window
        self.slop = slop
        motion = c.landingMotion
        dominance = c.transform.dominance
        self.pause = pause ?? window
        frames = FramePeriod(assumed: c.framePeriod)
    }

    var isComplete: Bool { landed >= required }

    /// A finger of the gesture went down; `fingers` are the gesture's touches, it included.
    mutating func land(_ touch: Touch, among fingers: [Touch]) -> Step {
        if landed == 0 { firstAt = touch.timestamp; moving = false }
        landed += 1
        lastAt = touch.timestamp
        doubtSince = nil  // motion is measured from here on
        frames.note(touch, at: touch.timestamp)
        starts.removeAll(keepingCapacity: true)
        for t in fingers where t.isActive { starts.append(t.location) }
        if landed > required { return .tooMany }
        return landed == required ? .complete : .waiting(until: deadline)
    }

    /// When the landing must be over: the fingers still missing landed (the window from the
    /// first, or, while one or two fingers rest, the pause after the latest), and a doubtful
    /// verdict settled (``FramePeriod/wait`` after the frame that raised it).
    var deadline: Instant {
        let resting = !moving && landed < Self.restingHand
        let arrival = resting ? min(firstAt + window, lastAt + pause) : firstAt + window
        guard let since = doubtSince else { return arrival }
        return min(arrival, since + frames.wait)
    }

    /// The fingers `moved` were reported at `time` (learns the device's frame period).
    mutating func observe<C: Collection<Touch>>(_ moved: C, at time: Instant) {
        for t in moved { frames.note(t, at: time) }
    }

    /// What the fingers' motion, reported at `time` for `moved` (none: a deadline), makes of
    /// the landing while fingers are still missing: a lone finger moved past ``motion``; one
    /// of two past the slop (two fingers moving are a scroll: an application's); or the
    /// fingers moved against each other (span or turn) past ``motion`` and more than they
    /// moved together — known only once every finger has been reported since the frame that
    /// showed it, or the device's frame period has passed (a finger the device did not report
    /// meanwhile rested). Three or more moving together are a hand already swiping, whose
    /// last finger may come late.
    mutating func judge<C: Collection<Touch>>(_ moved: C, among fingers: [Touch], at time: Instant) -> Judgement {
        observe(moved, at: time)
        guard !isComplete else { return .stands }
        if landed <= 1 { return moved.contains { $0.translation.length > motion } ? .ruledOut : .stands }
        if landed == 2 && moved.contains(where: { $0.translation.length > slop }) { return .ruledOut }
        currents.removeAll(keepingCapacity: true)
        for t in fingers where t.isActive { currents.append(t.location) }
        guard currents.count == starts.count else { return .stands }
        let threshold = motion
        let m = starts.withUnsafeBufferPointer { s in
            currents.withUnsafeBufferPointer { c in FingerMotion(start: s, current: c, motionThreshold: threshold) }
        }
        let relative = max(abs(m.spanChange), abs(m.turn))
        guard relative > motion && relative >= dominance * m.translation.length else {
            doubtSince = nil
            return .stands
        }
        let since = doubtSince ?? time
        let due = since + frames.wait
        if time >= due || fingers.allSatisfy({ !$0.isActive || $0.timestamp >= since }) {
            doubtSince = nil
            return .ruledOut
        }
        doubtSince = since
        return .doubtful(until: due)
    }

    /// Notes a move that did not rule the landing out; returns true when it ends the resting
    /// (the deadline moves out to the whole window).
    mutating func noteMove(_ touch: Touch) -> Bool {
        guard !moving, touch.translation.length > motion else { return false }
        moving = true
        return true
    }

    mutating func reset() {
        landed = 0
        moving = false
        doubtSince = nil
        starts.removeAll(keepingCapacity: true)
        frames.forgetFingers()
    }
}

extension GestureRecognizer {
    /// The fingers `moved` of one frame, while fingers are missing: fails the recognizer when
    /// their motion rules the landing out; otherwise waits on — for the rest over the whole
    /// window once they move together, and for the fingers a doubtful frame did not report.
    func landingMoved<C: Collection<Touch>>(_ moved: C, in landing: inout FingerLanding) {
        if landing.judge(moved, among: touches, at: now) == .ruledOut { return report(.failed) }
        for t in moved { _ = landing.noteMove(t) }
        setDeadline(landing.deadline)
    }

    /// Lands `touch` in `landing`: fails the recognizer on a finger too many, waits for the
    /// rest with a deadline, and returns true when the last finger needed has landed.
    func land(_ touch: Touch, in landing: inout FingerLanding) -> Bool {
        switch landing.land(touch, among: touches) {
        case .tooMany:
            report(.failed)
        case .waiting(let until):
            setDeadline(until)
        case .complete:
            return true
        }
        return false
    }
}
