import Testing
@testable import GestureEngine

/// Hands whose fingers do not land or report in step (issue "Real hands, the misses that
/// remain"), as whole traces. Each hand is written from what the person did — where each
/// finger is at each instant — and played through devices that report it differently: one
/// that reports every finger down in every frame, one that reports one finger a frame in
/// turn, and, for the recorded case, the frames as that touchscreen sent them. The outcome is
/// the hand's, whatever the device: a rule that reads "the others did not move" from a frame
/// that did not report them reads the device, not the hand.
@Suite struct UnevenHandsTests {
    /// A hand: each finger lands, moves by `path` (offset from where it landed, by time in ms)
    /// and lifts.
    struct Hand {
        struct Finger {
            var landsAt: Double
            var x: Double
            var y: Double
            var liftsAt: Double
            var path: (Double) -> Vector
        }
        var fingers: [Finger]

        func place(_ i: Int, at t: Double) -> Point {
            let f = fingers[i]
            let d = f.path(min(t, f.liftsAt))
            return Point(x: ((f.x + d.dx) * 100).rounded() / 100, y: ((f.y + d.dy) * 100).rounded() / 100)
        }
    }

    /// How a touchscreen reports a hand.
    enum Device {
        /// Every finger down in every frame, `every` ms apart.
        case allSlots(every: Double)
        /// One finger a frame, in turn: each finger every `every` ms, the frames spread evenly
        /// over that period.
        case oneSlot(every: Double)
    }

    /// The frames `device` sends for `hand`: a finger lands, moves and lifts in the first frame
    /// that reports it at or after the instant it does.
    static func frames(_ hand: Hand, _ device: Device) -> [(time: Double, touches: [TouchPoint])] {
        let n = hand.fingers.count
        let end = hand.fingers.map(\.liftsAt).max()! + 50
        var landed = Array(repeating: false, count: n), lifted = landed
        var out: [(Double, [TouchPoint])] = []
        func report(_ i: Int, at t: Double) -> TouchPoint? {
            let f = hand.fingers[i]
            guard t >= f.landsAt, !lifted[i] else { return nil }
            let id = TouchID(Int64(i + 1))
            if !landed[i] { landed[i] = true; return TouchPoint(id: id, phase: .began, location: hand.place(i, at: t)) }
            if t >= f.liftsAt { lifted[i] = true; return TouchPoint(id: id, phase: .ended, location: hand.place(i, at: t)) }
            return TouchPoint(id: id, phase: .moved, location: hand.place(i, at: t))
        }
        switch device {
        case .allSlots(let period):
            var t = 0.0
            while t <= end {
                let touches = (0..<n).compactMap { report($0, at: t) }
                if !touches.isEmpty { out.append((t, touches)) }
                t += period
            }
        case .oneSlot(let period):
            var k = 0
            while Double(k) * period / Double(n) <= end {
                let t = (Double(k) * period / Double(n) * 100).rounded() / 100
                if let p = report(k % n, at: t) { out.append((t, [p])) }
                k += 1
            }
        }
        return out
    }

    /// The built-in profile's touchscreen swipes: three fingers left and right (desktops), up
    /// (maximize) and down (minimize), four fingers down (show desktop).
    func builtInSwipes() -> (Harness, RealHandRulesTests.Decisions) {
        let h = Harness()
        for (name, directions, touches) in [("next-desktop", DirectionSet.left, 3), ("previous-desktop", .right, 3), ("maximize", .up, 3),
                                             ("minimize", .down, 3), ("show-desktop", .down, 4)] {
            h.screen.addGestureRecognizer(SwipeGestureRecognizer(name: name, directions: directions, touches: touches))
        }
        let d = RealHandRulesTests.Decisions()
        h.engine.decisionSink = d
        return (h, d)
    }

    /// Plays `hand` on `device` through the built-in swipes: the actions, and each touch's
    /// verdict with who decided it (times are the device's: they differ by device).
    func outcome(_ hand: Hand, _ device: Device) -> (actions: [String], verdicts: [String]) {
        let (h, d) = builtInSwipes()
        for (t, touches) in Self.frames(hand, device) { h.frame(touches, at: t) }
        h.drain()
        let verdicts = d.lines.map { $0.split(separator: " ").dropFirst().joined(separator: " ") }.sorted()
        return (h.actions, verdicts)
    }

    /// A fingertip that settles 1.5 px up over the 40 ms after `landing`, then follows `path`.
    static func settling(from landing: Double, then path: @escaping (Double) -> Vector) -> (Double) -> Vector {
        { t in path(t) + Vector(dx: 0, dy: -1.5 * min(1, max(0, t - landing) / 40)) }
    }

