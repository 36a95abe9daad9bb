import GestureEngine

extension DirectionSet {
    /// The set of a list of directions.
    init(_ list: [Direction]) {
        self = []
        for d in list { insert(DirectionSet(d)) }
    }
}

extension EdgeSet {
    /// The set of a list of edge names (left, right, top, bottom).
    init(names: [String]) {
        self = []
        for e in names {
            switch e {
            case "left": insert(.left)
            case "right": insert(.right)
            case "top": insert(.top)
            default: insert(.bottom)
            }
        }
    }
}

/// The recognizer of a gesture as its profile says it: one value per kind, the engine's own
/// (each recognizer's `Parameters`): its shape, and the thresholds the gesture sets itself.
/// What it leaves out comes from the file's `settings:` (the engine's
/// ``GestureConfiguration``) when the recognizer is made, by the recognizer's rules: the
/// parser reads and checks, the engine resolves, each rule in one place.
public enum RecognizerSpec: Sendable, Equatable {
    case tap(TapGestureRecognizer.Parameters)
    case longPress(LongPressGestureRecognizer.Parameters)
    case pan(PanGestureRecognizer.Parameters)
    case swipe(SwipeGestureRecognizer.Parameters)
    case pinch(PinchGestureRecognizer.Parameters)
    case rotation(RotationGestureRecognizer.Parameters)
    case edgePan(EdgePanGestureRecognizer.Parameters)
    case stroke(templates: [StrokeTemplateSpec], minimumScore: Double, minimumLength: Double)

    var isPinch: Bool {
        if case .pinch = self { return true }
        return false
    }

    /// A pan given directions: its `repeat:` counts along the direction it began in.
    var isDirectionalPan: Bool {
        if case .pan(let p) = self { return !p.directions.isEmpty }
        return false
    }

    public var isContinuous: Bool {
        switch self {
        case .tap, .swipe, .stroke: return false
        default: return true
        }
    }

    /// Builds the engine's recognizer under `configuration` (the file's settings).
    public func makeRecognizer(name: String, configuration c: GestureConfiguration = .standard) -> GestureRecognizer {
        switch self {
        case .tap(let p): TapGestureRecognizer(name: name, p, configuration: c)
        case .longPress(let p): LongPressGestureRecognizer(name: name, p, configuration: c)
        case .pan(let p): PanGestureRecognizer(name: name, p, configuration: c)
        case .swipe(let p): SwipeGestureRecognizer(name: name, p, configuration: c)
        case .pinch(let p): PinchGestureRecognizer(name: name, p, configuration: c)
        case .rotation(let p): RotationGestureRecognizer(name: name, p, configuration: c)
        case .edgePan(let p): EdgePanGestureRecognizer(name: name, p, configuration: c)
        case .stroke(let templates, let score, let length):
            StrokeGestureRecognizer(name: name, templates: templates.map(\.template), minimumScore: score, minimumLength: length)
        }
    }
}
