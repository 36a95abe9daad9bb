/// Discrete: `taps` quick taps with `touches` fingers each (semantics.md §8).
public final class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired: Int
    public var numberOfTouchesRequired: Int
    /// A finger moving further than this is not tapping.
    public var maxMovement: Double
    /// Longest a finger may stay down in one tap (s).
    public var maxDuration: Double
    /// Longest pause between two taps (s).
    public var maxInterval: Double
    /// The taps of a multi-tap must land this close to the first (our rule).
    public var maxTapDistance: Double
    /// s. How far apart the fingers of a multi-finger tap may land.
    public var arrivalTolerance: Double

    private var tapsCompleted = 0
    private var landedInTap = 0
    private var downInTap = 0
    private var tapStart = Instant.zero
    private var firstLocation: Point?
    private var waitingForNextTap = false
    private var lastLocation = Point.zero

    /// What a tap asks for: its shape, and the thresholds it sets itself (nil: the
    /// configuration's, ``GestureConfiguration/Tap``).
    public struct Parameters: Sendable, Equatable {
        public var taps = 1
        public var touches = 1
        public var maxMovement: Double?
        public var maxDuration: Double?
        public var maxInterval: Double?

        public init(taps: Int = 1, touches: Int = 1, maxMovement: Double? = nil, maxDuration: Double? = nil, maxInterval: Double? = nil) {
            self.taps = taps
            self.touches = touches
            self.maxMovement = maxMovement
            self.maxDuration = maxDuration
            self.maxInterval = maxInterval
        }
    }

    /// Parameters left nil take the configuration's values.
    public convenience init(
        name: String, taps: Int = 1, touches: Int = 1,
        maxMovement: Double? = nil, maxDuration: Double? = nil, maxInterval: Double? = nil,
        configuration c: GestureConfiguration = .standard
    ) {
        self.init(name: name, Parameters(taps: taps, touches: touches, maxMovement: maxMovement, maxDuration: maxDuration, maxInterval: maxInterval), configuration: c)
    }

    public init(name: String, _ p: Parameters, configuration c: GestureConfiguration = .standard) {
        numberOfTapsRequired = max(1, p.taps)
        numberOfTouchesRequired = max(1, p.touches)
        maxMovement = p.maxMovement ?? c.tap.maxMovement
        maxDuration = p.maxDuration ?? c.tap.maxDuration
        maxInterval = p.maxInterval ?? c.tap.maxInterval
        maxTapDistance = c.multiTap.distance
        arrivalTolerance = c.fingerArrivalWindow
        super.init(name: name)
    }

    /// Nothing more to decide: it failed, recognized, or waits for a requirement.
    private var isDecided: Bool { state != .possible || isHeld }

    public override var kind: GestureKind { .tap }

    public override func touchBegan(_ touch: Touch) {
        guard !isDecided else { return }
        if waitingForNextTap {
            waitingForNextTap = false
            if let first = firstLocation, touch.location.distance(to: first) > maxTapDistance {
                return fail()
            }
        }
        if landedInTap == 0 { tapStart = touch.timestamp }
        if firstLocation == nil { firstLocation = touch.location }
        landedInTap += 1
        downInTap += 1
        if landedInTap > numberOfTouchesRequired { return fail() }
        let end = tapStart + maxDuration
        let allLanded = landedInTap == numberOfTouchesRequired
        setDeadline(allLanded ? end : min(end, tapStart + arrivalTolerance))
    }

    public override func touchMoved(_ touch: Touch) {
        guard !isDecided else { return }
        if touch.translation.length > maxMovement { fail() }
    }

    public override func touchEnded(_ touch: Touch) {
        guard !isDecided else { return }
        if touch.translation.length > maxMovement { return fail() }
        downInTap -= 1
        lastLocation = centroid
        if landedInTap < numberOfTouchesRequired { return fail() }  // lifted before all landed
        guard downInTap == 0 else { return }
        tapsCompleted += 1
        landedInTap = 0
        if tapsCompleted >= numberOfTapsRequired {
            setDeadline(nil)
            report(.recognized)
        } else {
            waitingForNextTap = true
            setDeadline(now + maxInterval)
        }
    }

    public override func touchCancelled(_ touch: Touch) { fail() }

    public override func deadlineReached(_ now: Instant) { fail() }

    private func fail() {
        setDeadline(nil)
        report(.failed)
    }

    public override func reset() {
        tapsCompleted = 0
        landedInTap = 0
        downInTap = 0
        firstLocation = nil
        waitingForNextTap = false
    }

    public override var traits: GestureTraits {
        GestureTraits(kind: .tap, touchesRequired: numberOfTouchesRequired, tapsRequired: numberOfTapsRequired)
    }

    public override var values: GestureValues {
        var v = GestureValues()
        v.location = numberOfTouches > 0 ? centroid : lastLocation
        v.numberOfTouches = numberOfTouchesRequired
        return v
    }
}
