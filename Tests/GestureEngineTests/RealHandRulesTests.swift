import Testing
@testable import GestureEngine

/// The rules of semantics.md §10, one by one, as whole traces: a touch is claimed only by a
/// gesture the fingers make, and handed back on the event that rules the last one out.
@Suite struct RealHandRulesTests {
    /// `touch N released` / `claimed`, with the time of the event that decided it.
    final class Decisions: TouchDecisionSink {
        var lines: [String] = []
        func touchDecided(_ d: TouchDecision) {
            lines.append("\(d.time.milliseconds.compactDescription) touch \(d.id) \(d.verdict.rawValue) by \(d.reason.label)")
        }
    }

    func harness(_ recognizers: GestureRecognizer...) -> (Harness, Decisions) {
        let h = Harness()
        for r in recognizers { h.screen.addGestureRecognizer(r) }
        let d = Decisions()
        h.engine.decisionSink = d
        return (h, d)
    }

    // MARK: Fingers land before they move

    @Test func aLoneFingerMovingBeforeTheOthersLandIsHandedBackOnThatMove() {
        let (h, d) = harness(SwipeGestureRecognizer(name: "three", directions: .left, touches: 3),
                             PinchGestureRecognizer(name: "pinch"), PanGestureRecognizer(name: "two-finger-pan", minimumTouches: 2))
        h.down(1, 500, 500, at: 0)
        h.move(1, 503, 501, at: 8)    // a resting finger's jitter: still waiting for fingers
        #expect(d.lines == [])
        h.move(1, 505, 500, at: 16)   // 5 px, past landingMotion (4 px), with one finger down
        #expect(d.lines == ["16 touch 1 released by all-failed"])
        #expect(h.gestureLines.prefix(3) == ["three possible->failed", "pinch possible->failed", "two-finger-pan possible->failed"])
    }

    /// What the application gets of a released touch is its history, replayed at once (§11):
    /// decided on its first move past 4 px, a drag of 6 px per frame is handed back with one
    /// update, which no toolkit merges away (Qt keeps only the last update of a burst).
    @Test func aDragOfSixPixelsAFrameIsHandedBackOnItsFirstMove() {
        let (h, d) = harness(SwipeGestureRecognizer(name: "three", directions: .down, touches: 3),
                             SwipeGestureRecognizer(name: "four", directions: .down, touches: 4))
        h.down(1, 500, 500, at: 0)
        h.move(1, 506, 500, at: 8)
        #expect(d.lines == ["8 touch 1 released by all-failed"])
    }

    /// Two fingers moving apart are a pinch (or a zoom of the application's), never the first
    /// fingers of a swipe: handed back on the frame that shows it, with a history of a few
    /// pixels (GTK's zoom measures its starting span from where the first finger has got to).
    /// The frame reports both fingers: one that reports only one waits for the other
    /// (UnevenHandsTests).
    @Test func twoFingersMovingApartAreHandedBackBeforeTheyLeaveTheirPlaces() {
        let (h, d) = harness(SwipeGestureRecognizer(name: "three", directions: .left, touches: 3))
        h.down(1, 450, 500, at: 0)
        h.down(2, 550, 500, at: 20)
        h.frame(.moved, [(1, 448.5, 500), (2, 551.5, 500)], at: 36)  // span +3
        #expect(d.lines == [])
        h.frame(.moved, [(1, 447, 500), (2, 552, 500)], at: 44)      // span +5: more than landingMotion, nothing in common
        #expect(d.lines == ["44 touch 1 released by all-failed", "44 touch 2 released by all-failed"])
    }

    /// Two fingers moving together may be the first of three (fingers land up to 150 ms
    /// apart): they wait for the third until one passes the slop.
    @Test func twoFingersMovingTogetherWaitForAThird() {
        let (h, d) = harness(SwipeGestureRecognizer(name: "three", directions: .left, touches: 3))
        h.down(1, 450, 500, at: 0)
        h.down(2, 550, 500, at: 20)
        h.move(1, 444, 501, at: 36)
        h.move(2, 544, 500, at: 36)
        #expect(d.lines == [])
        h.move(1, 439, 500, at: 44)     // 11 px: past the slop
        #expect(d.lines == ["44 touch 1 released by all-failed", "44 touch 2 released by all-failed"])
    }

    @Test func fingersLandingWithinTheWindowStillMakeTheGesture() {
        let (h, d) = harness(SwipeGestureRecognizer(name: "three", directions: .left, touches: 3))
        h.down(1, 500, 500, at: 0)
        h.down(2, 560, 505, at: 50)   // within the pause (75 ms) of the first
        h.down(3, 620, 500, at: 100)  // 100 ms after the first: inside the 150 ms window
        for i in 1...8 {
            let t = 100 + 10 * Double(i)
            h.move(1, 500 - 10 * Double(i), 500, at: t)
            h.move(2, 560 - 10 * Double(i), 505, at: t + 1)
            h.move(3, 620 - 10 * Double(i), 500, at: t + 2)
        }
        #expect(h.actions == ["action three recognized"])
        #expect(d.lines.allSatisfy { $0.hasSuffix("claimed by three") } && d.lines.count == 3)
    }

