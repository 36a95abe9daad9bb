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
/// that kind's `settings:` section.
protocol RecognizerKey: SectionKey {
    var threshold: Threshold? { get }
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

    var threshold: Threshold? {
        self == .threshold ? .distance(\.transform.pinchThreshold) : nil
    }
}

enum RotationKey: String, RecognizerKey {
    case touches, threshold

    var threshold: Threshold? {
        self == .threshold ? .angle(\.transform.rotationThreshold, range: ValueRange.rotation) : nil
    }
}

enum EdgePanKey: String, RecognizerKey {
    /// `minimumDistance` starts from `settings.pan`; `settings.edgePan` sets only the zone.
    case edges, edge, zoneWidth, minimumDistance

    var threshold: Threshold? {
        self == .zoneWidth ? .distance(\.edgePan.zoneWidth, range: ValueRange.positiveDistance) : nil
    }
}

extension ProfileParser {
    /// A gesture's recognizer with every parameter resolved: its own keys, else `settings:`,
    /// else the defaults. An empty value (`tap:`) takes every default.
    func parseRecognizer(_ kind: RecognizerKind, _ node: Node) -> RecognizerSpec? {
        if reader.isNull(node) { return parseRecognizer(kind, .mapping(.init([]))) }
        switch kind {
        case .tap:
            var taps = ProfileDefaults.tapTaps, touches = ProfileDefaults.tapTouches
            let s = readRecognizer(node, kind, TapKey.self) { key, value in
                switch key {
                case .taps: taps = reader.integer(value, key.rawValue, range: 1...10) ?? taps
                default: touches = reader.integer(value, key.rawValue, range: ValueRange.touches) ?? touches
                }
            }
            return .tap(taps: taps, touches: touches, maxMovement: s.gestures.tap.maxMovement, maxDuration: s.gestures.tap.maxDuration, maxInterval: s.gestures.tap.maxInterval)
        case .longPress:
            var touches = ProfileDefaults.longPressTouches, taps = ProfileDefaults.longPressTaps
            let s = readRecognizer(node, kind, LongPressKey.self) { key, value in
                switch key {
                case .touches: touches = reader.integer(value, key.rawValue, range: ValueRange.touches) ?? touches
                default: taps = reader.integer(value, key.rawValue, range: 0...5) ?? taps
                }
            }
            return .longPress(minimumDuration: s.gestures.longPress.minimumDuration, allowableMovement: s.gestures.longPress.allowableMovement, touches: touches, taps: taps)
        case .pan:
            var minimum = ProfileDefaults.panMinimumTouches, maximum = ProfileDefaults.panMaximumTouches
            var directions = ProfileDefaults.panDirections
            var given: Set<PanKey> = []
            let s = readRecognizer(node, kind, PanKey.self, given: &given) { key, value in
                switch key {
                case .direction, .directions:
                    // A pan bound to directions begins only when it goes one of them.
                    if reader.list(value).isEmpty {
                        sink.error(value, "a pan's direction must name at least one of: \(directionNames.joined(separator: ", ")) (leave it out for a pan that goes any way)")
                    } else if let list = choices(value, "direction", directionNames) {
                        directions = list.map { Direction(rawValue: $0)! }
                    }
                default:
                    let count = reader.integer(value, key.rawValue, range: ValueRange.touches)
                    switch key {
                    case .minimumTouches: minimum = count ?? minimum
                    case .maximumTouches: maximum = count ?? maximum
                    default: if let count { minimum = count; maximum = count }
                    }
                }
            }
            if maximum < minimum { sink.error(node, "pan maximumTouches (\(maximum)) is below minimumTouches (\(minimum))") }
            if given.contains(.maximumAngle), directions.isEmpty {
                sink.warning(node, "pan maximumAngle applies only to a pan with a direction; this one goes any way")
            }
            return .pan(minimumTouches: minimum, maximumTouches: max(minimum, maximum), minimumDistance: s.gestures.pan.minimumDistance,
                        directions: directions, maximumAngle: s.gestures.pan.maximumAngle)
        case .swipe:
            var directions = ProfileDefaults.swipeDirections, touches = ProfileDefaults.swipeTouches
            var given: Set<SwipeKey> = []
            var s = readRecognizer(node, kind, SwipeKey.self, given: &given) { key, value in
                switch key {
                case .touches: touches = reader.integer(value, key.rawValue, range: ValueRange.touches) ?? touches
                default: if let list = choices(value, "direction", directionNames) { directions = list.map { Direction(rawValue: $0)! } }
                }
            }
            // Multi-finger swipes are desktop gestures: they fire on distance whatever the speed
            // (semantics.md §10), unless the gesture itself asks for a speed or a duration.
            if touches > 1 {
                if !given.contains(.minimumVelocity) { s.gestures.swipe.minimumVelocity = 0 }
                if !given.contains(.maximumDuration) { s.gestures.swipe.maximumDuration = .infinity }
            }
            return .swipe(directions: directions, touches: touches, minimumDistance: s.gestures.swipe.minimumDistance, minimumVelocity: s.gestures.swipe.minimumVelocity,
                          maximumAngle: s.gestures.swipe.maximumAngle, maximumDuration: s.gestures.swipe.maximumDuration)
        case .pinch:
            var touches = ProfileDefaults.pinchTouches, direction = ProfileDefaults.pinchDirection
            let s = readRecognizer(node, kind, PinchKey.self) { key, value in
                switch key {
                case .touches: touches = reader.integer(value, key.rawValue, range: 2...10) ?? touches
                default:
                    if let c = reader.choice(value, "pinch direction", ["in", "out", "any"]) { direction = PinchDirection(rawValue: c)! }
                }
            }
            return .pinch(touches: touches, threshold: s.gestures.transform.pinchThreshold, direction: direction)
        case .rotation:
            var touches = ProfileDefaults.rotationTouches
            let s = readRecognizer(node, kind, RotationKey.self) { key, value in
                touches = reader.integer(value, key.rawValue, range: 2...10) ?? touches
            }
            return .rotation(touches: touches, threshold: s.gestures.transform.rotationThreshold)
        case .edgePan:
            var edges = ProfileDefaults.edgePanEdges, distance = settings.gestures.pan.minimumDistance
            let s = readRecognizer(node, kind, EdgePanKey.self) { key, value in
                switch key {
                case .minimumDistance: distance = reader.number(value, key.rawValue, range: ValueRange.distance) ?? distance
                default: if let list = choices(value, "edge", ["left", "right", "top", "bottom"]) { edges = list }
                }
            }
            return .edgePan(edges: edges, zoneWidth: s.gestures.edgePan.zoneWidth, minimumDistance: distance)
        case .stroke:
            return parseStroke(node)
        }
    }

    /// Reads a recognizer's mapping in file order: each threshold into a copy of the settings
    /// (returned), every other key through `own`.
    private func readRecognizer<Key: RecognizerKey>(_ node: Node, _ kind: RecognizerKind, _ keys: Key.Type, own: (Key, Node) -> Void) -> ProfileSettings {
        var given: Set<Key> = []
        return readRecognizer(node, kind, keys, given: &given, own: own)
    }

    /// The same, also noting which keys the mapping gives (`given`).
    private func readRecognizer<Key: RecognizerKey>(_ node: Node, _ kind: RecognizerKind, _ keys: Key.Type, given: inout Set<Key>, own: (Key, Node) -> Void) -> ProfileSettings {
        var tuned = settings
        for (key, _, value) in reader.entries(node, kind.rawValue, keys) ?? [] {
            given.insert(key)
            if let threshold = key.threshold {
                read(threshold, value, named: key.rawValue, into: &tuned)
            } else {
                own(key, value)
            }
        }
        return tuned
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
