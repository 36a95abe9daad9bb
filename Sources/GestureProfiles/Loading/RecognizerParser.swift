import GestureEngine
import YAMLTree

/// The recognizer keys of a gesture (a gesture has exactly one).
enum RecognizerKind: String, SectionKey {
    case tap, longPress, pan, swipe, pinch, rotation, edgePan, stroke

    /// The keys its mapping accepts.
    var keys: any RecognizerKey.Type {
        switch self {
        case .tap: TapKey.self
        case .longPress: LongPressKey.self
        case .pan: PanKey.self
        case .swipe: SwipeKey.self
        case .pinch: PinchKey.self
        case .rotation: RotationKey.self
        case .edgePan: EdgePanKey.self
        case .stroke: StrokeKey.self
        }
    }
}

/// A threshold that `settings:` sets for every recognizer of a kind and that a recognizer's
/// own key overrides: where it lives in the settings, and the values it may take.
struct Threshold {
    /// Where it lives in the engine's configuration.
    let setting: WritableKeyPath<GestureConfiguration, Double>
    let range: ClosedRange<Double>
    /// What it measures in, as the docs write it.
    let unit: String

    static func distance(_ s: WritableKeyPath<GestureConfiguration, Double>, range: ClosedRange<Double> = ValueRange.distance) -> Threshold {
        Threshold(setting: s, range: range, unit: "px")
    }
    static func duration(_ s: WritableKeyPath<GestureConfiguration, Double>) -> Threshold {
        Threshold(setting: s, range: ValueRange.duration, unit: "s")
    }
    static func velocity(_ s: WritableKeyPath<GestureConfiguration, Double>) -> Threshold {
        Threshold(setting: s, range: ValueRange.velocity, unit: "px/s")
    }
    static func angle(_ s: WritableKeyPath<GestureConfiguration, Double>, range: ClosedRange<Double>) -> Threshold {
        Threshold(setting: s, range: range, unit: "degrees")
    }
}

/// The keys of one recognizer kind's mapping. Those with a ``threshold`` are also the keys of
/// that kind's `settings:` section; those with an ``own`` place are numbers the gesture sets
/// for itself, in its kind's `Parameters` (the engine's), read with the threshold's range.
protocol RecognizerKey: SectionKey {
    associatedtype Parameters
    var threshold: Threshold? { get }
    /// Where the gesture's own value goes (nil: the key is read by the kind's own code).
    var own: WritableKeyPath<Parameters, Double?>? { get }
}

extension RecognizerKey {
    /// The keys `settings.<kind>` accepts.
    static var thresholdKeys: [Self] { allCases.filter { $0.threshold != nil } }
}

/// The values numbers may take, by what they measure.
enum ValueRange {
    static let distance: ClosedRange<Double> = 0...10000
    static let positiveDistance: ClosedRange<Double> = 1...10000
    static let duration: ClosedRange<Double> = 0.01...60
    static let velocity: ClosedRange<Double> = 0...100_000
    static let swipeAngle: ClosedRange<Double> = 0...90
    static let rotation: ClosedRange<Double> = 0...180
    static let touches: ClosedRange<Int> = 1...10
}

/// Direction names as profiles write them (and list them in errors).
let directionNames = ["left", "right", "up", "down"]

enum TapKey: String, RecognizerKey {
    case taps, touches, maxMovement, maxDuration, maxInterval

    typealias Parameters = TapGestureRecognizer.Parameters

    var own: WritableKeyPath<Parameters, Double?>? {
        switch self {
        case .maxMovement: \.maxMovement
        case .maxDuration: \.maxDuration
        case .maxInterval: \.maxInterval
        default: nil
        }
    }

    var threshold: Threshold? {
        switch self {
        case .taps, .touches: nil
        case .maxMovement: .distance(\.tap.maxMovement)
        case .maxDuration: .duration(\.tap.maxDuration)
        case .maxInterval: .duration(\.tap.maxInterval)
        }
    }
}

enum LongPressKey: String, RecognizerKey {
    case minimumDuration, allowableMovement, touches, taps

    typealias Parameters = LongPressGestureRecognizer.Parameters

    var own: WritableKeyPath<Parameters, Double?>? {
        switch self {
        case .minimumDuration: \.minimumDuration
        case .allowableMovement: \.allowableMovement
        default: nil
        }
    }

    var threshold: Threshold? {
        switch self {
        case .minimumDuration: .duration(\.longPress.minimumDuration)
        case .allowableMovement: .distance(\.longPress.allowableMovement)
        case .touches, .taps: nil
        }
    }
}

enum PanKey: String, RecognizerKey {
    case minimumTouches, maximumTouches, minimumDistance, touches, direction, directions, maximumAngle

