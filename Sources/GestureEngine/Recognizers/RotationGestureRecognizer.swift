/// Continuous: fingers turning around their centre (semantics.md §8). Begins past
/// `threshold` degrees when every finger turns the same way around the centre, more than the
/// fingers move together (§10); reports radians (clockwise on screen positive) and velocity.
public final class RotationGestureRecognizer: MultiFingerTransformRecognizer {
    /// Degrees.
    public var threshold: Double

    private var lastAngle = 0.0
    private var accumulated = 0.0
    private var sampler: MotionSampler

    /// What a rotation asks for: its fingers, and the threshold it sets itself (nil:
    /// ``GestureConfiguration/Transform/rotationThreshold``).
    public struct Parameters: Sendable, Equatable {
        public var touches = 2
        /// Degrees.
        public var threshold: Double?

        public init(touches: Int = 2, threshold: Double? = nil) {
            self.touches = touches
            self.threshold = threshold
        }
    }

    public convenience init(name: String, touches: Int = 2, threshold: Double? = nil, configuration: GestureConfiguration = .standard) {
        self.init(name: name, Parameters(touches: touches, threshold: threshold), configuration: configuration)
    }

    public init(name: String, _ p: Parameters, configuration: GestureConfiguration = .standard) {
        threshold = p.threshold ?? configuration.transform.rotationThreshold
        sampler = MotionSampler(window: configuration.velocityWindow)
        super.init(name: name, touches: p.touches, configuration: configuration)
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

    public override func measure(at time: Instant) {
        let angle = currentAngle
        accumulated += angleDifference(angle, lastAngle)
        lastAngle = angle
        sampler.add(Vector(dx: accumulated, dy: 0), at: time)
    }

    public override func decide(_ motion: FingerMotion) -> Bool? {
        abs(accumulated) * 180 / Double.pi > threshold && motion.isRotation()
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
