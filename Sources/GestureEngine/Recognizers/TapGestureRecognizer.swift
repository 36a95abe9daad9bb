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
    public var maxTapDistance: Double = 40
    public var arrivalTolerance = GestureDefaults.arrivalTolerance

    private var tapsCompleted = 0
    private var landedInTap = 0
    private var downInTap = 0
    private var tapStart = Instant.zero
    private var firstLocation: Point?
    private var waitingForNextTap = false
    private var finished = false
    private var lastLocation = Point.zero

    public init(
        name: String, taps: Int = 1, touches: Int = 1,
        maxMovement: Double = 10, maxDuration: Double = 0.5, maxInterval: Double = 0.35
    ) {
        numberOfTapsRequired = max(1, taps)
        numberOfTouchesRequired = max(1, touches)
        self.maxMovement = maxMovement
        self.maxDuration = maxDuration
        self.maxInterval = maxInterval
        super.init(name: name)
    }

    public override var kind: GestureKind { .tap }

    public override func touchBegan(_ touch: Touch) {
        guard !finished else { return }
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
        guard !finished else { return }
        if touch.translation.length > maxMovement { fail() }
    }

    public override func touchEnded(_ touch: Touch) {
        guard !finished else { return }
        if touch.translation.length > maxMovement { return fail() }
        downInTap -= 1
        lastLocation = centroid
        if landedInTap < numberOfTouchesRequired { return fail() }  // lifted before all landed
        guard downInTap == 0 else { return }
        tapsCompleted += 1
        landedInTap = 0
        if tapsCompleted >= numberOfTapsRequired {
            finished = true
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
        finished = true
        setDeadline(nil)
        report(.failed)
    }

    public override func reset() {
        tapsCompleted = 0
        landedInTap = 0
        downInTap = 0
        firstLocation = nil
        waitingForNextTap = false
        finished = false
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
