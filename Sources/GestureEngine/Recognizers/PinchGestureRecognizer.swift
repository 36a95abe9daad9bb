/// Whether a pinch must close, open, or may do either.
public enum PinchDirection: String, Hashable, Sendable {
    case any, `in`, out
}

/// Continuous: fingers moving apart or together (semantics.md §8). `scale` is 1.0 when the
/// fingers have all landed; begins past a span change of `threshold` px made by fingers moving
/// apart (or together), more than they move together (§10): two fingers scrolling together
/// never make a pinch.
public final class PinchGestureRecognizer: MultiFingerTransformRecognizer {
    /// px of span change before it begins.
    public var threshold: Double
    public var direction: PinchDirection

    private var initialSpan = 0.0
    private var currentSpan = 0.0
    private var sampler: MotionSampler

    /// What a pinch asks for: its fingers and direction, and the threshold it sets itself
    /// (nil: ``GestureConfiguration/Transform/pinchThreshold``).
    public struct Parameters: Sendable, Equatable {
        public var touches = 2
        public var threshold: Double?
        public var direction = PinchDirection.any

        public init(touches: Int = 2, threshold: Double? = nil, direction: PinchDirection = .any) {
            self.touches = touches
            self.threshold = threshold
            self.direction = direction
        }
    }

    public convenience init(name: String, touches: Int = 2, threshold: Double? = nil, direction: PinchDirection = .any,
                            configuration: GestureConfiguration = .standard) {
        self.init(name: name, Parameters(touches: touches, threshold: threshold, direction: direction), configuration: configuration)
    }

    public init(name: String, _ p: Parameters, configuration: GestureConfiguration = .standard) {
        threshold = p.threshold ?? configuration.transform.pinchThreshold
        direction = p.direction
        sampler = MotionSampler(window: configuration.velocityWindow)
        super.init(name: name, touches: p.touches, configuration: configuration)
    }

    public override var kind: GestureKind { .pinch }

    public override func fingersLanded(at time: Instant) {
        initialSpan = span
        currentSpan = initialSpan
        sampler.reset()
        sampler.add(Vector(dx: 1, dy: 0), at: time)
    }

    public override func measure(at time: Instant) {
        guard initialSpan > 0 else { return }
        currentSpan = span
        sampler.add(Vector(dx: scale, dy: 0), at: time)
    }

    public override func decide(_ motion: FingerMotion) -> Bool? {
        guard initialSpan > 0, motion.isPinch(threshold: threshold) else { return false }
        if (direction == .in && motion.spanChange > 0) || (direction == .out && motion.spanChange < 0) { return nil }
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
