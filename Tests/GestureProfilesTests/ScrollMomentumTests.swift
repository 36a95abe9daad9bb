import Testing
@testable import GestureEngine
@testable import GestureProfiles

/// A flick's glide (`scroll: { kinetic: true }`): GTK 3's friction, the steps it makes and
/// when, and what stops it.
@Suite struct ScrollMomentumTests {
    private func glide(velocity: Vector, translation: Vector = Vector(dx: 0, dy: -120)) -> (steps: [ScrollDirection], times: [Double])? {
        var spec = ScrollSpec()
        spec.kinetic = true
        var steps = ScrollSteps(spec, wheelNotch: 40)
        _ = steps.advance(to: translation)
        guard var m = ScrollMomentum(steps: steps, translation: translation, velocity: velocity, at: Instant(milliseconds: 1000), location: Point(x: 400, y: 300))
        else { return nil }
        var out: [ScrollDirection] = [], times: [Double] = []
        while let due = m.nextStep(), out.count < 1000 {
            let made = m.advance(to: due)
            #expect(!made.isEmpty, "a timer only when a step is due")
            out += made
            times.append((due - Instant(milliseconds: 1000)) * 1000)
        }
        return (out, times)
    }

    @Test func aFlickGlidesAsFarAsGTKsFrictionTakesIt() throws {
        // 2,000 px/s up: 500 px more (v / 4), so 12 more steps of 40 px, the content still
        // following the finger (down: what is further down comes into view).
        let g = try #require(glide(velocity: Vector(dx: 0, dy: -2000)))
        #expect(g.steps == Array(repeating: .down, count: 12))
        // Each later than the last, and slowing: the gaps grow.
        let gaps = zip(g.times.dropFirst(), g.times).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 > 0 } && zip(gaps.dropFirst(), gaps).allSatisfy { $0 > $1 }, "\(g.times)")
        // The first step: 40 px at 2,000 px/s slowing by e per 0.25 s comes at -ln(1 - 40·4/2000)/4 s = 20.8 ms.
        #expect(abs(g.times[0] - 20.84) < 0.1, "\(g.times)")
    }

    @Test func aSlowLiftDoesNotGlide() {
        // 100 px/s: a drag that stopped, not a flick.
        #expect(glide(velocity: Vector(dx: 0, dy: -100)) == nil)
        // 200 px/s glides 50 px: one step.
        #expect(glide(velocity: Vector(dx: 0, dy: -200))?.steps == [.down])
    }

    @Test func aDiagonalFlickGlidesOnBothAxes() throws {
        let g = try #require(glide(velocity: Vector(dx: 800, dy: -800), translation: Vector(dx: 45, dy: -45)))
        // 200 px more each way: from 45 to 245, steps at 80, 120, 160, 200, 240 on each axis.
        #expect(g.steps.filter { $0 == .left }.count == 5 && g.steps.filter { $0 == .down }.count == 5, "\(g.steps)")
    }

    @Test func aGlitchIsNotAFling() throws {
        // A touch jumping 3,000 px in one 8 ms update reads as 375,000 px/s: capped at 12,000,
        // which glides 3,000 px: the steps up to 3,080 of the 3,120 it tends to.
        let g = try #require(glide(velocity: Vector(dx: 0, dy: -375_000)))
        #expect(g.steps.count == 74, "\(g.steps.count)")
    }

    @Test func theFileSaysKinetic() throws {
        let r = ProfileLoader.load(yaml: "version: 1\nprofiles:\n  - name: r\n    match: { class: R }\n    gestures:\n      - name: s\n        pan: {}\n        scroll: { kinetic: true }\n", path: "t.yaml")
        #expect(try #require(r.file).allGestures[0].scroll?.kinetic == true)
        #expect(ScrollSpec().kinetic == false)
    }
}

/// The engine's timers run in time order with the recognizers' deadlines.
@Suite struct EngineTimerTests {
    @Test func aTimerRunsWhenDueEvenWithALaterRecognizerDeadlinePending() throws {
        let live = try Live("version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - name: hold\n        longPress: { minimumDuration: 2 }\n        on: { began: { log: held } }\n")
        var ran: [Double] = []
        // A finger resting: the long press's deadline is 2 s away.
        live.send(.began, 1, 100, 100, at: 0)
        live.engine.schedule(at: Instant(milliseconds: 50)) { ran.append($0.milliseconds) }
        live.engine.schedule(at: Instant(milliseconds: 30)) { ran.append($0.milliseconds) }
        #expect(live.engine.nextDeadline == Instant(milliseconds: 30))
        live.engine.advance(to: Instant(milliseconds: 100))
        #expect(ran == [30, 50])
        let id = live.engine.schedule(at: Instant(milliseconds: 150)) { ran.append($0.milliseconds) }
        live.engine.cancelTimer(id)
        live.engine.advance(to: Instant(milliseconds: 2500))
        #expect(ran == [30, 50])
        #expect(live.sink.requests.map(\.action.description) == ["log held"])
    }
}
