/// Continuous: fingers moving (semantics.md §8). Begins past `minimumDistance`, reports
/// translation and velocity, ends when all fingers lift.
open class PanGestureRecognizer: GestureRecognizer {
    public var minimumNumberOfTouches: Int
    public var maximumNumberOfTouches: Int
    /// Slop: how far the centroid moves before the pan begins.
    public var minimumDistance: Double
    public var arrivalTolerance = GestureDefaults.arrivalTolerance

    /// Translation is `accumulated + (centroid - origin)`; re-anchored when fingers come and go
    /// so the translation does not jump.
    private var origin = Point.zero
    private var accumulated = Vector.zero
    private var lastCentroid = Point.zero
    private var sampler = MotionSampler()
    private var firstTouchAt = Instant.zero
    private var wantsToBegin = false

    public init(name: String, minimumTouches: Int = 1, maximumTouches: Int = .max, minimumDistance: Double = 10) {
        minimumNumberOfTouches = max(1, minimumTouches)
        maximumNumberOfTouches = max(minimumNumberOfTouches, maximumTouches)
        self.minimumDistance = minimumDistance
        super.init(name: name)
    }

    open override var kind: GestureKind { .pan }
    public final override var isContinuous: Bool { true }

    /// Subclasses (edge pan) may veto the start: called when the slop is passed.
    open func mayBegin(with translation: Vector) -> Bool { true }

    public override func touchBegan(_ touch: Touch) {
        let n = numberOfTouches
        if n > maximumNumberOfTouches {
            if state.isInProgress || wantsToBegin { return ignore(touch) }
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
        guard numberOfTouches >= minimumNumberOfTouches else { return }
        if wantsToBegin || t.length > minimumDistance {
            guard mayBegin(with: t) else { return report(.failed) }
            wantsToBegin = true
            report(.began)
        }
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
        wantsToBegin = false
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

/// Continuous: a pan that must start within `zoneWidth` of an edge of its view (the screen
/// for a screen gesture, the window for a window gesture) and move away from that edge.
public final class EdgePanGestureRecognizer: PanGestureRecognizer {
    public var edges: EdgeSet
    public var zoneWidth: Double
    private var startEdge: EdgeSet = []

    public init(name: String, edges: EdgeSet = .left, zoneWidth: Double = 16, minimumDistance: Double = 10) {
        self.edges = edges
        self.zoneWidth = zoneWidth
        super.init(name: name, minimumTouches: 1, maximumTouches: 1, minimumDistance: minimumDistance)
    }

    public override var kind: GestureKind { .edgePan }

    public override func touchBegan(_ touch: Touch) {
        if touches.count == 1 {
            startEdge = edgesNear(touch.location)
            if startEdge.isEmpty { return report(.failed) }
        }
        super.touchBegan(touch)
    }

    private func edgesNear(_ p: Point) -> EdgeSet {
        guard let f = view?.frame else { return [] }
        var e: EdgeSet = []
        if edges.contains(.left), p.x - f.minX < zoneWidth { e.insert(.left) }
        if edges.contains(.right), f.maxX - p.x <= zoneWidth { e.insert(.right) }
        if edges.contains(.top), p.y - f.minY < zoneWidth { e.insert(.top) }
        if edges.contains(.bottom), f.maxY - p.y <= zoneWidth { e.insert(.bottom) }
        return e
    }

    /// Away from the edge it started at, within 45° of the inward direction.
    public override func mayBegin(with t: Vector) -> Bool {
        (startEdge.contains(.left) && t.dx > abs(t.dy))
            || (startEdge.contains(.right) && -t.dx > abs(t.dy))
            || (startEdge.contains(.top) && t.dy > abs(t.dx))
            || (startEdge.contains(.bottom) && -t.dy > abs(t.dx))
    }

    public override func reset() {
        startEdge = []
        super.reset()
    }
}