    typealias Parameters = PanGestureRecognizer.Parameters

    var own: WritableKeyPath<Parameters, Double?>? {
        switch self {
        case .minimumDistance: \.minimumDistance
        case .maximumAngle: \.maximumAngle
        default: nil
        }
    }

    var threshold: Threshold? {
        switch self {
        case .minimumDistance: .distance(\.pan.minimumDistance)
        case .maximumAngle: .angle(\.pan.maximumAngle, range: ValueRange.swipeAngle)
        default: nil
        }
    }
}

enum SwipeKey: String, RecognizerKey {
    case direction, directions, touches, minimumDistance, minimumVelocity, maximumAngle, maximumDuration

    typealias Parameters = SwipeGestureRecognizer.Parameters

    var own: WritableKeyPath<Parameters, Double?>? {
        switch self {
        case .minimumDistance: \.minimumDistance
        case .minimumVelocity: \.minimumVelocity
        case .maximumAngle: \.maximumAngle
        case .maximumDuration: \.maximumDuration
        default: nil
        }
    }

    var threshold: Threshold? {
        switch self {
        case .direction, .directions, .touches: nil
        case .minimumDistance: .distance(\.swipe.minimumDistance, range: ValueRange.positiveDistance)
        case .minimumVelocity: .velocity(\.swipe.minimumVelocity)
        case .maximumAngle: .angle(\.swipe.maximumAngle, range: ValueRange.swipeAngle)
        case .maximumDuration: .duration(\.swipe.maximumDuration)
        }
    }
}

enum PinchKey: String, RecognizerKey {
    case touches, threshold, direction

    typealias Parameters = PinchGestureRecognizer.Parameters

    var own: WritableKeyPath<Parameters, Double?>? {
        switch self {
        case .threshold: \.threshold
        default: nil
        }
    }

    var threshold: Threshold? {
        self == .threshold ? .distance(\.transform.pinchThreshold) : nil
    }
}

enum RotationKey: String, RecognizerKey {
    case touches, threshold

    typealias Parameters = RotationGestureRecognizer.Parameters

    var own: WritableKeyPath<Parameters, Double?>? {
        switch self {
        case .threshold: \.threshold
        default: nil
        }
    }

    var threshold: Threshold? {
        self == .threshold ? .angle(\.transform.rotationThreshold, range: ValueRange.rotation) : nil
    }
}

enum EdgePanKey: String, RecognizerKey {
    /// `minimumDistance` starts from `settings.pan`; `settings.edgePan` sets only the zone.
    case edges, edge, zoneWidth, minimumDistance

    typealias Parameters = EdgePanGestureRecognizer.Parameters

    var own: WritableKeyPath<Parameters, Double?>? {
        switch self {
        case .zoneWidth: \.zoneWidth
        case .minimumDistance: \.minimumDistance
        default: nil
        }
    }

    var threshold: Threshold? {
        self == .zoneWidth ? .distance(\.edgePan.zoneWidth, range: ValueRange.positiveDistance) : nil
    }
}

