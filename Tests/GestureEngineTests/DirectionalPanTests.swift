import Testing
@testable import GestureEngine

/// Pans given directions (issue 26: Touchégg's repeating touchscreen swipes): a directional pan
/// begins only when the fingers, as they pass its minimum distance, go within its maximum angle
/// (45°, the dominant axis) of one of its directions; otherwise it fails on that frame and
/// leaves the touches to the other gestures. Whole traces, three fingers landing as a hand puts
/// them down and moving in frames (all fingers of a frame at one instant).
@Suite struct DirectionalPanTests {
    static let fingers: [(id: Int64, x: Double, y: Double)] = [(1, 500, 500), (2, 560, 490), (3, 620, 505)]

    /// The screen with 3-finger pans bound to up and to down (in that order), and `others`.
    func harness(_ others: GestureRecognizer...) -> Harness {
        let h = Harness()
        h.screen.addGestureRecognizer(PanGestureRecognizer(name: "up", minimumTouches: 3, maximumTouches: 3, directions: .up))
        h.screen.addGestureRecognizer(PanGestureRecognizer(name: "down", minimumTouches: 3, maximumTouches: 3, directions: .down))
        for r in others { h.screen.addGestureRecognizer(r) }
        return h
    }

    /// The three fingers land 10 ms apart, move by `step(i)` (from where they landed) in frames
    /// every `every` ms from 40 ms on, and lift together after the last.
    func threeFingers(_ h: Harness, frames: Int, every: Double, _ step: (Int) -> Vector) {
        for (i, f) in Self.fingers.enumerated() { h.down(f.id, f.x, f.y, at: 10 * Double(i)) }
        var t = 40.0
        for i in 1...frames {
            let d = step(i)
            h.frame(.moved, Self.fingers.map { ($0.id, $0.x + d.dx, $0.y + d.dy) }, at: t)
            t += every
        }
        let d = step(frames)
        h.frame(.ended, Self.fingers.map { ($0.id, $0.x + d.dx, $0.y + d.dy) }, at: t)
    }

    /// The values of the actions a gesture fired, by state.
    func actions(_ h: Harness, _ name: String) -> [(state: String, values: GestureValues)] {
        h.recorder.observations.compactMap {
            guard case .action(let a) = $0, a.source.name == name else { return nil }
            return (a.stateName, a.values)
        }
    }

    /// The translations of a gesture's actions, to a thousandth of a pixel (centroids of three
    /// fingers are not exact in binary).
    func translations(_ h: Harness, _ name: String) -> [Vector] {
        actions(h, name).map { Vector(dx: ($0.values.translation.dx * 1000).rounded() / 1000, dy: ($0.values.translation.dy * 1000).rounded() / 1000) }
    }

    /// When each touch was decided.
    func verdictTimes(_ h: Harness) -> [Double] {
        h.recorder.observations.compactMap { if case .verdict(let d) = $0 { d.time.milliseconds } else { nil } }
    }

