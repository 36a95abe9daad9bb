/// Continuous: fingers moving (semantics.md §8). Begins past `minimumDistance`, reports
/// translation and velocity, ends when all fingers lift.
///
/// Given `directions`, it is a directional pan: it begins only if the movement, on the event
/// that takes it past `minimumDistance`, goes within `maximumAngle` of one of them (the
/// swipe's angle rule), and then reports that direction in its values; a movement another
/// way fails it on that event, so another gesture (a pan bound to the opposite direction, a
/// swipe, the application) can take the touches. Once begun it follows the fingers anywhere.
open class PanGestureRecognizer: GestureRecognizer {
    public var minimumNumberOfTouches: Int
    public var maximumNumberOfTouches: Int
    /// Slop: how far the centroid moves before the pan begins.
    public var minimumDistance: Double
    /// The directions it may begin in; empty: any (a plain pan).
    public var directions: DirectionSet
    /// Degrees off the closest of ``directions`` the movement may be when the pan begins.
    public var maximumAngle: Double
    /// The direction a directional pan began in (nil for a plain pan, and before it begins).
    public private(set) var direction: Direction?
    /// s. A multi-finger pan's fingers may land this far apart.
    public var arrivalTolerance: Double
    /// px. A finger that moves this far while the pan is short of fingers fails it: it is a
    /// drag of its own (semantics.md §10).
    public var touchSlop: Double
    /// px. A lone finger that moves this far while a multi-finger pan waits for the others
    /// fails it (``GestureConfiguration/landingMotion``).
    public var landingMotion: Double

    /// Translation is `accumulated + (centroid - origin)`; re-anchored when fingers come and go
    /// so the translation does not jump.
    private var origin = Point.zero
    private var accumulated = Vector.zero
    private var lastCentroid = Point.zero
    private var sampler: MotionSampler
    private var firstTouchAt = Instant.zero

    /// What a pan asks for: its fingers and directions, and the thresholds it sets itself (nil:
    /// the configuration's, ``GestureConfiguration/Pan``).
    public struct Parameters: Sendable, Equatable {
        public var minimumTouches = 1
        /// nil: ``GestureConfiguration/Pan/maximumTouches``.
        public var maximumTouches: Int?
        public var minimumDistance: Double?
        /// Empty: any direction (a plain pan).
        public var directions: DirectionSet = []
        public var maximumAngle: Double?

        public init(minimumTouches: Int = 1, maximumTouches: Int? = nil, minimumDistance: Double? = nil, directions: DirectionSet = [], maximumAngle: Double? = nil) {
            self.minimumTouches = minimumTouches
            self.maximumTouches = maximumTouches
            self.minimumDistance = minimumDistance
            self.directions = directions
            self.maximumAngle = maximumAngle
        }
    }

    /// Parameters left nil take the configuration's values.
    public convenience init(name: String, minimumTouches: Int = 1, maximumTouches: Int? = nil, minimumDistance: Double? = nil,
                            directions: DirectionSet = [], maximumAngle: Double? = nil, configuration c: GestureConfiguration = .standard) {
        self.init(name: name, Parameters(minimumTouches: minimumTouches, maximumTouches: maximumTouches, minimumDistance: minimumDistance,
                                         directions: directions, maximumAngle: maximumAngle), configuration: c)
    }

    public init(name: String, _ p: Parameters, configuration c: GestureConfiguration = .standard) {
        minimumNumberOfTouches = max(1, p.minimumTouches)
        maximumNumberOfTouches = max(minimumNumberOfTouches, p.maximumTouches ?? c.pan.maximumTouches)
        minimumDistance = p.minimumDistance ?? c.pan.minimumDistance
        directions = p.directions
        maximumAngle = p.maximumAngle ?? c.pan.maximumAngle
        arrivalTolerance = c.fingerArrivalWindow
        touchSlop = c.touchSlop
        landingMotion = c.landingMotion
        sampler = MotionSampler(window: c.velocityWindow)
        super.init(name: name)
    }

