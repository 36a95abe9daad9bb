import GestureEngine

extension DirectionSet {
    /// The set of a list of directions.
    init(_ list: [Direction]) {
        self = []
        for d in list { insert(DirectionSet(d)) }
    }
}

/// The recognizer of a gesture with every parameter resolved (settings already applied).
public enum RecognizerSpec: Sendable, Equatable {
    case tap(taps: Int, touches: Int, maxMovement: Double, maxDuration: Double, maxInterval: Double)
    case longPress(minimumDuration: Double, allowableMovement: Double, touches: Int, taps: Int)
    /// `directions` empty: any direction (a plain pan); else a directional pan.
    case pan(minimumTouches: Int, maximumTouches: Int, minimumDistance: Double, directions: [Direction] = [], maximumAngle: Double = GestureConfiguration.standard.pan.maximumAngle)
    case swipe(directions: [Direction], touches: Int, minimumDistance: Double, minimumVelocity: Double, maximumAngle: Double, maximumDuration: Double)
    case pinch(touches: Int, threshold: Double, direction: PinchDirection)
    case rotation(touches: Int, threshold: Double)
    case edgePan(edges: [String], zoneWidth: Double, minimumDistance: Double)
    case stroke(templates: [StrokeTemplateSpec], minimumScore: Double, minimumLength: Double)

    var isPinch: Bool {
        if case .pinch = self { return true }
        return false
    }

    /// A pan given directions: its `repeat:` counts along the direction it began in.
    var isDirectionalPan: Bool {
        if case .pan(_, _, _, let directions, _) = self { return !directions.isEmpty }
        return false
    }

    public var isContinuous: Bool {
        switch self {
        case .tap, .swipe, .stroke: return false
        default: return true
        }
    }

    /// Builds the engine's recognizer: the spec's parameters, and `configuration`'s for the
    /// thresholds a spec does not carry (slop, finger arrival, how transforms are told from
    /// scrolling).
    public func makeRecognizer(name: String, configuration c: GestureConfiguration = .standard) -> GestureRecognizer {
        switch self {
        case .tap(let taps, let touches, let mm, let md, let mi):
            return TapGestureRecognizer(name: name, taps: taps, touches: touches, maxMovement: mm, maxDuration: md, maxInterval: mi, configuration: c)
        case .longPress(let d, let m, let touches, let taps):
            return LongPressGestureRecognizer(name: name, minimumDuration: d, allowableMovement: m, touches: touches, taps: taps, configuration: c)
        case .pan(let minT, let maxT, let dist, let dirs, let angle):
            return PanGestureRecognizer(name: name, minimumTouches: minT, maximumTouches: maxT, minimumDistance: dist, directions: DirectionSet(dirs),
                                        maximumAngle: angle, configuration: c)
        case .swipe(let dirs, let touches, let dist, let vel, let angle, let dur):
            return SwipeGestureRecognizer(name: name, directions: DirectionSet(dirs), touches: touches, minimumDistance: dist, minimumVelocity: vel, maximumAngle: angle, maximumDuration: dur, configuration: c)
        case .pinch(let touches, let threshold, let direction):
            return PinchGestureRecognizer(name: name, touches: touches, threshold: threshold, direction: direction, configuration: c)
        case .rotation(let touches, let threshold):
            return RotationGestureRecognizer(name: name, touches: touches, threshold: threshold, configuration: c)
        case .edgePan(let edges, let zone, let dist):
            var set: EdgeSet = []
            for e in edges {
                switch e {
                case "left": set.insert(.left)
                case "right": set.insert(.right)
                case "top": set.insert(.top)
                default: set.insert(.bottom)
                }
            }
            return EdgePanGestureRecognizer(name: name, edges: set, zoneWidth: zone, minimumDistance: dist, configuration: c)
        case .stroke(let templates, let score, let length):
            return StrokeGestureRecognizer(name: name, templates: templates.map(\.template), minimumScore: score, minimumLength: length)
        }
    }
}
