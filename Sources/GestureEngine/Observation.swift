/// What a view (the application) is given of a touch, after the delays and cancels of
/// semantics.md §6.
public enum DeliveryMessage: String, Hashable, Sendable {
    case began, moved, ended, cancelled
}

/// Values of a gesture at one moment, copied when its action is queued so that an action
/// run after the event still sees what the gesture saw.
public struct GestureValues: Hashable, Sendable {
    /// Centroid of the gesture's touches.
    public var location = Point.zero
    /// Pan-like gestures: displacement of the centroid since the start (px).
    public var translation = Vector.zero
    /// Pan-like gestures: px/s.
    public var velocity = Vector.zero
    /// Pinch: span relative to the start (1.0 at the start).
    public var scale = 1.0
    /// Pinch: scale per second.
    public var scaleVelocity = 0.0
    /// Rotation: radians since the start, clockwise on screen positive.
    public var rotation = 0.0
    /// Rotation: radians per second.
    public var rotationVelocity = 0.0
    /// Touches down when the values were taken.
    public var numberOfTouches = 0
    /// Controls: the new value.
    public var value: Double?
    /// Swipes: the direction recognized; directional pans: the direction they began in.
    public var direction: Direction?
    /// Strokes: the index of the template matched (in the recognizer's `templates`), and its
    /// score (0…1).
    public var templateIndex: Int?
    public var score: Double?

    public init() {}

    /// `rotation` in degrees.
    public var degrees: Double { rotation * 180 / Double.pi }
}

/// Who fired an action: a recognizer, or a control's default gesture.
public enum ActionSource {
    case gesture(GestureRecognizer)
    case control(View)

    public var name: String {
        switch self {
        case .gesture(let r): r.name
        case .control(let v): v.name
        }
    }
}

/// One action fired: the recognizer (or control), the state that fired it, and its values.
public struct ActionEvent {
    public var source: ActionSource
    public var state: GestureState
    public var values: GestureValues
    public var time: Instant
    /// A control's: the window its touch landed on, as the input source found it
    /// (``LandingWindow``); a gesture's is its recognizer's ``GestureRecognizer/landingWindow``.
    public var landedOn: LandingWindow? = nil

    /// `began`, `changed`, `ended`, `cancelled`, or `recognized` for discrete gestures and controls.
    public var stateName: String {
        switch source {
        case .gesture(let r): state.name(continuous: r.isContinuous)
        case .control: state.name(continuous: false)
        }
    }

    /// The recognizer that fired, if it was one.
    public var recognizer: GestureRecognizer? {
        if case .gesture(let r) = source { return r }
        return nil
    }
}

/// Programming or input errors the engine survived.
public enum EngineError: Hashable, CustomStringConvertible {
    /// A recognizer asked for a transition the table of semantics.md §1 forbids; it was refused.
    case illegalTransition(gesture: String, from: GestureState, to: GestureState)
    /// Two recognizers waited for each other through hooks; the later one was failed.
    case requirementCycle(gesture: String, waitingOn: String)
    /// A recognizer kept no deadline and no touches but stayed `possible`; it was failed.
    case leftUndecided(gesture: String)
    /// An event for a touch id that is not down (or a began for one that is).
    case unexpectedTouch(id: TouchID, phase: TouchPhase)

    public var description: String {
        switch self {
        case .illegalTransition(let g, let f, let t): "illegal transition of \(g): \(f) -> \(t)"
        case .requirementCycle(let g, let w): "\(g) and \(w) wait for each other to fail; \(g) fails"
        case .leftUndecided(let g): "\(g) stayed possible with nothing left to wait for; it fails"
        case .unexpectedTouch(let id, let phase): "unexpected \(phase.rawValue) for touch \(id)"
        }
    }
}

/// One thing the engine did, in the order it did it: the observation stream behind the
/// event log of trace.md and the whole-trace tests.
public enum Observation {
    /// A state transition; `reset` marks the return to `possible` after a sequence.
    case state(GestureRecognizer, from: GestureState, to: GestureState, time: Instant, reset: Bool)
    /// A message delivered to a view.
    case delivery(View, DeliveryMessage, TouchID, time: Instant)
    /// The final verdict on a touch (exactly once per touch), with why and how long it was held.
    case verdict(TouchDecision)
    /// An action fired (after the event that caused it).
    case action(ActionEvent)
    /// Something the engine survived.
    case error(EngineError, time: Instant)
}

/// Receives the observation stream. Called synchronously, in order; keep it cheap.
public protocol GestureObserver: AnyObject {
    func observe(_ observation: Observation)
}
