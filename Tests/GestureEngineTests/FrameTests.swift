import Glibc
import Testing
@testable import GestureEngine

/// semantics.md §10.3, issue 25: the engine's input is a frame — every touch that changed at
/// one instant, handed over together — so that no recognizer decides on a moment in which one
/// finger of a hardware frame has moved and another not.
@Suite struct FrameTests {
    /// Touches at one instant: each (id, x, y), as one frame (`torn`: one event after another,
    /// as the engine took them before frames).
    func frame(_ h: Harness, _ touches: [(Int64, Double, Double)], at ms: Double, phase: TouchPhase = .moved, torn: Bool = false) {
        if torn { for t in touches { h.send(phase, t.0, t.1, t.2, at: ms) } } else { h.frame(phase, touches, at: ms) }
    }

    /// A real two-finger circular drag (issue 25): fingers 136 px apart, whose first motion
    /// runs along the line between them, 32 px in the first frame. Between the two events of
    /// that frame the span is 104 px (−24 %): a pinch that exists only on the tear.
    @Test(arguments: [false, true]) func aTwoFingerDragAlongTheLineBetweenTheFingersIsNoPinch(torn: Bool) {
        let h = Harness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        let rotation = RotationGestureRecognizer(name: "rotation")
        h.screen.addGestureRecognizer(pinch)
        h.screen.addGestureRecognizer(rotation)
        frame(h, [(1, 400, 500), (2, 536, 500)], at: 0, phase: .began)
        // Round a circle of 60 px radius, a frame every 8 ms, starting along the fingers' line.
        var angle = 0.0
        for i in 1...12 {
            angle += 0.55
            let dx = 60 * sin(angle), dy = 60 * (1 - cos(angle))
            frame(h, [(1, 400 + dx, 500 + dy), (2, 536 + dx, 500 + dy)], at: Double(8 * i), torn: torn)
        }
        frame(h, [(1, 400, 500), (2, 536, 500)], at: 104, phase: .ended)
        if torn {
            // One event at a time, the tear is what the recognizers see: a pinch begins.
            #expect(h.gestureLines.contains("pinch possible->began"), "\(h.gestureLines)")
        } else {
            #expect(!h.gestureLines.contains { $0.contains("began") }, "\(h.gestureLines)")
        }
    }

    /// Fingers spreading in one frame after another: the pinch begins once, and reports one
    /// change a frame (not one a finger).
    @Test func aPinchChangesOnceAFrame() {
        let h = Harness()
        h.screen.addGestureRecognizer(PinchGestureRecognizer(name: "pinch"))
        frame(h, [(1, 450, 500), (2, 550, 500)], at: 0, phase: .began)
        for i in 1...10 { frame(h, [(1, 450 - 3 * Double(i), 500), (2, 550 + 3 * Double(i), 500)], at: Double(8 * i)) }
        let lines = h.gestureLines.filter { $0.hasPrefix("pinch") }
        #expect(lines.filter { $0.hasSuffix("->began") }.count == 1, "\(lines)")
        // Began at the frame where the span passed 10 px (the second: 12 px), then one change a frame.
        #expect(lines.filter { $0.hasSuffix("->changed") }.count == 8, "\(lines)")
    }

    /// A pan of two fingers reports once a frame.
    @Test func aTwoFingerPanChangesOnceAFrame() {
        let h = Harness()
        h.screen.addGestureRecognizer(PanGestureRecognizer(name: "pan", minimumTouches: 2))
        frame(h, [(1, 450, 500), (2, 550, 500)], at: 0, phase: .began)
        for i in 1...6 { frame(h, [(1, 450, 500 + 6 * Double(i)), (2, 550, 500 + 6 * Double(i))], at: Double(8 * i)) }
        let lines = h.gestureLines.filter { $0.hasPrefix("pan") }
        // Began in the second frame (12 px), then one change for each of the four after.
        #expect(lines == ["pan possible->began", "pan began->changed", "pan changed->changed", "pan changed->changed", "pan changed->changed"], "\(lines)")
    }

    /// A finger that lifts in the millisecond the next one lands (a drag, then another drag
    /// started at once, as the server stamps them under load): the first drag's pan ends with
    /// its finger, and the new finger is a gesture of its own, not a second finger of the first.
    @Test func aLiftAndALandingInOneFrameAreTwoGestures() {
        let h = Harness()
        h.screen.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        frame(h, [(1, 100, 500)], at: 0, phase: .began)
        for i in 1...4 { frame(h, [(1, 100 + 10 * Double(i), 500)], at: Double(15 * i)) }
        h.frame([
            TouchPoint(id: TouchID(1), phase: .ended, location: Point(x: 140, y: 500)),
            TouchPoint(id: TouchID(2), phase: .began, location: Point(x: 600, y: 300)),
        ], at: 75)
        for i in 1...4 { frame(h, [(2, 600 + 10 * Double(i), 300)], at: 75 + Double(15 * i)) }
        frame(h, [(2, 640, 300)], at: 150, phase: .ended)
        let lines = h.gestureLines.filter { $0.hasPrefix("pan") && !$0.hasSuffix("changed->changed") }
        #expect(lines == [
            "pan possible->began", "pan began->changed", "pan changed->ended", "pan reset",
            "pan possible->began", "pan began->changed", "pan changed->ended", "pan reset",
        ], "\(lines)")
    }
}
