/// Discrete: fingers travelling in one of `directions` (semantics.md §8). Recognizes during
/// the movement, as soon as distance, speed and straightness hold.
///
/// A one-finger swipe is a flick: it needs `minimumVelocity` and fails the moment it can no
/// longer reach it, so a slow drag goes to the application at once. Multi-finger swipes are
/// desktop gestures and, by default, fire on distance whatever the speed (Touchégg's model,
/// semantics.md §10): a slow, deliberate three-finger drag is meant too.
public final class SwipeGestureRecognizer: GestureRecognizer {
    public var directions: DirectionSet
    public var numberOfTouchesRequired: Int { didSet { landing.required = max(1, numberOfTouchesRequired) } }
    /// px the fingers travel before it is recognized.
    public var minimumDistance: Double
    /// px/s, averaged from the first finger down to ``minimumDistance``; 0 = any speed.
    public var minimumVelocity: Double
    /// Degrees off the direction's axis.
    public var maximumAngle: Double
    /// s from the first finger down; infinite = no limit.
    public var maximumDuration: Double
    /// Past this distance a movement in no allowed direction fails at once (so a pan waiting
    /// for the swipe to fail is not kept waiting).
    public var directionSlop: Double { didSet { landing.slop = directionSlop } }
    /// s. How far apart the fingers may land.
    public var arrivalTolerance: Double { didSet { landing.window = arrivalTolerance } }

    private var landing: FingerLanding
    private var recognizedDirection: Direction?
    /// The last distance travelled and when: the speed between two moves.
    private var lastLength = 0.0
    private var lastTime = Instant.zero

    /// What a swipe asks for: its directions and fingers, and the thresholds it sets itself
    /// (nil: the configuration's, ``GestureConfiguration/Swipe``, for the number of fingers).
    public struct Parameters: Sendable, Equatable {
        public var directions: DirectionSet = .right
        public var touches = 1
        public var minimumDistance: Double?
        public var minimumVelocity: Double?
        public var maximumAngle: Double?
        public var maximumDuration: Double?

        public init(directions: DirectionSet = .right, touches: Int = 1, minimumDistance: Double? = nil, minimumVelocity: Double? = nil,
                    maximumAngle: Double? = nil, maximumDuration: Double? = nil) {
            self.directions = directions
            self.touches = touches
            self.minimumDistance = minimumDistance
            self.minimumVelocity = minimumVelocity
            self.maximumAngle = maximumAngle
            self.maximumDuration = maximumDuration
        }
    }

    /// Parameters left nil take the configuration's values for the number of fingers.
    public convenience init(
        name: String, directions: DirectionSet = .right, touches: Int = 1, minimumDistance: Double? = nil,
        minimumVelocity: Double? = nil, maximumAngle: Double? = nil, maximumDuration: Double? = nil,
        configuration c: GestureConfiguration = .standard
    ) {
        self.init(name: name, Parameters(directions: directions, touches: touches, minimumDistance: minimumDistance, minimumVelocity: minimumVelocity,
                                         maximumAngle: maximumAngle, maximumDuration: maximumDuration), configuration: c)
    }

    public init(name: String, _ p: Parameters, configuration c: GestureConfiguration = .standard) {
        let touches = max(1, p.touches)
        directions = p.directions
        numberOfTouchesRequired = touches
        minimumDistance = p.minimumDistance ?? c.swipe.minimumDistance
        // The one place of the rule: a one-finger swipe is a flick, with the configuration's
        // speed and duration; several fingers are a desktop gesture that fires on distance
        // whatever the speed, unless the gesture asks for its own (semantics.md §10).
        minimumVelocity = p.minimumVelocity ?? (touches == 1 ? c.swipe.minimumVelocity : 0)
        maximumAngle = p.maximumAngle ?? c.swipe.maximumAngle
        maximumDuration = p.maximumDuration ?? (touches == 1 ? c.swipe.maximumDuration : .infinity)
        directionSlop = c.touchSlop
        arrivalTolerance = c.fingerArrivalWindow
        // A swipe's fingers are laid down together: resting ones are soon given back.
        landing = FingerLanding(required: touches, window: c.fingerArrivalWindow, slop: c.touchSlop, pause: c.landingPause, configuration: c)
        super.init(name: name)
    }

    public override var kind: GestureKind { .swipe }
    public override var traits: GestureTraits { GestureTraits(kind: .swipe, touchesRequired: numberOfTouchesRequired) }

    /// Nothing more to decide: it failed, recognized, or waits for a requirement.
    private var isDecided: Bool { state != .possible || isHeld }

    public override func touchBegan(_ touch: Touch) {
        guard !isDecided else { return }
        guard land(touch, in: &landing) else { return }
        lastLength = 0
        lastTime = touch.timestamp
        setDeadline(maximumDuration.isFinite ? landing.firstAt + maximumDuration : nil)
    }

    /// The fingers of a frame: while fingers are missing, judged together (``FingerLanding``);
    /// then one by one.
    public override func touchesMoved(_ moved: [Touch]) {
        guard !isDecided else { return }
        guard landing.isComplete else { return landingMoved(moved, in: &landing) }
        super.touchesMoved(moved)
    }

    public override func touchMoved(_ touch: Touch) {
        guard !isDecided else { return }
        guard landing.isComplete else { return landingMoved(CollectionOfOne(touch), in: &landing) }
        landing.observe(CollectionOfOne(touch), at: now)
        let d = meanTranslation
        let length = d.length
        defer { lastLength = length; lastTime = touch.timestamp }
        guard length > directionSlop else { return }
        guard let (direction, angle) = directions.closest(to: d), angle <= maximumAngle else { return report(.failed) }
        let elapsed = max(touch.timestamp - landing.firstAt, 1e-3)
        guard length >= minimumDistance else {
            if !canStillFlick(length: length, elapsed: elapsed, at: touch.timestamp) { report(.failed) }
            return
        }
        guard length / elapsed >= minimumVelocity else { return report(.failed) }
        recognizedDirection = direction
        setDeadline(nil)
        report(.recognized)
    }

    /// Whether, moving on at its present speed, the finger reaches ``minimumDistance`` soon
    /// enough for the average to make ``minimumVelocity``. A drag too slow to be a flick is
    /// told apart on the move that shows it, not at the end of the distance (semantics.md §10).
    private func canStillFlick(length: Double, elapsed: Double, at time: Instant) -> Bool {
        guard minimumVelocity > 0 else { return true }
        let budget = minimumDistance / minimumVelocity
        guard elapsed < budget else { return false }
        let dt = time - lastTime
        guard dt > 0 else { return true }  // two samples at once: judge on the next
        let speed = (length - lastLength) / dt
        guard speed > 0 else { return false }
        return elapsed + (minimumDistance - length) / speed <= budget
    }

    public override func touchEnded(_ touch: Touch) {
        if !isDecided { report(.failed) }
    }

    public override func touchCancelled(_ touch: Touch) {
        if !isDecided { report(.failed) }
    }

    public override func deadlineReached(_ now: Instant) {
        if !isDecided { report(.failed) }
    }

    public override func reset() {
        landing.reset()
        recognizedDirection = nil
    }

    public override var translation: Vector { meanTranslation }

    public override var values: GestureValues {
        var v = super.values
        v.translation = meanTranslation
        v.direction = recognizedDirection
        let elapsed = max(now - landing.firstAt, 1e-3)
        v.velocity = meanTranslation / elapsed
        v.numberOfTouches = numberOfTouchesRequired
        return v
    }
}
