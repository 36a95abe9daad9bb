@testable import GestureEngine

/// A screen, a manual clock, a recorder, and terse input helpers. Times are milliseconds.
final class Harness {
    let clock = ManualClock()
    let engine: GestureEngine
    let recorder = ObservationRecorder()
    var screen: View { engine.root }

    init(width: Double = 1920, height: Double = 1080) {
        engine = GestureEngine(screen: Rect(x: 0, y: 0, width: width, height: height), clock: clock)
        engine.trapsOnIllegalTransition = false
        engine.addObserver(recorder)
    }

    /// A child view of `parent` (default: the screen).
    @discardableResult
    func view(_ name: String, _ frame: Rect, in parent: View? = nil, control: Control? = nil) -> View {
        let v = View(name: name, frame: frame)
        v.control = control
        (parent ?? screen).addSubview(v)
        return v
    }

    func send(_ phase: TouchPhase, _ id: Int64, _ x: Double, _ y: Double, at ms: Double) {
        clock.advance(to: Instant(milliseconds: ms))
        engine.process(TouchEvent(id: TouchID(id), phase: phase, location: Point(x: x, y: y), timestamp: Instant(milliseconds: ms)))
    }

    func down(_ id: Int64, _ x: Double, _ y: Double, at ms: Double) { send(.began, id, x, y, at: ms) }
    func move(_ id: Int64, _ x: Double, _ y: Double, at ms: Double) { send(.moved, id, x, y, at: ms) }
    func up(_ id: Int64, _ x: Double, _ y: Double, at ms: Double) { send(.ended, id, x, y, at: ms) }
    func cancel(_ id: Int64, _ x: Double, _ y: Double, at ms: Double) { send(.cancelled, id, x, y, at: ms) }

    /// A straight drag of one finger in `steps` moves, from down to up.
    func drag(_ id: Int64, from a: Point, to b: Point, start ms: Double, duration: Double, steps: Int = 10, lift: Bool = true) {
        down(id, a.x, a.y, at: ms)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            move(id, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, at: ms + duration * f)
        }
        if lift { up(id, b.x, b.y, at: ms + duration) }
    }

    /// A tap: down and up at the same place.
    func tap(_ id: Int64, _ x: Double, _ y: Double, at ms: Double, holding: Double = 50) {
        down(id, x, y, at: ms)
        up(id, x, y, at: ms + holding)
    }

    /// Lets the clock run to `ms`, firing deadlines (what the daemon's poll timeout does).
    func wait(until ms: Double) {
        clock.advance(to: Instant(milliseconds: ms))
        engine.advanceToClock()
    }

    /// Runs every pending deadline.
    func drain() { engine.drainDeadlines() }

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
