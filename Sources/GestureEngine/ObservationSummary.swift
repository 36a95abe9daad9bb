extension Observation {
    /// One short line per observation, stable for whole-trace assertions:
    /// `tap possible->recognized`, `tap reset`, `win began 1`, `touch 1 claimed`,
    /// `action tap recognized`, `error …`.
    public var summary: String {
        switch self {
        case .state(let r, let from, let to, _, let reset):
            if reset { return "\(r.name) reset" }
            let c = r.isContinuous
            return "\(r.name) \(from.name(continuous: c))->\(to.name(continuous: c))"
        case .delivery(let view, let message, let id, _):
            return "\(view.name) \(message.rawValue) \(id)"
        case .verdict(let d):
            return "touch \(d.id) \(d.verdict.rawValue)"
        case .action(let a):
            return "action \(a.source.name) \(a.stateName)"
        case .error(let e, _):
            return "error \(e)"
        }
    }

    /// The time of the event or deadline that caused it.
    public var time: Instant {
        switch self {
        case .state(_, _, _, let t, _), .delivery(_, _, _, let t), .error(_, let t): t
        case .verdict(let d): d.time
        case .action(let a): a.time
        }
    }
}

/// Records observations; handy for tests, `replay`, and bug reports.
public final class ObservationRecorder: GestureObserver {
    public private(set) var observations: [Observation] = []

    public init() {}

    public func observe(_ observation: Observation) {
        observations.append(observation)
    }

    public func removeAll() { observations.removeAll() }

    /// Every observation as its summary line.
    public var lines: [String] { observations.map(\.summary) }
}