    /// A 3-finger drag, 6 px a frame (a deliberate 375 px/s), up or down: the pan of
    /// that direction begins on the frame that passes 10 px; the other fails on that frame.
    @Test func threeFingersUpAreTheUpPanAndDownTheDownPan() {
        let upward = harness()
        threeFingers(upward, frames: 4, every: 16) { Vector(dx: 1, dy: -6 * Double($0)) }
        #expect(upward.gestureLines == [
            "up possible->began", "down possible->failed",
            "touch 1 claimed", "touch 2 claimed", "touch 3 claimed",
            "action up began", "up began->changed", "action up changed", "up changed->changed", "action up changed",
            "up changed->ended", "action up ended", "up reset", "down reset",
        ])
        #expect(actions(upward, "up").map(\.values.direction) == [.up, .up, .up, .up])
        #expect(actions(upward, "up").first?.values.translation == Vector(dx: 1, dy: -12))

        let downward = harness()
        threeFingers(downward, frames: 4, every: 16) { Vector(dx: -1, dy: 6 * Double($0)) }
        // Declared first, the up pan is the first to see the frame, and fails on it.
        #expect(downward.gestureLines == [
            "up possible->failed", "down possible->began",
            "touch 1 claimed", "touch 2 claimed", "touch 3 claimed",
            "action down began", "down began->changed", "action down changed", "down changed->changed", "action down changed",
            "down changed->ended", "action down ended", "up reset", "down reset",
        ])
        #expect(actions(downward, "down").map(\.values.direction) == [.down, .down, .down, .down])
    }

    /// Once begun, a directional pan follows the fingers anywhere: a pan up that turns and
    /// comes back down below where it started is still the pan up (its translation says so).
    @Test func aDirectionalPanThatTurnsBackStaysItself() {
        let h = harness()
        let path: [Vector] = [Vector(dx: 0, dy: -12), Vector(dx: 0, dy: -40), Vector(dx: 0, dy: -10), Vector(dx: 30, dy: 25)]
        threeFingers(h, frames: path.count, every: 16) { path[$0 - 1] }
        #expect(h.gestureLines.filter { !$0.hasPrefix("action") && !$0.hasPrefix("touch") } == [
            "up possible->began", "down possible->failed",
            "up began->changed", "up changed->changed", "up changed->changed", "up changed->ended", "up reset", "down reset",
        ])
        #expect(translations(h, "up") == path + [path.last!])
        #expect(actions(h, "up").allSatisfy { $0.values.direction == .up })
    }

    /// A move 35° off the vertical (up and to the right) is mostly up: the pan up takes it.
    /// One 55° off (mostly right) is neither's: both fail on the frame that passes 10 px, and
    /// the touches go back to the application on it.
    @Test func aDiagonalishMoveGoesToThePanOfItsDominantAxisOrToNone() {
        let steep = harness()
        threeFingers(steep, frames: 3, every: 16) { i in Vector(dx: 4.2 * Double(i), dy: -6 * Double(i)) }  // atan(4.2/6) = 35°
        #expect(steep.gestureLines.prefix(6) == [
            "up possible->began", "down possible->failed", "touch 1 claimed", "touch 2 claimed", "touch 3 claimed", "action up began",
        ])

        let flat = harness()
        threeFingers(flat, frames: 3, every: 16) { i in Vector(dx: 6 * Double(i), dy: -4.2 * Double(i)) }  // 55° off the vertical
        #expect(flat.gestureLines == [
            "up possible->failed", "down possible->failed", "touch 1 released", "touch 2 released", "touch 3 released", "up reset", "down reset",
        ])
        // Released on the frame that passed 10 px (the second, at 56 ms).
        #expect(verdictTimes(flat) == [56, 56, 56])

        // With a pan bound to the right beside them, the mostly-right move is its.
        let withRight = harness(PanGestureRecognizer(name: "right", minimumTouches: 3, maximumTouches: 3, directions: .right))
        threeFingers(withRight, frames: 3, every: 16) { i in Vector(dx: 6 * Double(i), dy: -4.2 * Double(i)) }
        #expect(withRight.gestureLines.prefix(6) == [
            "up possible->failed", "down possible->failed", "right possible->began", "touch 1 claimed", "touch 2 claimed", "touch 3 claimed",
        ])
        #expect(actions(withRight, "right").first?.values.direction == .right)
    }

    /// A narrower `maximumAngle` (30°, the swipe's) leaves the 35° move to no one.
    @Test func maximumAngleNarrowsWhatCountsAsItsDirection() {
        let h = Harness()
        h.screen.addGestureRecognizer(PanGestureRecognizer(name: "up", minimumTouches: 3, maximumTouches: 3, directions: .up, maximumAngle: 30))
        threeFingers(h, frames: 3, every: 16) { i in Vector(dx: 4.2 * Double(i), dy: -6 * Double(i)) }
        #expect(h.gestureLines == ["up possible->failed", "touch 1 released", "touch 2 released", "touch 3 released", "up reset"])
    }

    /// Speed plays no part: a slow drag (1.5 px a frame, 94 px/s) and a fast one (60 px in
    /// its first frame, 3750 px/s) up both begin the pan up, on the frame that passes 10 px,
    /// with the direction that frame shows.
    @Test func slowAndFastDragsAlike() {
        let slow = harness()
        threeFingers(slow, frames: 10, every: 16) { Vector(dx: 0.3, dy: -1.5 * Double($0)) }
        let slowActions = actions(slow, "up")
        #expect(slow.gestureLines.prefix(2) == ["up possible->began", "down possible->failed"])
        #expect(slowActions.first?.state == "began" && translations(slow, "up").first == Vector(dx: 0.3, dy: -10.5))
        #expect(slowActions.map(\.state) == ["began", "changed", "changed", "changed", "ended"])

        let fast = harness()
        threeFingers(fast, frames: 3, every: 16) { Vector(dx: 0, dy: -60 * Double($0)) }
        #expect(fast.gestureLines == [
            "up possible->began", "down possible->failed", "touch 1 claimed", "touch 2 claimed", "touch 3 claimed",
            "action up began", "up began->changed", "action up changed", "up changed->changed", "action up changed",
            "up changed->ended", "action up ended", "up reset", "down reset",
        ])
        #expect(actions(fast, "up").first?.values.translation == Vector(dx: 0, dy: -60))
    }

    /// A directional pan and a swipe on the same fingers (Touchégg's repeating swipe up beside
    /// a swipe left): a move left fails the pan at 10 px, and the swipe recognizes at 50 px.
    @Test func aSwipeTheOtherWayStillFires() {
        let h = Harness()
        h.screen.addGestureRecognizer(PanGestureRecognizer(name: "up", minimumTouches: 3, maximumTouches: 3, directions: .up))
        h.screen.addGestureRecognizer(SwipeGestureRecognizer(name: "left", directions: .left, touches: 3))
        threeFingers(h, frames: 6, every: 16) { Vector(dx: -12 * Double($0), dy: 1) }
        #expect(h.gestureLines == [
            "up possible->failed", "left possible->recognized", "touch 1 claimed", "touch 2 claimed", "touch 3 claimed",
            "action left recognized", "up reset", "left reset",
        ])
    }

    /// A pan without directions is unchanged: it begins whichever way, and reports none.
    @Test func aPlainPanHasNoDirection() {
        let h = Harness()
        h.screen.addGestureRecognizer(PanGestureRecognizer(name: "any", minimumTouches: 3, maximumTouches: 3))
        threeFingers(h, frames: 2, every: 16) { i in Vector(dx: 8 * Double(i), dy: -8 * Double(i)) }
        #expect(h.gestureLines.first == "any possible->began")
        #expect(actions(h, "any").allSatisfy { $0.values.direction == nil })
    }
}
