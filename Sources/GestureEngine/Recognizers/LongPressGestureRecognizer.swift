/// Continuous: fingers held still long enough (semantics.md §8). Begins when held
/// `minimumDuration`, changes on movement, ends when a finger lifts.
public final class LongPressGestureRecognizer: GestureRecognizer {
    public var minimumDuration: Double
    /// Movement allowed before it begins (no limit after).
    public var allowableMovement: Double
    public var numberOfTouchesRequired: Int
    /// Quick taps required before the press (0 = a plain press).
    public var numberOfTapsRequired: Int
    public var tapMaxDuration: Double
    public var tapMaxInterval: Double
    /// s. How far apart the fingers of a multi-finger press may land.
    public var arrivalTolerance: Double

    private var tapsDone = 0
    private var landed = 0
    private var phaseStart = Instant.zero
    private var startCentroid = Point.zero

    /// What a long press asks for: its shape, and the thresholds it sets itself (nil: the
    /// configuration's, ``GestureConfiguration/LongPress``).
    public struct Parameters: Sendable, Equatable {
        public var minimumDuration: Double?
        public var allowableMovement: Double?
        public var touches = 1
        /// Quick taps before the press (0: a plain long press).
        public var taps = 0

        public init(minimumDuration: Double? = nil, allowableMovement: Double? = nil, touches: Int = 1, taps: Int = 0) {
            self.minimumDuration = minimumDuration
            self.allowableMovement = allowableMovement
            self.touches = touches
            self.taps = taps
        }

        /// px the fingers may move before the press begins, under `c`.
        public func allowableMovement(in c: GestureConfiguration) -> Double { allowableMovement ?? c.longPress.allowableMovement }
    }

    /// Parameters left nil take the configuration's values.
    public convenience init(name: String, minimumDuration: Double? = nil, allowableMovement: Double? = nil, touches: Int = 1, taps: Int = 0,
                            configuration c: GestureConfiguration = .standard) {
        self.init(name: name, Parameters(minimumDuration: minimumDuration, allowableMovement: allowableMovement, touches: touches, taps: taps), configuration: c)
    }

    public init(name: String, _ p: Parameters, configuration c: GestureConfiguration = .standard) {
        minimumDuration = p.minimumDuration ?? c.longPress.minimumDuration
        allowableMovement = p.allowableMovement(in: c)
        numberOfTouchesRequired = max(1, p.touches)
        numberOfTapsRequired = max(0, p.taps)
        tapMaxDuration = c.tap.maxDuration
        tapMaxInterval = c.tap.maxInterval
        arrivalTolerance = c.fingerArrivalWindow
        super.init(name: name)
    }

    public override var traits: GestureTraits {
        GestureTraits(kind: .longPress, touchesRequired: numberOfTouchesRequired, tapsRequired: numberOfTapsRequired)
    }

    public override var kind: GestureKind { .longPress }
    public override var isContinuous: Bool { true }

    public override func touchBegan(_ touch: Touch) {
        if state.isInProgress || isHeld { return ignore(touch) }  // extra fingers later are not ours
        if landed == 0 { phaseStart = touch.timestamp }
        landed += 1
        // One finger more than it needs (a second finger on a one-finger press): the hand is
        // doing something else, and the touches go to the application now (§10).
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
        if isHeld { return }  // it asked to begin; a requirement holds it
        if touch.translation.length > allowableMovement { report(.failed) }
    }

    public override func touchEnded(_ touch: Touch) {
        if state.isInProgress { return report(.ended) }
        if !isHeld, tapsDone < numberOfTapsRequired, landed == numberOfTouchesRequired,
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
            report(.began)
        } else {
            report(.failed)
        }
    }

    public override func reset() {
        tapsDone = 0
        landed = 0
    }

    public override var translation: Vector { centroid - startCentroid }

    public override var values: GestureValues {
        var v = super.values
        v.translation = translation
        return v
    }
}