    /// A lone finger resting past the landing pause (75 ms: the slowest hand lays three fingers
    /// over the 150 ms window, one every 75 ms) is not a swipe's first. Handed back then, it
    /// reaches the application 75 ms late, not 150 (a spin button's press-and-hold starts
    /// repeating that much sooner).
    @Test func aLoneFingerRestingIsHandedBackWhenThePauseForMoreFingersRunsOut() {
        let (h, d) = harness(SwipeGestureRecognizer(name: "three", directions: .left, touches: 3))
        h.down(1, 500, 500, at: 0)
        h.move(1, 501.5, 500.5, at: 30)  // a resting finger's jitter
        h.wait(until: 74)
        #expect(d.lines == [])
        h.wait(until: 75)
        #expect(d.lines == ["75 touch 1 released by all-failed"])
    }

    /// Two fingers resting after they landed: handed back the pause after the second, before
    /// they move (a pinch the application then gets whole).
    @Test func twoFingersRestingAreHandedBackThePauseAfterTheSecondLanded() {
        let (h, d) = harness(SwipeGestureRecognizer(name: "three", directions: .left, touches: 3))
        h.down(1, 450, 500, at: 0)
        h.down(2, 550, 500, at: 30)
        h.wait(until: 104)
        #expect(d.lines == [])
        h.wait(until: 105)
        #expect(d.lines == ["105 touch 1 released by all-failed", "105 touch 2 released by all-failed"])
    }

    /// Three fingers down are a hand laying a gesture, not an application's press or pinch:
    /// resting, they wait for a fourth over the whole window (150 ms from the first), not the
    /// pause — a hand may rest before it moves while its last finger comes (UnevenHandsTests).
    @Test func threeFingersRestingWaitForAFourthOverTheWholeWindow() {
        let (h, d) = harness(SwipeGestureRecognizer(name: "four", directions: .down, touches: 4))
        h.frame(.began, [(1, 500, 300)], at: 0)
        h.frame(.began, [(2, 560, 290), (3, 620, 292)], at: 28)
        h.wait(until: 149)
        #expect(d.lines == [])
        h.wait(until: 150)
        #expect(d.lines == ["150 touch 1 released by all-failed", "150 touch 2 released by all-failed", "150 touch 3 released by all-failed"])
    }

    /// Issue 25: a four-finger drag down whose fourth finger lands 111 ms after the first,
    /// when the first three have moved 50 px: fingers moving together wait for the whole
    /// window (150 ms from the first), and the three-finger swipe bound beside it does not fire
    /// on the way (it needs its fingers to stay three).
    @Test func aLateFourthFingerWhileTheOthersMoveStillMakesTheFourFingerSwipe() {
        let (h, d) = harness(SwipeGestureRecognizer(name: "four", directions: .down, touches: 4),
                             SwipeGestureRecognizer(name: "three", directions: .down, touches: 3))
        let xs = [500.0, 560, 620, 680]
        h.down(1, xs[0], 300, at: 0)
        h.down(2, xs[1], 290, at: 17)
        h.down(3, xs[2], 292, at: 35)
        // The three move down together, 8 px a frame from 56 ms on: past the swipe's 50 px
        // before the fourth lands (the three-finger swipe must not fire).
        var y = 0.0
        for t in stride(from: 56.0, through: 104, by: 8) {
            y += 8
            for i in 0..<3 { h.move(Int64(i + 1), xs[i], [300, 290, 292][i] + y, at: t) }
        }
        h.down(4, xs[3], 305, at: 111)
        for t in stride(from: 112.0, through: 200, by: 8) {
            y += 8
            for i in 0..<3 { h.move(Int64(i + 1), xs[i], [300, 290, 292][i] + y, at: t) }
            h.move(4, xs[3], 305 + (y - 56), at: t)
        }
        #expect(h.actions == ["action four recognized"], "\(h.gestureLines)")
        #expect(d.lines.count == 4 && d.lines.allSatisfy { $0.hasSuffix("claimed by four") }, "\(d.lines)")
    }

    @Test func aOneFingerLongPressFailsWhenASecondFingerLands() {
        let (h, d) = harness(LongPressGestureRecognizer(name: "press"))
        h.down(1, 500, 500, at: 0)
        h.down(2, 600, 500, at: 200)
        #expect(d.lines == ["200 touch 1 released by all-failed", "200 touch 2 released by all-failed"])
        h.wait(until: 1000)
        #expect(h.actions == [])
    }

    // MARK: Pinch and rotation against scrolling

    private func pinchAndRotation() -> (Harness, Decisions) {
        harness(PinchGestureRecognizer(name: "pinch"), RotationGestureRecognizer(name: "rotation"))
    }

    /// Two fingers side by side, moved by `a` and `b` per step from their landing places.
    private func twoFingers(_ h: Harness, steps: Int, _ a: (Int) -> Vector, _ b: (Int) -> Vector) {
        h.down(1, 400, 500, at: 0)
        h.down(2, 480, 500, at: 20)
        for s in 1...steps {
            let t = 40 + 8 * Double(s)
            let va = a(s), vb = b(s)
            h.move(1, 400 + va.dx, 500 + va.dy, at: t)
            h.move(2, 480 + vb.dx, 500 + vb.dy, at: t + 1)
        }
    }