extension ProfileParser {
    /// A gesture's recognizer as its mapping says it: each key read and checked into the
    /// kind's parameters; what it leaves out is the engine's to fill from `settings:` (an empty
    /// value, `tap:`, takes every default).
    func parseRecognizer(_ kind: RecognizerKind, _ node: Node) -> RecognizerSpec? {
        if reader.isNull(node) { return parseRecognizer(kind, .mapping(.init([]))) }
        switch kind {
        case .tap:
            let p = readRecognizer(node, kind, TapKey.self, into: TapGestureRecognizer.Parameters()) { p, key, value in
                switch key {
                case .taps: p.taps = reader.integer(value, key.rawValue, range: 1...10) ?? p.taps
                default: p.touches = reader.integer(value, key.rawValue, range: ValueRange.touches) ?? p.touches
                }
            }
            return .tap(p)
        case .longPress:
            let p = readRecognizer(node, kind, LongPressKey.self, into: LongPressGestureRecognizer.Parameters()) { p, key, value in
                switch key {
                case .touches: p.touches = reader.integer(value, key.rawValue, range: ValueRange.touches) ?? p.touches
                default: p.taps = reader.integer(value, key.rawValue, range: 0...5) ?? p.taps
                }
            }
            return .longPress(p)
        case .pan:
            var given: Set<PanKey> = []
            let p = readRecognizer(node, kind, PanKey.self, into: PanGestureRecognizer.Parameters(), given: &given) { p, key, value in
                switch key {
                case .direction, .directions:
                    // A pan bound to directions begins only when it goes one of them.
                    if reader.list(value).isEmpty {
                        sink.error(value, "a pan's direction must name at least one of: \(directionNames.joined(separator: ", ")) (leave it out for a pan that goes any way)")
                    } else if let list = choices(value, "direction", directionNames) {
                        p.directions = DirectionSet(list.map { Direction(rawValue: $0)! })
                    }
                default:
                    let count = reader.integer(value, key.rawValue, range: ValueRange.touches)
                    switch key {
                    case .minimumTouches: p.minimumTouches = count ?? p.minimumTouches
                    case .maximumTouches: p.maximumTouches = count ?? p.maximumTouches
                    default: if let count { p.minimumTouches = count; p.maximumTouches = count }
                    }
                }
            }
            if let maximum = p.maximumTouches, maximum < p.minimumTouches {
                sink.error(node, "pan maximumTouches (\(maximum)) is below minimumTouches (\(p.minimumTouches))")
            }
            if given.contains(.maximumAngle), p.directions.isEmpty {
                sink.warning(node, "pan maximumAngle applies only to a pan with a direction; this one goes any way")
            }
            return .pan(p)
        case .swipe:
            let p = readRecognizer(node, kind, SwipeKey.self, into: SwipeGestureRecognizer.Parameters()) { p, key, value in
                switch key {
                case .touches: p.touches = reader.integer(value, key.rawValue, range: ValueRange.touches) ?? p.touches
                default: if let list = choices(value, "direction", directionNames) { p.directions = DirectionSet(list.map { Direction(rawValue: $0)! }) }
                }
            }
            return .swipe(p)
        case .pinch:
            let p = readRecognizer(node, kind, PinchKey.self, into: PinchGestureRecognizer.Parameters()) { p, key, value in
                switch key {
                case .touches: p.touches = reader.integer(value, key.rawValue, range: 2...10) ?? p.touches
                default:
                    if let c = reader.choice(value, "pinch direction", ["in", "out", "any"]) { p.direction = PinchDirection(rawValue: c)! }
                }
            }
            return .pinch(p)
        case .rotation:
            let p = readRecognizer(node, kind, RotationKey.self, into: RotationGestureRecognizer.Parameters()) { p, key, value in
                p.touches = reader.integer(value, key.rawValue, range: 2...10) ?? p.touches
            }
            return .rotation(p)
        case .edgePan:
            let p = readRecognizer(node, kind, EdgePanKey.self, into: EdgePanGestureRecognizer.Parameters()) { p, key, value in
                if let list = choices(value, "edge", ["left", "right", "top", "bottom"]) { p.edges = EdgeSet(names: list) }
            }
            return .edgePan(p)
        case .stroke:
            return parseStroke(node)
        }
    }

    /// Reads a recognizer's mapping in file order into `parameters`: each number the gesture
    /// sets for itself into its place, checked against its range; every other key through
    /// `read`.
    private func readRecognizer<Key: RecognizerKey>(_ node: Node, _ kind: RecognizerKind, _ keys: Key.Type, into parameters: Key.Parameters,
                                                    read: (inout Key.Parameters, Key, Node) -> Void) -> Key.Parameters {
        var given: Set<Key> = []
        return readRecognizer(node, kind, keys, into: parameters, given: &given, read: read)
    }

    /// The same, also noting which keys the mapping gives (`given`).
    private func readRecognizer<Key: RecognizerKey>(_ node: Node, _ kind: RecognizerKind, _ keys: Key.Type, into parameters: Key.Parameters,
                                                    given: inout Set<Key>, read: (inout Key.Parameters, Key, Node) -> Void) -> Key.Parameters {
        var p = parameters
        for (key, _, value) in reader.entries(node, kind.rawValue, keys) ?? [] {
            given.insert(key)
            if let own = key.own {
                let range = key.threshold?.range ?? ValueRange.distance
                if let v = reader.number(value, key.rawValue, range: range) { p[keyPath: own] = v }
            } else {
                read(&p, key, value)
            }
        }
        return p
    }

    /// A threshold's value into `settings` (unchanged when the value is wrong: it is reported).
    func read(_ threshold: Threshold, _ value: Node, named what: String, into settings: inout ProfileSettings) {
        if let v = reader.number(value, what, range: threshold.range) { settings.gestures[keyPath: threshold.setting] = v }
    }

    /// The valid choices of a list (or of a single value standing for a list of one); nil
    /// when none is valid (the default stays).
    private func choices(_ node: Node, _ what: String, _ options: [String]) -> [String]? {
        let valid = reader.list(node).compactMap { reader.choice($0, what, options) }
        return valid.isEmpty ? nil : valid
    }
}
