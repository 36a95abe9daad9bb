/// Discrete: a quick straight flick in one of `directions` (semantics.md §8). Recognizes
/// during the movement, as soon as distance, speed and straightness hold.
public final class SwipeGestureRecognizer: GestureRecognizer {
    public var directions: DirectionSet
    public var numberOfTouchesRequired: Int
    public var minimumDistance: Double
    /// px/s, averaged from the first finger down.
    public var minimumVelocity: Double
    /// Degrees off the direction's axis.
    public var maximumAngle: Double
    /// Seconds from the first finger down.
    public var maximumDuration: Double
    /// Past this distance a movement in no allowed direction fails at once (so a pan waiting
    /// for the swipe to fail is not kept waiting).
    public var directionSlop = 10.0
    public var arrivalTolerance = GestureDefaults.arrivalTolerance

    private var landed = 0
    private var start = Instant.zero
    private var recognizedDirection: Direction?
    private var finished = false

    public init(
        name: String, directions: DirectionSet = .right, touches: Int = 1, minimumDistance: Double = 50,
        minimumVelocity: Double = 200, maximumAngle: Double = 30, maximumDuration: Double = 0.8
    ) {
        self.directions = directions
        numberOfTouchesRequired = max(1, touches)
        self.minimumDistance = minimumDistance
        self.minimumVelocity = minimumVelocity
        self.maximumAngle = maximumAngle
        self.maximumDuration = maximumDuration
        super.init(name: name)
    }

    public override var kind: GestureKind { .swipe }

    public override func touchBegan(_ touch: Touch) {
        guard !finished else { return }
        if landed == 0 { start = touch.timestamp }
        landed += 1
        if landed > numberOfTouchesRequired { return fail() }
        setDeadline(landed < numberOfTouchesRequired ? start + arrivalTolerance : start + maximumDuration)
    }

    public override func touchMoved(_ touch: Touch) {
        guard !finished, landed == numberOfTouchesRequired else { return }
        let d = meanTranslation
        let length = d.length
        guard length > directionSlop else { return }
        var best: Direction?
        var bestAngle = Double.infinity
        for dir in Direction.allCases where directions.contains(dir) {
            let u = dir.unit
            let dot = d.dx * u.dx + d.dy * u.dy
            let cross = abs(d.dx * u.dy - d.dy * u.dx)
            let angle = atan2Approx(cross, dot) * 180 / Double.pi
            if angle < bestAngle { bestAngle = angle; best = dir }
        }
        guard let direction = best, bestAngle <= maximumAngle else { return fail() }
        guard length >= minimumDistance else { return }
        let elapsed = max(now - start, 1e-3)
        guard length / elapsed >= minimumVelocity else { return fail() }
        recognizedDirection = direction
        finished = true
        setDeadline(nil)
        report(.recognized)
    }

    public override func touchEnded(_ touch: Touch) {
        if !finished { fail() }
    }

    public override func touchCancelled(_ touch: Touch) {
        if !finished { fail() }
    }

    public override func deadlineReached(_ now: Instant) {
        if !finished { fail() }
    }

    private func fail() {
        finished = true
        setDeadline(nil)
        report(.failed)
    }

    public override func reset() {
        landed = 0
        recognizedDirection = nil
        finished = false
    }

    public override var translation: Vector { meanTranslation }

    public override var values: GestureValues {
        var v = super.values
        v.translation = meanTranslation
        v.direction = recognizedDirection
        let elapsed = max(now - start, 1e-3)
        v.velocity = meanTranslation / elapsed
        v.numberOfTouches = numberOfTouchesRequired
        return v
    }
}

/// Whether a pinch must close, open, or may do either.
public enum PinchDirection: String, Hashable, Sendable {
    case any, `in`, out
}

/// Continuous gestures of a fixed number of fingers that transform together (pinch,
/// rotation): the fingers may land `arrivalTolerance` apart; measurement starts when the last
/// one lands; extra fingers fail it before it begins and are ignored after; a finger lifting
/// ends it. Subclasses measure and decide when to begin.
open class MultiFingerTransformRecognizer: GestureRecognizer {
    public var numberOfTouchesRequired: Int
    public var arrivalTolerance = GestureDefaults.arrivalTolerance

    private var landed = 0
    private var firstAt = Instant.zero
    /// Reported began (perhaps held by a requirement): keep asking, whatever the threshold says.
    var wantsToBegin = false

    init(name: String, touches: Int) {
        numberOfTouchesRequired = max(2, touches)
        super.init(name: name)
    }

    public final override var isContinuous: Bool { true }