    open override var kind: GestureKind { .pan }
    public final override var isContinuous: Bool { true }
    open override var traits: GestureTraits { GestureTraits(kind: kind, touchesRequired: minimumNumberOfTouches) }

    /// Subclasses (edge pan) may veto the start: called when the slop is passed.
    open func mayBegin(with translation: Vector) -> Bool { true }

    public override func touchBegan(_ touch: Touch) {
        let n = numberOfTouches
        if n > maximumNumberOfTouches {
            if state.isInProgress || isHeld { return ignore(touch) }
            return report(.failed)
        }
        if touches.count == 1 {
            firstTouchAt = touch.timestamp
            origin = touch.location
            lastCentroid = origin
            accumulated = .zero
            sampler.reset()
            sampler.add(.zero, at: touch.timestamp)
        } else {
            reanchor()
        }
        if state == .possible && n < minimumNumberOfTouches {
            setDeadline(firstTouchAt + arrivalTolerance)
        } else {
            setDeadline(nil)
        }
    }

    public override func touchMoved(_ touch: Touch) {
        let c = centroid
        lastCentroid = c
        let t = accumulated + (c - origin)
        sampler.add(t, at: touch.timestamp)
        if state.isInProgress { return report(.changed) }
        if isHeld { return }  // it asked to begin; a requirement holds it
        guard numberOfTouches >= minimumNumberOfTouches else {
            if touch.translation.length > (numberOfTouches == 1 ? landingMotion : touchSlop) { report(.failed) }
            return
        }
        if t.length > minimumDistance {
            guard mayBegin(with: t), takeDirection(of: t) else { return report(.failed) }
            report(.began)
        }
    }

    /// A directional pan: the direction `t` goes, if it is within ``maximumAngle`` of one of
    /// ``directions`` (then kept as ``direction``). A plain pan takes any.
    private func takeDirection(of t: Vector) -> Bool {
        guard !directions.isEmpty else { return true }
        guard let (d, degrees) = directions.closest(to: t), degrees <= maximumAngle else { return false }
        direction = d
        return true
    }

    /// The fingers of a frame at once: while it is short of fingers each is checked; then
    /// the centroid moves once for the frame (one sample, one `changed`).
    public override func touchesMoved(_ moved: [Touch]) {
        guard let last = moved.last else { return }
        if !state.isInProgress, !isHeld, numberOfTouches < minimumNumberOfTouches {
            return super.touchesMoved(moved)
        }
        touchMoved(last)
    }

    public override func touchEnded(_ touch: Touch) {
        if numberOfTouches == 0 {
            // The lift is a sample too: a finger that stopped and rested before lifting had
            // no speed left (a touchscreen reports nothing while a finger rests, so the last
            // motion alone would say it was still moving), and a flick lifted moving keeps
            // its speed. The velocity at the end is what a glide starts from.
            if state.isInProgress { sampler.add(translation, at: touch.timestamp) }
            return report(state.isInProgress ? .ended : .failed)
        }
        reanchor()
    }

    public override func deadlineReached(_ now: Instant) {
        if state == .possible && numberOfTouches < minimumNumberOfTouches { report(.failed) }
    }

    private func reanchor() {
        accumulated = accumulated + (lastCentroid - origin)
        origin = centroid
        lastCentroid = origin
    }

    /// Sets the translation reported from now on (UIKit's `setTranslation`).
    public func setTranslation(_ translation: Vector) {
        accumulated = translation
        origin = centroid
        lastCentroid = origin
        sampler.reset()
        sampler.add(translation, at: now)
    }

    open override func reset() {
        accumulated = .zero
        direction = nil
        sampler.reset()
    }

    public override var translation: Vector { accumulated + (lastCentroid - origin) }

    public var velocity: Vector { sampler.velocity }

    open override var values: GestureValues {
        var v = GestureValues()
        v.location = numberOfTouches > 0 ? lastCentroid : centroid
        v.numberOfTouches = numberOfTouches
        v.translation = translation
        v.velocity = velocity
        v.direction = direction
        return v
    }
}
