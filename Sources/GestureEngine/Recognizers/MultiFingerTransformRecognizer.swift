/// Continuous gestures of a fixed number of fingers that transform together (pinch,
/// rotation). The fingers may land ``arrivalTolerance`` apart, and a finger moving past the
/// slop before the last has landed fails the gesture (``FingerLanding``). Once all are down,
/// each move is judged as a whole: fingers moving together are a scroll and fail it at once;
/// the subclass begins only on a relative motion of its own kind that dominates
/// (``FingerMotion``). Extra fingers fail it before it begins and are ignored after; a finger
/// lifting ends it.
open class MultiFingerTransformRecognizer: GestureRecognizer {
    public var numberOfTouchesRequired: Int { didSet { landing.required = max(2, numberOfTouchesRequired) } }
    /// s. How far apart the fingers may land.
    public var arrivalTolerance: Double { didSet { landing.window = arrivalTolerance } }
    /// px. Past this, a finger moving before all have landed, or the fingers translating
    /// together, rule the gesture out.
    public var touchSlop: Double { didSet { landing.slop = touchSlop } }
    /// px. A finger's direction counts once it has moved this far.
    public var fingerMotionThreshold: Double
    /// How much one kind of motion must exceed the other to decide.
    public var dominance: Double

    private var landing: FingerLanding
    /// Where each finger was when the last one landed, and where it is now (same order).
    private var starts: [Point] = []
    private var currents: [Point] = []

    init(name: String, touches: Int, configuration c: GestureConfiguration) {
        numberOfTouchesRequired = max(2, touches)
        arrivalTolerance = c.fingerArrivalWindow
        touchSlop = c.touchSlop
        fingerMotionThreshold = c.transform.fingerMotionThreshold
        dominance = c.transform.dominance
        // A pinch's thumb may rest while the finger comes: the whole window, resting or not.
        landing = FingerLanding(required: max(2, touches), window: c.fingerArrivalWindow, slop: c.touchSlop, pause: nil, configuration: c)
        super.init(name: name)
        starts.reserveCapacity(numberOfTouchesRequired)
        currents.reserveCapacity(numberOfTouchesRequired)
    }

    public final override var isContinuous: Bool { true }
    open override var traits: GestureTraits { GestureTraits(kind: kind, touchesRequired: numberOfTouchesRequired) }

    /// All fingers are down: start measuring from here.
    open func fingersLanded(at time: Instant) {}
    /// A finger moved with all fingers down: update the measure.
    open func measure(at time: Instant) {}
    /// Before it begins, after each measure: whether the fingers' motion makes this gesture
    /// now (true), not yet (false), or never (nil: it fails).
    open func decide(_ motion: FingerMotion) -> Bool? { false }

    public final override func touchBegan(_ touch: Touch) {
        if state.isInProgress || isHeld { return ignore(touch) }
        guard land(touch, in: &landing) else { return }
        setDeadline(nil)
        starts.removeAll(keepingCapacity: true)
        for t in touches where t.isActive { starts.append(t.location) }
        fingersLanded(at: touch.timestamp)
    }

    public final override func touchMoved(_ touch: Touch) {
        touchesMoved([touch])
    }

    /// The fingers of a frame judged together: a landing ruled out by any of them, else one
    /// measure and one decision for the frame.
    public final override func touchesMoved(_ moved: [Touch]) {
        guard let last = moved.last else { return }
        guard landing.isComplete else { return landingMoved(moved, in: &landing) }
        measure(at: last.timestamp)
        if state.isInProgress { return report(.changed) }
        guard !isHeld else { return }  // it asked to begin; a requirement holds it
        let motion = currentMotion()
        if motion.isTranslation(slop: touchSlop, dominance: dominance) { return report(.failed) }
        switch decide(motion) {
        case nil: report(.failed)
        case true?: report(.began)
        case false?: break
        }
    }

    public final override func touchEnded(_ touch: Touch) {
        report(state.isInProgress ? .ended : .failed)
    }

    public final override func deadlineReached(_ now: Instant) {
        report(.failed)  // the other fingers never came
    }

    open override func reset() {
        landing.reset()
    }

    private func currentMotion() -> FingerMotion {
        currents.removeAll(keepingCapacity: true)
        for t in touches where t.isActive { currents.append(t.location) }
        let threshold = fingerMotionThreshold
        return starts.withUnsafeBufferPointer { s in
            currents.withUnsafeBufferPointer { c in FingerMotion(start: s, current: c, motionThreshold: threshold) }
        }
    }
}
