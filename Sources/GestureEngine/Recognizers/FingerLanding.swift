/// The landing of the fingers of a multi-finger gesture. They may land up to `window` apart
/// (real hands are not exact); one finger more than needed fails the gesture; and fingers
/// that move before the last one has landed fail it at once when their motion shows they are
/// something else — a lone finger moving is a drag of its own, fingers moving against each
/// other a pinch or a turn, a finger past the slop anything but a landing — so that the
/// application gets them now, with a short history, rather than when the window runs out
/// (semantics.md §10, §11).
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
    /// s. Fingers resting this long after the latest landed give the gesture up
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

    enum Step: Equatable {
        /// Fingers are missing: they must land before this.
        case waiting(until: Instant)
        /// The last finger needed has landed.
        case complete
        /// One finger more than needed.
        case tooMany
    }

    /// `pause`: nil for no pause (the whole window, resting or not).
    init(required: Int, window: Double, slop: Double, pause: Double?, configuration c: GestureConfiguration) {
        self.required = max(1, required)
        self.window = window
        self.slop = slop
        motion = c.landingMotion
        dominance = c.transform.dominance
        self.pause = pause ?? window
    }

    var isComplete: Bool { landed >= required }

    /// A finger of the gesture went down; `fingers` are the gesture's touches, it included.
    mutating func land(_ touch: Touch, among fingers: [Touch]) -> Step {
        if landed == 0 { firstAt = touch.timestamp; moving = false }
        landed += 1
        lastAt = touch.timestamp
        starts.removeAll(keepingCapacity: true)
        for t in fingers where t.isActive { starts.append(t.location) }
        if landed > required { return .tooMany }
        return landed == required ? .complete : .waiting(until: deadline)
    }

    /// When the fingers still missing must have landed: the window from the first, or, while
    /// the fingers rest, the pause after the latest.
    var deadline: Instant {
        moving ? firstAt + window : min(firstAt + window, lastAt + pause)
    }

    /// Notes a move that did not rule the landing out; returns true when it ends the resting
    /// (the deadline moves out to the whole window).
    mutating func noteMove(_ touch: Touch) -> Bool {
        guard !moving, touch.translation.length > motion else { return false }
        moving = true
        return true
    }

    /// Whether `touch`'s move shows, while fingers are still missing, that these fingers are
    /// not landing for the gesture: a lone finger moved past ``motion``; one of two past the
    /// slop (two fingers moving are a scroll: an application's); or the fingers moved against
    /// each other (span or turn) past ``motion`` and more than they moved together. Three or
    /// more moving together are a hand already swiping, whose last finger may come late.
    mutating func ruledOut(by touch: Touch, among fingers: [Touch]) -> Bool {
        guard !isComplete else { return false }
        let moved = touch.translation.length
        if landed <= 1 { return moved > motion }
        if landed == 2 && moved > slop { return true }
        currents.removeAll(keepingCapacity: true)
        for t in fingers where t.isActive { currents.append(t.location) }
        guard currents.count == starts.count else { return false }
        let threshold = motion
        let m = starts.withUnsafeBufferPointer { s in
            currents.withUnsafeBufferPointer { c in FingerMotion(start: s, current: c, motionThreshold: threshold) }
        }
        let relative = max(abs(m.spanChange), abs(m.turn))
        return relative > motion && relative >= dominance * m.translation.length
    }

    mutating func reset() {
        landed = 0
        moving = false
        starts.removeAll(keepingCapacity: true)
    }
}

extension GestureRecognizer {
    /// A move while fingers are missing: fails the recognizer when it rules the landing out;
    /// otherwise fingers moving together wait for the rest over the whole window.
    func landingMoved(_ touch: Touch, in landing: inout FingerLanding) {
        if landing.ruledOut(by: touch, among: touches) { return report(.failed) }
        if landing.noteMove(touch) { setDeadline(landing.deadline) }
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
