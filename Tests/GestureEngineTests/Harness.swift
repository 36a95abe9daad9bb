import TestSupport
@testable import GestureEngine

/// The shared ``EngineHarness`` on a bare screen, with a recorder of every observation and
/// ways to read it.
final class Harness: EngineHarness {
    let recorder = ObservationRecorder()
    var screen: View { engine.root }

    /// Every way of making the harness (its own engine on a bare screen, `Harness(width:height:)`,
    /// is inherited) comes through here, so every engine is recorded and never traps.
    override init(engine: GestureEngine, clock: ManualClock, tapHolding: Double = 50, dragSteps: Int = 10) {
        super.init(engine: engine, clock: clock, tapHolding: tapHolding, dragSteps: dragSteps)
        engine.trapsOnIllegalTransition = false
        engine.addObserver(recorder)
    }

    /// A child view of `parent` (default: the screen), with these recognizers in this order.
    @discardableResult
    func view(_ name: String, _ frame: Rect, in parent: View? = nil, control: Control? = nil, recognizers: [GestureRecognizer] = []) -> View {
        let v = View(name: name, frame: frame)
        v.control = control
        (parent ?? screen).addSubview(v)
        recognizers.forEach(v.addGestureRecognizer)
        return v
    }

    var lines: [String] { recorder.lines }

    /// Only the lines matching a filter, e.g. deliveries to one view.
    func lines(where keep: (Observation) -> Bool) -> [String] {
        recorder.observations.filter(keep).map(\.summary)
    }

    /// What `view` received, as `touchesBegan 1`, UIKit-style.
    func deliveries(to view: View) -> [String] {
        recorder.observations.compactMap {
            guard case .delivery(let v, let m, let id, _) = $0, v === view else { return nil }
            return "touches\(m.rawValue.prefix(1).uppercased())\(m.rawValue.dropFirst()) \(id)"
        }
    }

    /// Deliveries to `view` and actions, in order (the §6 sequences that mention the action).
    func deliveriesAndActions(to view: View) -> [String] {
        recorder.observations.compactMap {
            switch $0 {
            case .delivery(let v, let m, let id, _) where v === view:
                return "touches\(m.rawValue.prefix(1).uppercased())\(m.rawValue.dropFirst()) \(id)"
            case .action(let a):
                return "action \(a.source.name)"
            default:
                return nil
            }
        }
    }

    /// State changes (resets included), verdicts and actions; no deliveries.
    var gestureLines: [String] {
        lines { if case .delivery = $0 { return false }; return true }
    }

    var actions: [String] {
        lines { if case .action = $0 { return true }; return false }
    }

    var verdicts: [String] {
        lines { if case .verdict = $0 { return true }; return false }
    }

    var errors: [String] {
        lines { if case .error = $0 { return true }; return false }
    }
}

extension Point {
    init(_ x: Double, _ y: Double) { self.init(x: x, y: y) }
}