    /// All fingers are down: start measuring from here.
    open func fingersLanded(at time: Instant) {}
    /// A finger moved with all fingers down: update the measure; return whether the gesture
    /// passes its threshold (asked only before it begins), or nil to fail it.
    open func measure(at time: Instant) -> Bool? { false }

    public final override func touchBegan(_ touch: Touch) {
        if state.isInProgress || wantsToBegin { return ignore(touch) }
        if landed == 0 { firstAt = touch.timestamp }
        landed += 1
        if landed > numberOfTouchesRequired { return report(.failed) }
        if landed == numberOfTouchesRequired {
            setDeadline(nil)
            fingersLanded(at: touch.timestamp)
        } else {
            setDeadline(firstAt + arrivalTolerance)
        }
    }

    public final override func touchMoved(_ touch: Touch) {
        guard landed == numberOfTouchesRequired else { return }
        guard let passes = measure(at: touch.timestamp) else { return report(.failed) }
        if state.isInProgress { return report(.changed) }
        if wantsToBegin || passes {
            wantsToBegin = true
            report(.began)
        }
    }

    public final override func touchEnded(_ touch: Touch) {
        report(state.isInProgress ? .ended : .failed)
    }

    public final override func deadlineReached(_ now: Instant) {
        report(.failed)  // the other fingers never came
    }

    open override func reset() {
        landed = 0
        wantsToBegin = false
    }
}

/// Continuous: fingers moving apart or together (semantics.md §8). `scale` is 1.0 when the
/// fingers have all landed; begins past a span change of `threshold` px.
public final class PinchGestureRecognizer: MultiFingerTransformRecognizer {
    public var threshold: Double
    public var direction: PinchDirection

    private var initialSpan = 0.0
    private var currentSpan = 0.0
    private var sampler = MotionSampler()

    public init(name: String, touches: Int = 2, threshold: Double = 10, direction: PinchDirection = .any) {
        self.threshold = threshold
        self.direction = direction
        super.init(name: name, touches: touches)
    }

    public override var kind: GestureKind { .pinch }

    public override func fingersLanded(at time: Instant) {
        initialSpan = span
        currentSpan = initialSpan
        sampler.reset()
        sampler.add(Vector(dx: 1, dy: 0), at: time)
    }

    public override func measure(at time: Instant) -> Bool? {
        guard initialSpan > 0 else { return false }
        currentSpan = span
        sampler.add(Vector(dx: scale, dy: 0), at: time)
        let change = currentSpan - initialSpan
        guard !state.isInProgress, !wantsToBegin, abs(change) > threshold else { return false }
        if (direction == .in && change > 0) || (direction == .out && change < 0) { return nil }
        return true
    }

    public override func reset() {
        initialSpan = 0
        currentSpan = 0
        sampler.reset()
        super.reset()
    }

    public var scale: Double { initialSpan > 0 ? currentSpan / initialSpan : 1 }

    public override var values: GestureValues {
        var v = super.values
        v.scale = scale
        v.scaleVelocity = sampler.velocity.dx
        return v
    }
}

/// Continuous: fingers turning around their centre (semantics.md §8). Begins past
/// `threshold` degrees; reports radians (clockwise on screen positive) and velocity.
public final class RotationGestureRecognizer: MultiFingerTransformRecognizer {
    /// Degrees.
    public var threshold: Double

    private var lastAngle = 0.0
    private var accumulated = 0.0
    private var sampler = MotionSampler()

    public init(name: String, touches: Int = 2, threshold: Double = 10) {
        self.threshold = threshold
        super.init(name: name, touches: touches)
    }

    public override var kind: GestureKind { .rotation }

    /// Angle of the line from the first finger down to the second.
    private var currentAngle: Double {
        var a: Touch?, b: Touch?
        for t in touches where t.isActive {
            if a == nil { a = t } else if b == nil { b = t }
        }
        guard let a, let b else { return lastAngle }
        return (b.location - a.location).angle
    }

    public override func fingersLanded(at time: Instant) {
        lastAngle = currentAngle
        accumulated = 0
        sampler.reset()
        sampler.add(.zero, at: time)
    }

    public override func measure(at time: Instant) -> Bool? {
        let angle = currentAngle
        accumulated += angleDifference(angle, lastAngle)
        lastAngle = angle
        sampler.add(Vector(dx: accumulated, dy: 0), at: time)
        return abs(accumulated) * 180 / Double.pi > threshold
    }

    public override func reset() {
        accumulated = 0
        sampler.reset()
        super.reset()
    }

    public var rotation: Double { accumulated }

    public override var values: GestureValues {
        var v = super.values
        v.rotation = accumulated
        v.rotationVelocity = sampler.velocity.dx
        return v
    }
}