    static func down(from start: Double, pxPerMs speed: Double, to distance: Double) -> (Double) -> Vector {
        { t in Vector(dx: 0, dy: min(distance, max(0, t - start) * speed)) }
    }

    /// 1. A real four-finger drag down: the first finger lands, two more 28 ms later and settle
    /// 1.5 px up as they rest (their pads flattening), the three move down together from 69 ms
    /// at 2.2 px/ms, the fourth lands 111 ms in and moves with them; 300 px in all.
    static var fourFingersOutOfStep: Hand { Hand(fingers: [
        .init(landsAt: 0, x: 700, y: 300, liftsAt: 330, path: down(from: 69, pxPerMs: 2.2, to: 300)),
        .init(landsAt: 28, x: 770, y: 290, liftsAt: 332, path: settling(from: 28, then: down(from: 69, pxPerMs: 2.2, to: 300))),
        .init(landsAt: 28, x: 840, y: 296, liftsAt: 334, path: settling(from: 28, then: down(from: 69, pxPerMs: 2.2, to: 300))),
        .init(landsAt: 111, x: 910, y: 306, liftsAt: 336, path: down(from: 111, pxPerMs: 2.2, to: 210)),
    ]) }

    /// 3. The same hand moving slowly: the first three from 80 ms at 0.5 px/ms, the fourth
    /// landing at 111 ms while they move.
    static var fourFingersSlowWithALateFourth: Hand { Hand(fingers: [
        .init(landsAt: 0, x: 700, y: 300, liftsAt: 700, path: down(from: 80, pxPerMs: 0.5, to: 300)),
        .init(landsAt: 28, x: 770, y: 290, liftsAt: 702, path: down(from: 80, pxPerMs: 0.5, to: 300)),
        .init(landsAt: 28, x: 840, y: 296, liftsAt: 704, path: down(from: 80, pxPerMs: 0.5, to: 300)),
        .init(landsAt: 111, x: 910, y: 306, liftsAt: 706, path: down(from: 111, pxPerMs: 0.5, to: 285)),
    ]) }

    /// 2. Three fingers landing 60 ms apart (0, 60, 120 ms), resting, then swiped left 300 px
    /// together from 150 ms at 1.2 px/ms.
    static var threeFingersLandingApart: Hand { Hand(fingers: (0..<3).map { i in
        .init(landsAt: 60 * Double(i), x: 1100 + 70 * Double(i), y: 500 + (i == 1 ? -8 : 0), liftsAt: 410 + 2 * Double(i),
              path: { t in Vector(dx: -min(300, max(0, t - 150) * 1.2), dy: 0) })
    }) }

    @Test(arguments: [Device.allSlots(every: 8), .allSlots(every: 16), .oneSlot(every: 12), .oneSlot(every: 16)])
    func aFourFingerDragDownIsShowDesktopWhateverTheDevice(_ device: Device) {
        let (actions, verdicts) = outcome(Self.fourFingersOutOfStep, device)
        #expect(actions == ["action show-desktop recognized"])
        #expect(verdicts == (1...4).map { "touch \($0) claimed by show-desktop" })
    }

    @Test(arguments: [Device.allSlots(every: 8), .allSlots(every: 16), .oneSlot(every: 12), .oneSlot(every: 16)])
    func aSlowFourFingerDragWhoseFourthLandsWhileTheOthersMoveIsShowDesktop(_ device: Device) {
        let (actions, verdicts) = outcome(Self.fourFingersSlowWithALateFourth, device)
        #expect(actions == ["action show-desktop recognized"])
        #expect(verdicts == (1...4).map { "touch \($0) claimed by show-desktop" })
    }

    @Test(arguments: [Device.allSlots(every: 8), .allSlots(every: 16), .oneSlot(every: 12), .oneSlot(every: 16)])
    func threeFingersLandingSixtyMillisecondsApartThenSwipingLeftAreTheNextDesktop(_ device: Device) {
        let (actions, verdicts) = outcome(Self.threeFingersLandingApart, device)
        #expect(actions == ["action next-desktop recognized"])
        #expect(verdicts == (1...3).map { "touch \($0) claimed by next-desktop" })
    }

