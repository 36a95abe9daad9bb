#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine

/// Whether an action that waits for the lift (`fire: at-lift`) fires: Touchégg's
/// `action_execute_threshold` model. From the moment its gesture is recognized the action's
/// progress follows the fingers — a swipe's travel along its direction, a pinch's spread —
/// from 0 (nothing yet) to 1 (the preview whole); when the fingers lift, the action commits if
/// the progress then is at least ``commit``, and is cancelled otherwise: short of it, or
/// brought back under it. Nothing of X, of clocks or of the engine: it is given the
/// gesture's values frame by frame and the moment the fingers lift.
public struct ActionPreview: Equatable, Sendable {
    /// What the progress measures.
    public enum Measure: Equatable, Sendable {
        /// Travel along a swipe's direction, in px: whole at `distance`. Travel the other way
        /// counts as none.
        case travel(Direction, distance: Double)
        /// Travel along a unit vector, as ``travel``: a touchpad swipe's diagonal (`up-left`,
        /// …), which no ``Direction`` names.
        case along(Vector, distance: Double)
        /// A pinch's spread: whole when it has grown (`out`) or shrunk (`in`) `factor` times;
        /// `any` follows whichever way it went.
        case spread(PinchDirection, factor: Double)
    }

    /// Where it stands.
    public enum Phase: String, Equatable, Sendable {
        /// The fingers are down: the preview follows them.
        case following
        /// They lifted past the commit point: the action fires.
        case committed
        /// They lifted short of it (or the touches were cancelled): the action does not fire.
        case cancelled
    }

    public let measure: Measure
    /// 0…1: the progress the fingers must have reached when they lift.
    public let commit: Double
    /// 0…1: how far the fingers have taken the action.
    public private(set) var progress = 0.0
    public private(set) var phase = Phase.following
    /// The instant of the last frame it followed, or of the lift.
    public private(set) var time: Instant

    public init(_ measure: Measure, commit: Double, at time: Instant) {
        self.measure = measure
        self.commit = min(1, max(0, commit))
        self.time = time
    }

    /// The measure of a recognized swipe or a begun pinch with the thresholds of
    /// `configuration` (``GestureConfiguration/Preview``); nil for other recognizers.
    public init?(for recognizer: RecognizerSpec, values: GestureValues, configuration c: GestureConfiguration.Preview, at time: Instant) {
        switch recognizer {
        case .swipe:
            guard let direction = values.direction else { return nil }
            self.init(.travel(direction, distance: c.distance), commit: c.commit, at: time)
        case .pinch(let p):
            self.init(.spread(p.direction, factor: c.pinchScale), commit: c.commit, at: time)
        default:
            return nil
        }
    }

    /// The measure of a touchpad binding's action once the gesture goes `way`: a swipe's
    /// driver deltas along its direction, whole at `touchpadDistance`; a pinch's scale the way
    /// it went (in or out), whole at `pinchScale`. Nil for a rotation (nothing to follow).
    public init?(touchpad way: TouchpadWay, configuration c: GestureConfiguration.Preview, at time: Instant) {
        switch way {
        case .swipe(let d):
            if let axis = Direction(rawValue: d.rawValue) {
                self.init(.travel(axis, distance: c.touchpadDistance), commit: c.commit, at: time)
            } else {
                self.init(.along(d.unit, distance: c.touchpadDistance), commit: c.commit, at: time)
            }
        case .pinch(.in):
            self.init(.spread(.in, factor: c.pinchScale), commit: c.commit, at: time)
        case .pinch(.out):
            self.init(.spread(.out, factor: c.pinchScale), commit: c.commit, at: time)
        case .pinch:
            return nil
        }
    }

    /// Whether the fingers are past the commit point now: lifting here fires the action.
    public var isPastCommit: Bool { progress >= commit }

    /// The fingers' place in a frame at `time`: a swipe's mean translation since they landed,
    /// a pinch's scale. Ignored once decided.
    public mutating func follow(translation: Vector, scale: Double, at time: Instant) {
        guard phase == .following else { return }
        progress = Self.progress(of: measure, translation: translation, scale: scale)
        self.time = time
    }

    /// The fingers lifted at `time` (their last frame already followed): commits past the
    /// commit point, else cancels. Returns the phase it ends in.
    @discardableResult
    public mutating func lift(at time: Instant) -> Phase {
        guard phase == .following else { return phase }
        phase = isPastCommit ? .committed : .cancelled
        self.time = time
        return phase
    }

    /// The touches were cancelled, or the profile replaced: whatever the progress, no action.
    public mutating func cancel(at time: Instant) {
        guard phase == .following else { return }
        phase = .cancelled
        self.time = time
    }

    /// 0…1 for `measure`.
    static func progress(of measure: Measure, translation: Vector, scale: Double) -> Double {
        switch measure {
        case .travel(let direction, let distance):
            return progress(of: .along(direction.unit, distance: distance), translation: translation, scale: scale)
        case .along(let u, let distance):
            let along = translation.dx * u.dx + translation.dy * u.dy
            return min(1, max(0, along / max(distance, 1)))
        case .spread(let direction, let factor):
            // In ratios: doubling and halving are the same way to go.
            guard scale > 0, scale.isFinite, factor > 1 else { return 0 }
            let steps = log(scale) / log(factor)
            switch direction {
            case .out: return min(1, max(0, steps))
            case .in: return min(1, max(0, -steps))
            case .any: return min(1, abs(steps))
            }
        }
    }
}
