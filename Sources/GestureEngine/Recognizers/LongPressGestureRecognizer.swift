/// Continuous: fingers held still long enough (semantics.md §8). Begins when held
/// `minimumDuration`, changes on movement, ends when a finger lifts.
public final class LongPressGestureRecognizer: GestureRecognizer {
    public var minimumDuration: Double
    /// Movement allowed before it begins (no limit after).
    public var allowableMovement: Double
    public var numberOfTouchesRequired: Int
    /// Quick taps required before the press (0 = a plain press).
    public var numberOfTapsRequired: Int
    public var tapMaxDuration = 0.5
    public var tapMaxInterval = 0.35
    public var arrivalTolerance = GestureDefaults.arrivalTolerance

    private var tapsDone = 0
    private var landed = 0
    private var phaseStart = Instant.zero
    private var wantsToBegin = false
    private var startCentroid = Point.zero

    public init(name: String, minimumDuration: Double = 0.5, allowableMovement: Double = 10, touches: Int = 1, taps: Int = 0) {
        self.minimumDuration = minimumDuration
        self.allowableMovement = allowableMovement
        numberOfTouchesRequired = max(1, touches)
        numberOfTapsRequired = max(0, taps)
        super.init(name: name)
    }

    public override var kind: GestureKind { .longPress }
    public override var isContinuous: Bool { true }

    public override func touchBegan(_ touch: Touch) {
        if state.isInProgress || wantsToBegin { return ignore(touch) }  // extra fingers later are not ours
        if landed == 0 { phaseStart = touch.timestamp }
        landed += 1
        if landed > numberOfTouchesRequired { return report(.failed) }
        if landed < numberOfTouchesRequired {
            setDeadline(phaseStart + arrivalTolerance)
        } else if tapsDone < numberOfTapsRequired {
            setDeadline(phaseStart + tapMaxDuration)
        } else {
            startCentroid = centroid
            setDeadline(touch.timestamp + minimumDuration)
        }
    }

    public override func touchMoved(_ touch: Touch) {
        if state.isInProgress { return report(.changed) }
        if wantsToBegin { return report(.began) }  // held by a requirement: still wants to
        if touch.translation.length > allowableMovement { report(.failed) }
    }

    public override func touchEnded(_ touch: Touch) {
        if state.isInProgress { return report(.ended) }
        if !wantsToBegin, tapsDone < numberOfTapsRequired, landed == numberOfTouchesRequired,
           numberOfTouches == 0, now - phaseStart <= tapMaxDuration {
            tapsDone += 1
            landed = 0
            setDeadline(now + tapMaxInterval)
            return
        }
        report(.failed)  // lifted before it began
    }

    public override func deadlineReached(_ now: Instant) {
        let pressing = landed == numberOfTouchesRequired && numberOfTouches == numberOfTouchesRequired
            && tapsDone == numberOfTapsRequired
        if pressing {
            wantsToBegin = true
            report(.began)
        } else {
            report(.failed)
        }
    }

    public override func reset() {
        tapsDone = 0
        landed = 0
        wantsToBegin = false
    }

    public override var translation: Vector { centroid - startCentroid }

    public override var values: GestureValues {
        var v = super.values
        v.translation = translation
        return v
    }
}
