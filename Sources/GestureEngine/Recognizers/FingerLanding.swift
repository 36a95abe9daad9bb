/// The landing of the fingers of a multi-finger gesture. They may land up to `window` apart
/// (real hands are not exact); one finger more than needed fails the gesture; and a finger
/// that moves past the slop before the last one has landed fails it at once: real hands put
/// their fingers down before they move them, so a finger already moving is a drag of its own,
/// and the application should get it now rather than when the window runs out (semantics.md
/// §10).
struct FingerLanding {
    /// Fingers the gesture needs.
    var required: Int
    /// s. How far apart the fingers may land.
    var window: Double
    /// px. How far a finger may move before all have landed.
    var slop: Double

    private(set) var landed = 0
    private(set) var firstAt = Instant.zero

    enum Step: Equatable {
        /// Fingers are missing: they must land before this.
        case waiting(until: Instant)
        /// The last finger needed has landed.
        case complete
        /// One finger more than needed.
        case tooMany
    }

    init(required: Int, window: Double, slop: Double) {
        self.required = max(1, required)
        self.window = window
        self.slop = slop
    }

    var isComplete: Bool { landed >= required }

    /// A finger of the gesture went down.
    mutating func land(_ touch: Touch) -> Step {
        if landed == 0 { firstAt = touch.timestamp }
        landed += 1
        if landed > required { return .tooMany }
        return landed == required ? .complete : .waiting(until: firstAt + window)
    }

    /// Whether `touch` moved past the slop while fingers are still missing.
    func movedTooEarly(_ touch: Touch) -> Bool {
        !isComplete && touch.translation.length > slop
    }

    mutating func reset() {
        landed = 0
    }
}

extension GestureRecognizer {
    /// Lands `touch` in `landing`: fails the recognizer on a finger too many, waits for the
    /// rest with a deadline, and returns true when the last finger needed has landed.
    func land(_ touch: Touch, in landing: inout FingerLanding) -> Bool {
        switch landing.land(touch) {
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
