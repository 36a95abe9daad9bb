/// Continuous: fingers moving (semantics.md §8). Begins past `minimumDistance`, reports
/// translation and velocity, ends when all fingers lift.
open class PanGestureRecognizer: GestureRecognizer {
    public var minimumNumberOfTouches: Int
    public var maximumNumberOfTouches: Int
    /// Slop: how far the centroid moves before the pan begins.
    public var minimumDistance: Double
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

    /// Parameters left nil take the configuration's values.
    public init(name: String, minimumTouches: Int = 1, maximumTouches: Int = .max, minimumDistance: Double? = nil,
                configuration c: GestureConfiguration = .standard) {
        minimumNumberOfTouches = max(1, minimumTouches)
        maximumNumberOfTouches = max(minimumNumberOfTouches, maximumTouches)
        self.minimumDistance = minimumDistance ?? c.pan.minimumDistance
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
            guard mayBegin(with: t) else { return report(.failed) }
            report(.began)
        }
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
        return v
    }
}
