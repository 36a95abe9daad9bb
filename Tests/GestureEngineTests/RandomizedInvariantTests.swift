import TestSupport
import Testing
@testable import GestureEngine


/// Checks the engine's invariants on the observation stream as it happens.
final class InvariantChecker: GestureObserver {
    var violations: [String] = []
    private var states: [ObjectIdentifier: GestureState] = [:]
    private var failedSinceReset: Set<ObjectIdentifier> = []
    private(set) var verdictCount: [TouchID: Int] = [:]
    private var deliveries: [TouchID: [DeliveryMessage]] = [:]

    func observe(_ o: Observation) {
        switch o {
        case .state(let r, let from, let to, _, let reset):
            let id = ObjectIdentifier(r)
            let known = states[id] ?? .possible
            if known != from { violations.append("\(r.name): from \(from) but was \(known)") }
            if reset {
                if !from.isTerminal || to != .possible { violations.append("\(r.name): reset \(from)->\(to)") }
                failedSinceReset.remove(id)
            } else if !GestureState.isLegalTransition(from: from, to: to, continuous: r.isContinuous) {
                violations.append("\(r.name): illegal \(from)->\(to)")
            }
            if to == .failed { failedSinceReset.insert(id) }
            states[id] = to
        case .action(let a):
            if let r = a.recognizer {
                if failedSinceReset.contains(ObjectIdentifier(r)) { violations.append("\(r.name): action after failed") }
                if a.state == .failed || a.state == .possible { violations.append("\(r.name): action for \(a.state)") }
            }
        case .verdict(let d):
            let id = d.id
            verdictCount[id, default: 0] += 1
        case .delivery(_, let m, let id, _):
            var seq = deliveries[id, default: []]
            if let last = seq.last, last == .ended || last == .cancelled { violations.append("touch \(id): \(m) after \(last)") }
            if seq.isEmpty && m != .began { violations.append("touch \(id): \(m) before began") }
            if !seq.isEmpty && m == .began { violations.append("touch \(id): began twice") }
            seq.append(m)
            deliveries[id] = seq
        case .error(let e, _):
            violations.append("error: \(e)")
        }
    }
}

@Suite struct RandomizedInvariantTests {
    static let streams = 10_000
    static let seed: UInt64 = 0x7AC7_05

    @Test func invariantsHoldOverGeneratedStreams() {
        var totalEvents = 0
        var totalTouches = 0
        var actionsSeen = 0
        var failures: [String] = []
        for i in 0..<Self.streams {
            var rng = SeededRandom(seed: Self.seed &+ UInt64(i) &* 0x1000_0001)
            let result = runStream(&rng)
            totalEvents += result.events
            totalTouches += result.touches
            actionsSeen += result.actions
            if !result.violations.isEmpty {
                failures.append("stream \(i): " + result.violations.prefix(5).joined(separator: "; "))
                if failures.count >= 5 { break }
            }
        }
        #expect(failures == [])
        // The generator must actually exercise the engine, not produce idle streams.
        #expect(totalEvents > Self.streams * 20)
        #expect(actionsSeen > Self.streams / 2)
        print("randomized: \(Self.streams) streams, \(totalEvents) events, \(totalTouches) touches, \(actionsSeen) actions")
    }

    struct Result {
        var violations: [String]
        var events: Int
        var touches: Int
        var actions: Int
    }