    /// 1, as that touchscreen sent it (about 72 Hz, only the fingers that changed): the first
    /// finger 31 px down in a frame of its own at 83 ms, the others' motion 14 ms later, the
    /// fourth finger landing at 111 ms while the first three move. The frame at 83 ms did not
    /// see the others rest: the landing waits for them (a period and a half, 21 ms), and their
    /// frame shows the hand moving together.
    @Test func theRecordedFourFingerDragWhoseFirstFingerIsReportedAlone() {
        let (h, d) = builtInSwipes()
        let x = [700.0, 770, 840, 910], y = [300.0, 290, 296, 306]
        h.frame(.began, [(1, x[0], y[0])], at: 0)
        h.frame(.moved, [(1, x[0] + 0.4, y[0] + 0.5)], at: 14)
        h.frame([TouchPoint(id: TouchID(1), phase: .moved, location: Point(x[0] + 0.2, y[0] + 0.8)),
                 TouchPoint(id: TouchID(2), phase: .began, location: Point(x[1], y[1])),
                 TouchPoint(id: TouchID(3), phase: .began, location: Point(x[2], y[2]))], at: 28)
        for (t, j, settle) in [(42.0, 0.3, -0.5), (55, -0.4, -1.0), (69, 0.5, -1.5)] {  // resting: jitter, pads settling up
            h.frame(.moved, [(1, x[0], y[0] + j), (2, x[1], y[1] + settle), (3, x[2], y[2] + settle)], at: t)
        }
        h.frame(.moved, [(1, x[0], y[0] + 31)], at: 83)                     // the first finger alone
        #expect(d.lines == [])
        h.frame(.moved, [(2, x[1], y[1] + 31), (3, x[2], y[2] + 32)], at: 97) // the others' motion
        h.frame([TouchPoint(id: TouchID(1), phase: .moved, location: Point(x[0], y[0] + 60)),
                 TouchPoint(id: TouchID(2), phase: .moved, location: Point(x[1], y[1] + 59)),
                 TouchPoint(id: TouchID(3), phase: .moved, location: Point(x[2], y[2] + 61)),
                 TouchPoint(id: TouchID(4), phase: .began, location: Point(x[3], y[3]))], at: 111)
        var t = 111.0, dy = 60.0
        while dy < 300 {
            t += 14; dy += 29
            h.frame(.moved, (0..<4).map { (Int64($0 + 1), x[$0], y[$0] + ($0 == 3 ? dy - 60 : dy)) }, at: t)
        }
        h.frame(.ended, (0..<4).map { (Int64($0 + 1), x[$0], y[$0] + ($0 == 3 ? dy - 60 : dy)) }, at: t + 10)
        h.drain()
        #expect(d.lines == (1...4).map { "125 touch \($0) claimed by show-desktop" })
        #expect(h.actions == ["action show-desktop recognized"])
    }

    /// Three fingers down for a four-finger swipe, the outer two moving apart (a spread), the
    /// middle one resting, on a device that reports only the fingers that move (every 8 ms):
    /// the frames say nothing of the middle finger, so the spread that rules the landing out
    /// waits a period and a half (12 ms) after the frame that shows it — then, the middle
    /// finger unreported meanwhile, the fingers are the application's. Not at once, and not
    /// when the window runs out.
    @Test func fingersSpreadingBesideAFingerNotReportedAreHandedBackAPeriodAndAHalfLater() {
        let (h, d) = showDesktopAlone()
        h.frame(.began, [(1, 700, 300), (2, 770, 290), (3, 840, 296)], at: 0)
        for (i, t) in stride(from: 8.0, through: 64, by: 8).enumerated() {  // 3 px a frame each, apart
            h.frame(.moved, [(1, 700 - 3 * Double(i + 1), 300), (3, 840 + 3 * Double(i + 1), 296)], at: t)
        }
        #expect(d.lines == (1...3).map { "28 touch \($0) released by all-failed" })
    }

    /// The same hand on a device that reports every finger in every frame: the middle finger
    /// is seen resting in the frame that shows the spread (16 ms, 6 px a finger), and the
    /// touches go at once.
    @Test func fingersSpreadingBesideAFingerSeenRestingAreHandedBackOnThatFrame() {
        let (h, d) = showDesktopAlone()
        h.frame(.began, [(1, 700, 300), (2, 770, 290), (3, 840, 296)], at: 0)
        for (i, t) in stride(from: 8.0, through: 64, by: 8).enumerated() {  // the middle finger reported where it rests
            h.frame(.moved, [(1, 700 - 3 * Double(i + 1), 300), (2, 770, 290), (3, 840 + 3 * Double(i + 1), 296)], at: t)
        }
        #expect(d.lines == (1...3).map { "16 touch \($0) released by all-failed" })
    }

    func showDesktopAlone() -> (Harness, RealHandRulesTests.Decisions) {
        let h = Harness()
        h.screen.addGestureRecognizer(SwipeGestureRecognizer(name: "show-desktop", directions: .down, touches: 4))
        let d = RealHandRulesTests.Decisions()
        h.engine.decisionSink = d
        return (h, d)
    }
}