    @Test func twoFingersScrollingTogetherAreNeitherAPinchNorARotation() {
        let (h, d) = pinchAndRotation()
        // Down together, the right finger 20 % faster: the span and the angle change a little.
        twoFingers(h, steps: 10, { Vector(dx: 0, dy: 6 * Double($0)) }, { Vector(dx: 0, dy: 7.2 * Double($0)) })
        #expect(h.actions == [])
        // Decided on the first move where both fingers have moved 4 px the same way (the
        // right finger's first move, at 49 ms).
        #expect(d.lines == ["49 touch 1 released by all-failed", "49 touch 2 released by all-failed"])
    }

    @Test func aScrollWhoseSecondFingerLagsIsNotARotation() {
        let (h, d) = pinchAndRotation()
        // The left finger leads down; the right one rests for 40 ms, then follows: a resting
        // finger with the other passing it looks like a pivot, but a rotation needs both turning.
        twoFingers(h, steps: 14, { Vector(dx: 0, dy: 8 * Double($0)) }, { Vector(dx: 0, dy: $0 > 5 ? 8 * Double($0 - 5) : 0) })
        #expect(h.actions == [])
        #expect(d.lines.count == 2 && d.lines.allSatisfy { $0.hasSuffix("released by all-failed") })
    }

    @Test func fingersMovingApartMakeAPinch() {
        let (h, d) = pinchAndRotation()
        twoFingers(h, steps: 6, { Vector(dx: -4 * Double($0), dy: 0) }, { Vector(dx: 4 * Double($0), dy: 1) })
        // At 56 ms the left finger is 8 px out, the right one 4 px: 12 px of span, both going
        // apart, more than they moved together.
        #expect(h.actions.first == "action pinch began")
        #expect(d.lines == ["56 touch 1 claimed by pinch", "56 touch 2 claimed by pinch"])
    }

    @Test func aPinchWithTheThumbStillNeedsTwiceTheChange() {
        let (h, d) = pinchAndRotation()
        // Only the right finger moves away: 10 px of span is not enough alone, 20 px is.
        twoFingers(h, steps: 6, { _ in .zero }, { Vector(dx: 4 * Double($0), dy: 0) })
        #expect(h.actions.first == "action pinch began")
        #expect(d.lines.first == "81 touch 1 claimed by pinch")  // at 20 px, the fifth move
    }

    @Test func fingersTurningAroundTheirCentreMakeARotation() {
        let (h, d) = pinchAndRotation()
        // Both fingers turn clockwise around (440, 500), 40 px from it, 3° a step.
        func turned(_ from: Double, _ s: Int) -> Vector {
            let a = from + Double(s) * 3 * Double.pi / 180
            return Vector(dx: 40 * cosApprox(a) - 40 * cosApprox(from), dy: 40 * sinApprox(a) - 40 * sinApprox(from))
        }
        twoFingers(h, steps: 8, { turned(Double.pi, $0) }, { turned(0, $0) })
        #expect(h.actions.first == "action rotation began")
        #expect(d.lines.allSatisfy { $0.hasSuffix("claimed by rotation") } && d.lines.count == 2)
    }

    // MARK: Swipes

    @Test func aOneFingerSwipeFailsOnTheMoveThatShowsADragTooSlowToBeAFlick() {
        let (h, d) = harness(SwipeGestureRecognizer(name: "swipe", directions: .right))
        h.down(1, 100, 100, at: 0)
        h.move(1, 106, 100, at: 60)
        h.move(1, 112, 100, at: 120)  // 100 px/s past the slop: 50 px would take 500 ms
        #expect(d.lines == ["120 touch 1 released by all-failed"])
    }

    @Test func aFlickAfterARestIsStillASwipe() {
        let (h, d) = harness(SwipeGestureRecognizer(name: "swipe", directions: .right))
        h.down(1, 100, 100, at: 0)
        h.move(1, 101, 100, at: 50)   // rests 50 ms
        for i in 1...6 { h.move(1, 101 + 12 * Double(i), 100, at: 50 + 8 * Double(i)) }
        #expect(h.actions == ["action swipe recognized"])
        #expect(d.lines == ["90 touch 1 claimed by swipe"])
    }

    @Test func aSlowDeliberateThreeFingerDragIsADesktopSwipe() {
        let (h, _) = harness(SwipeGestureRecognizer(name: "three", directions: .down, touches: 3))
        for (i, x) in [500.0, 560, 620].enumerated() { h.down(Int64(i + 1), x, 300, at: 20 * Double(i)) }
        // 60 px/s for a whole second: far slower than a flick, and far longer than 0.8 s.
        for s in 1...50 {
            for (i, x) in [500.0, 560, 620].enumerated() { h.move(Int64(i + 1), x, 300 + 1.2 * Double(s), at: 60 + 20 * Double(s) + Double(i)) }
        }
        #expect(h.actions == ["action three recognized"])
    }
}