    private func runStream(_ rng: inout SeededRandom) -> Result {
        let h = Harness()
        let engine = h.engine
        let checker = InvariantChecker()
        engine.addObserver(checker)

        // A random view tree.
        var views: [View] = [engine.root]
        for w in 0..<Int.random(in: 1...3, using: &rng) {
            let x = Double.random(in: 0...1200, using: &rng), y = Double.random(in: 0...600, using: &rng)
            let win = View(name: "w\(w)", frame: Rect(x: x, y: y, width: Double.random(in: 200...900, using: &rng), height: Double.random(in: 200...500, using: &rng)))
            engine.root.addSubview(win)
            views.append(win)
            for r in 0..<Int.random(in: 0...2, using: &rng) {
                let f = win.frame
                let region = View(name: "w\(w)r\(r)", frame: Rect(x: f.x + Double.random(in: 0...100, using: &rng), y: f.y + Double.random(in: 0...100, using: &rng), width: Double.random(in: 40...200, using: &rng), height: Double.random(in: 30...150, using: &rng)))
                if Bool.random(using: &rng) {
                    let kind = ControlKind.allCases.randomElement(using: &rng)!
                    region.control = Control(kind: kind, axis: Bool.random(using: &rng) ? .horizontal : .vertical, minimum: 0, maximum: Double(Int.random(in: 1...10, using: &rng)), value: 0)
                }
                win.addSubview(region)
                views.append(region)
            }
        }

        // Random recognizers with random relations (requirements only towards earlier ones: no cycles).
        var recognizers: [GestureRecognizer] = []
        for k in 0..<Int.random(in: 1...6, using: &rng) {
            let r = randomRecognizer(name: "g\(k)", &rng)
            r.cancelsTouchesInView = Int.random(in: 0..<4, using: &rng) != 0
            r.delaysTouchesBegan = Int.random(in: 0..<4, using: &rng) == 0
            r.delaysTouchesEnded = Int.random(in: 0..<4, using: &rng) != 0
            if !recognizers.isEmpty {
                if Int.random(in: 0..<3, using: &rng) == 0 { r.require(toFail: recognizers.randomElement(using: &rng)!) }
                if Int.random(in: 0..<3, using: &rng) == 0 { r.recognizeSimultaneously(with: recognizers.randomElement(using: &rng)!) }
                if Int.random(in: 0..<5, using: &rng) == 0 { r.doesNotPrevent(recognizers.randomElement(using: &rng)!) }
                if Int.random(in: 0..<5, using: &rng) == 0 { r.isNotPrevented(by: recognizers.randomElement(using: &rng)!) }
            }
            if Int.random(in: 0..<8, using: &rng) == 0 { r.recognizesSimultaneouslyWithAll = true }
            if Int.random(in: 0..<10, using: &rng) == 0 { let answer = Bool.random(using: &rng); r.shouldBeginHook = { _ in answer } }
            if Int.random(in: 0..<10, using: &rng) == 0 { r.shouldReceiveHook = { _, t in t.id.rawValue % 2 == 0 } }
            views.randomElement(using: &rng)!.addGestureRecognizer(r)
            recognizers.append(r)
        }

        // A random stream of touches: a few bursts of 1-4 fingers.
        struct Ev { var t: Double; var phase: TouchPhase; var id: Int64; var p: Point }
        var events: [Ev] = []
        var nextID: Int64 = 1
        var burstStart = 0.0
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let fingers = Int.random(in: 1...4, using: &rng)
            let cx = Double.random(in: 0...1920, using: &rng), cy = Double.random(in: 0...1080, using: &rng)
            let speed = [0.0, 0.05, 0.5, 3.0].randomElement(using: &rng)!  // px per ms
            let dirX = Double.random(in: -1...1, using: &rng), dirY = Double.random(in: -1...1, using: &rng)
            let spread = Double.random(in: -1...1, using: &rng)
            for f in 0..<fingers {
                let id = nextID
                nextID += 1
                var t = burstStart + Double.random(in: 0...200, using: &rng)
                var p = Point(cx + Double(f) * 60, cy + Double.random(in: -20...20, using: &rng))
                events.append(Ev(t: t, phase: .began, id: id, p: p))
                let moves = Int.random(in: 0...12, using: &rng)
                for _ in 0..<moves {
                    let dt = Double.random(in: 4...80, using: &rng)
                    t += dt
                    p.x += (dirX * speed + spread * Double(f) * 0.2) * dt + Double.random(in: -2...2, using: &rng)
                    p.y += dirY * speed * dt + Double.random(in: -2...2, using: &rng)
                    events.append(Ev(t: t, phase: .moved, id: id, p: p))
                }
                t += Double.random(in: 0...(Bool.random(using: &rng) ? 100 : 900), using: &rng)
                events.append(Ev(t: t, phase: Int.random(in: 0..<20, using: &rng) == 0 ? .cancelled : .ended, id: id, p: p))
            }
            burstStart += Double.random(in: 0...1200, using: &rng)
        }
        events.sort { $0.t < $1.t }
        let disableAt = Int.random(in: 0..<12, using: &rng) == 0 ? Int.random(in: 0..<max(1, events.count), using: &rng) : -1
        let removeAt = Int.random(in: 0..<12, using: &rng) == 0 ? Int.random(in: 0..<max(1, events.count), using: &rng) : -1

        for (index, e) in events.enumerated() {
            if index == disableAt { recognizers.randomElement(using: &rng)!.isEnabled = false }
            if index == removeAt, views.count > 1 { views[Int.random(in: 1..<views.count, using: &rng)].removeFromSuperview() }
            h.send(e.phase, e.id, e.p.x, e.p.y, at: e.t)
        }
        h.drain()

        var violations = checker.violations
        for id in 1..<nextID where checker.verdictCount[TouchID(id)] != 1 {
            violations.append("touch \(id): \(checker.verdictCount[TouchID(id)] ?? 0) verdicts")
        }
        for r in recognizers where r.state != .possible || r.arenaSlot >= 0 || !r.touches.isEmpty || r.touchesDown != 0 || r.deadline != nil {
            violations.append("\(r.name) left in \(r.state) (contending \(r.arenaSlot >= 0), \(r.touches.count) touches)")
        }
        if !engine.undecidedTouches.isEmpty { violations.append("undecided: \(engine.undecidedTouches)") }
        if engine.nextDeadline != nil { violations.append("a deadline is still pending") }
        return Result(violations: violations, events: events.count, touches: Int(nextID - 1), actions: h.actions.count)
    }

    private func randomRecognizer(name: String, _ rng: inout SeededRandom) -> GestureRecognizer {
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: return TapGestureRecognizer(name: name, taps: Int.random(in: 1...3, using: &rng), touches: Int.random(in: 1...3, using: &rng))
        case 1: return LongPressGestureRecognizer(name: name, minimumDuration: Double.random(in: 0.1...0.8, using: &rng), touches: Int.random(in: 1...2, using: &rng), taps: Int.random(in: 0...1, using: &rng))
        case 2: return PanGestureRecognizer(name: name, minimumTouches: Int.random(in: 1...2, using: &rng), maximumTouches: Int.random(in: 2...4, using: &rng))
        case 3:
            let all: [DirectionSet] = [.left, .right, .up, .down, [.left, .right], [.up, .down], [.left, .right, .up, .down]]
            return SwipeGestureRecognizer(name: name, directions: all.randomElement(using: &rng)!, touches: Int.random(in: 1...3, using: &rng))
        case 4: return PinchGestureRecognizer(name: name, touches: Int.random(in: 2...3, using: &rng), direction: [.any, .in, .out].randomElement(using: &rng)!)
        case 5: return RotationGestureRecognizer(name: name)
        default:
            let edges: [EdgeSet] = [.left, .right, .top, .bottom, .all]
            return EdgePanGestureRecognizer(name: name, edges: edges.randomElement(using: &rng)!, zoneWidth: Double.random(in: 16...200, using: &rng))
        }
    }
}
