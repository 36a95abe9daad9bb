import Testing
@testable import GestureEngine

/// Each recognizer's parameters of semantics.md §8, just inside and just outside.
@Suite struct ThresholdTests {
    /// Runs `input` against one recognizer on the screen and returns its terminal state
    /// names in order (e.g. ["recognized"], ["began", "ended"], ["failed"]).
    private func outcome(_ r: GestureRecognizer, screen: Rect? = nil, _ input: (Harness) -> Void) -> [String] {
        let h = screen.map { Harness(width: $0.width, height: $0.height) } ?? Harness()
        h.screen.addGestureRecognizer(r)
        input(h)
        h.drain()
        return h.lines { if case .state(_, _, _, _, false) = $0 { return true }; return false }
            .map { String($0.split(separator: ">").last!) }
            .filter { $0 != "changed" }
    }

    /// One finger landing at (100, 100), moved `dx` right at 10 ms and lifted there at 20 ms:
    /// a probe of a recognizer's slop.
    private func slidingRight(_ dx: Double) -> (Harness) -> Void {
        { h in h.down(1, 100, 100, at: 0); h.move(1, 100 + dx, 100, at: 10); h.up(1, 100 + dx, 100, at: 20) }
    }

    // MARK: Tap

    @Test func tapMovement() {
        #expect(outcome(TapGestureRecognizer(name: "t"), slidingRight(10)) == ["recognized"])
        #expect(outcome(TapGestureRecognizer(name: "t"), slidingRight(10.5)) == ["failed"])
    }

    @Test func tapDuration() {
        #expect(outcome(TapGestureRecognizer(name: "t")) { $0.tap(1, 100, 100, at: 0, holding: 499) } == ["recognized"])
        #expect(outcome(TapGestureRecognizer(name: "t")) { $0.tap(1, 100, 100, at: 0, holding: 501) } == ["failed"])
    }

    @Test func tapInterval() {
        #expect(outcome(TapGestureRecognizer(name: "t", taps: 2)) { h in
            h.tap(1, 100, 100, at: 0, holding: 50); h.tap(2, 100, 100, at: 399)
        } == ["recognized"])
        #expect(outcome(TapGestureRecognizer(name: "t", taps: 2)) { h in
            h.tap(1, 100, 100, at: 0, holding: 50); h.tap(2, 100, 100, at: 401)
        } == ["failed", "failed"])  // the pair fails at 400 ms; the late tap then waits alone and fails too
    }

    @Test func multiTapMustLandNearTheFirst() {
        #expect(outcome(TapGestureRecognizer(name: "t", taps: 2)) { h in
            h.tap(1, 100, 100, at: 0); h.tap(2, 140, 100, at: 150)
        } == ["recognized"])
        #expect(outcome(TapGestureRecognizer(name: "t", taps: 2)) { h in
            h.tap(1, 100, 100, at: 0); h.tap(2, 141, 100, at: 150)
        } == ["failed"])
    }

    @Test func fingersOfATwoFingerTapMayLandUpTo150msApart() {
        #expect(outcome(TapGestureRecognizer(name: "t", touches: 2)) { h in
            h.down(1, 100, 100, at: 0); h.down(2, 200, 100, at: 149); h.up(1, 100, 100, at: 200); h.up(2, 200, 100, at: 210)
        } == ["recognized"])
        #expect(outcome(TapGestureRecognizer(name: "t", touches: 2)) { h in
            h.down(1, 100, 100, at: 0); h.down(2, 200, 100, at: 151); h.up(1, 100, 100, at: 200); h.up(2, 200, 100, at: 210)
        } == ["failed"])
        // Three fingers on a two-finger tap.
        #expect(outcome(TapGestureRecognizer(name: "t", touches: 2)) { h in
            h.down(1, 100, 100, at: 0); h.down(2, 200, 100, at: 10); h.down(3, 300, 100, at: 20)
            h.up(1, 100, 100, at: 50); h.up(2, 200, 100, at: 50); h.up(3, 300, 100, at: 50)
        } == ["failed"])
    }

    // MARK: Long press

    @Test func longPressDuration() {
        #expect(outcome(LongPressGestureRecognizer(name: "l")) { $0.tap(1, 100, 100, at: 0, holding: 499) } == ["failed"])
        #expect(outcome(LongPressGestureRecognizer(name: "l")) { $0.tap(1, 100, 100, at: 0, holding: 500) } == ["began", "ended"])
    }

    @Test func longPressMovementBeforeAndAfterItBegins() {
        #expect(outcome(LongPressGestureRecognizer(name: "l")) { h in
            h.down(1, 100, 100, at: 0); h.move(1, 100, 110, at: 100); h.wait(until: 600); h.move(1, 100, 400, at: 700); h.up(1, 100, 400, at: 800)
        } == ["began", "ended"])
        #expect(outcome(LongPressGestureRecognizer(name: "l")) { h in
            h.down(1, 100, 100, at: 0); h.move(1, 100, 110.5, at: 100); h.up(1, 100, 110.5, at: 800)
        } == ["failed"])
    }

    @Test func longPressWithATapBefore() {
        #expect(outcome(LongPressGestureRecognizer(name: "l", taps: 1)) { h in
            h.tap(1, 100, 100, at: 0, holding: 80); h.down(2, 100, 100, at: 200); h.up(2, 100, 100, at: 800)
        } == ["began", "ended"])
        // Without the tap first it is a plain press: not this gesture.
        #expect(outcome(LongPressGestureRecognizer(name: "l", taps: 1)) { h in
            h.down(1, 100, 100, at: 0); h.up(1, 100, 100, at: 800)
        } == ["failed"])
    }

    // MARK: Pan

    @Test func panSlop() {
        #expect(outcome(PanGestureRecognizer(name: "p"), slidingRight(10)) == ["failed"])
        #expect(outcome(PanGestureRecognizer(name: "p"), slidingRight(10.5)) == ["began", "ended"])
    }

    @Test func panMinimumTouchesWithArrivalTolerance() {
        #expect(outcome(PanGestureRecognizer(name: "p", minimumTouches: 2)) { h in
            h.down(1, 100, 100, at: 0); h.down(2, 200, 100, at: 149)
            h.move(1, 150, 100, at: 200); h.move(2, 250, 100, at: 200); h.up(1, 150, 100, at: 300); h.up(2, 250, 100, at: 300)
        } == ["began", "ended"])
        #expect(outcome(PanGestureRecognizer(name: "p", minimumTouches: 2)) { h in
            h.down(1, 100, 100, at: 0); h.down(2, 200, 100, at: 151)
            h.move(1, 150, 100, at: 200); h.move(2, 250, 100, at: 200); h.up(1, 150, 100, at: 300); h.up(2, 250, 100, at: 300)
        } == ["failed"])
    }

    @Test func panMaximumTouches() {
        #expect(outcome(PanGestureRecognizer(name: "p", maximumTouches: 1)) { h in
            h.down(1, 100, 100, at: 0); h.down(2, 200, 100, at: 10); h.move(1, 150, 100, at: 20)
            h.up(1, 150, 100, at: 30); h.up(2, 200, 100, at: 30)
        } == ["failed"])
    }

    @Test func panTranslationFollowsFingersComingAndGoingAndSetTranslation() {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "p")
        h.screen.addGestureRecognizer(pan)
        h.down(1, 100, 100, at: 0)
        h.move(1, 130, 100, at: 10)
        #expect(pan.translation == Vector(dx: 30, dy: 0))
        h.down(2, 300, 300, at: 20)  // the centroid jumps; the translation must not
        #expect(pan.translation == Vector(dx: 30, dy: 0))
        h.move(2, 310, 300, at: 30)  // centroid moves 5 px
        #expect(pan.translation == Vector(dx: 35, dy: 0))
        pan.setTranslation(.zero)
        h.move(1, 140, 100, at: 40)
        #expect(pan.translation == Vector(dx: 5, dy: 0))
        h.up(2, 310, 300, at: 50)
        h.move(1, 150, 100, at: 60)
        #expect(pan.translation == Vector(dx: 15, dy: 0))
    }

    @Test func panVelocity() {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "p")
        h.screen.addGestureRecognizer(pan)
        h.down(1, 100, 100, at: 0)
        for i in 1...10 { h.move(1, 100 + 8 * Double(i), 100, at: 16 * Double(i)) }
        #expect(abs(pan.velocity.dx - 500) < 1e-6)  // 8 px every 16 ms
        #expect(pan.velocity.dy == 0)
    }

    // MARK: Swipe

    private func flick(_ h: Harness, dx: Double, dy: Double, ms: Double, steps: Int = 5) {
        h.drag(1, from: Point(500, 500), to: Point(500 + dx, 500 + dy), start: 0, duration: ms, steps: steps)
    }

    @Test func swipeDistance() {
        #expect(outcome(SwipeGestureRecognizer(name: "s")) { flick($0, dx: 49.9, dy: 0, ms: 50) } == ["failed"])
        #expect(outcome(SwipeGestureRecognizer(name: "s")) { flick($0, dx: 50, dy: 0, ms: 50) } == ["recognized"])
    }

    @Test func swipeVelocity() {
        // 50 px reached at 249 ms: 200.8 px/s; at 251 ms: 199.2 px/s.
        #expect(outcome(SwipeGestureRecognizer(name: "s")) { flick($0, dx: 50, dy: 0, ms: 249) } == ["recognized"])
        #expect(outcome(SwipeGestureRecognizer(name: "s")) { flick($0, dx: 50, dy: 0, ms: 251) } == ["failed"])
    }

    @Test func swipeAngle() {
        func at(_ degrees: Double) -> [String] {
            let rad = degrees * Double.pi / 180
            return outcome(SwipeGestureRecognizer(name: "s")) { flick($0, dx: 100 * cosApprox(rad), dy: 100 * sinApprox(rad), ms: 100) }
        }
        #expect(at(29.5) == ["recognized"])
        #expect(at(30.5) == ["failed"])
        #expect(at(-29.5) == ["recognized"])
    }

    @Test func swipeDuration() {
        let slowOK = { SwipeGestureRecognizer(name: "s", minimumVelocity: 0) }
        #expect(outcome(slowOK()) { flick($0, dx: 50, dy: 0, ms: 799) } == ["recognized"])
        #expect(outcome(slowOK()) { flick($0, dx: 50, dy: 0, ms: 801) } == ["failed"])
    }

    @Test func swipeDirectionsAndTouches() {
        #expect(outcome(SwipeGestureRecognizer(name: "s", directions: [.left, .up])) { flick($0, dx: 0, dy: -80, ms: 100) } == ["recognized"])
        #expect(outcome(SwipeGestureRecognizer(name: "s", directions: [.left, .up])) { flick($0, dx: 80, dy: 0, ms: 100) } == ["failed"])
        #expect(outcome(SwipeGestureRecognizer(name: "s", directions: .left, touches: 3)) { h in
            for id in Int64(1)...3 { h.down(id, 600 + 50 * Double(id), 500, at: Double(id) * 20) }
            for step in 1...5 { for id in Int64(1)...3 { h.move(id, 600 + 50 * Double(id) - 20 * Double(step), 500, at: 60 + 15 * Double(step)) } }
            for id in Int64(1)...3 { h.up(id, 600 + 50 * Double(id) - 100, 500, at: 160) }
        } == ["recognized"])
    }

    // MARK: Pinch and rotation

    private func twoFingers(_ h: Harness, spreadTo half: Double, angle: Double = 0) {
        h.down(1, 400, 500, at: 0)
        h.down(2, 600, 500, at: 10)
        h.move(1, 500 - half * cosApprox(angle), 500 - half * sinApprox(angle), at: 50)
        h.move(2, 500 + half * cosApprox(angle), 500 + half * sinApprox(angle), at: 60)
        h.up(1, 0, 0, at: 100)
        h.up(2, 0, 0, at: 100)
    }

    @Test func pinchThreshold() {
        #expect(outcome(PinchGestureRecognizer(name: "p")) { twoFingers($0, spreadTo: 105) } == ["failed"])
        #expect(outcome(PinchGestureRecognizer(name: "p")) { twoFingers($0, spreadTo: 105.5) } == ["began", "ended"])
        #expect(outcome(PinchGestureRecognizer(name: "p")) { twoFingers($0, spreadTo: 94.5) } == ["began", "ended"])
    }

    @Test func pinchDirectionAndScale() {
        #expect(outcome(PinchGestureRecognizer(name: "p", direction: .in)) { twoFingers($0, spreadTo: 150) } == ["failed"])
        #expect(outcome(PinchGestureRecognizer(name: "p", direction: .out)) { twoFingers($0, spreadTo: 150) } == ["began", "ended"])
        let h = Harness()
        let pinch = PinchGestureRecognizer(name: "p")
        h.screen.addGestureRecognizer(pinch)
        h.fingers(along: [(1, [(400, 500, at: 0), (350, 500, at: 50)]), (2, [(600, 500, at: 10), (650, 500, at: 60)])], lift: false)
        #expect(pinch.scale == 1.5)
    }

    @Test func rotationThreshold() {
        let deg = Double.pi / 180
        #expect(outcome(RotationGestureRecognizer(name: "r")) { twoFingers($0, spreadTo: 100, angle: 9.9 * deg) } == ["failed"])
        #expect(outcome(RotationGestureRecognizer(name: "r")) { twoFingers($0, spreadTo: 100, angle: 10.1 * deg) } == ["began", "ended"])
        #expect(outcome(RotationGestureRecognizer(name: "r")) { twoFingers($0, spreadTo: 100, angle: -10.1 * deg) } == ["began", "ended"])
    }

    @Test func rotationReportsRadiansAcrossTheHalfTurn() {
        let h = Harness()
        let rotation = RotationGestureRecognizer(name: "r")
        h.screen.addGestureRecognizer(rotation)
        h.down(1, 400, 500, at: 0)
        h.down(2, 600, 500, at: 10)
        // Turn a full 270° clockwise in 10° steps: the angle wraps past ±180° on the way.
        for step in 1...27 {
            let a = Double(step) * 10 * Double.pi / 180
            h.move(1, 500 - 100 * cosApprox(a), 500 - 100 * sinApprox(a), at: 10 + Double(step) * 10)
            h.move(2, 500 + 100 * cosApprox(a), 500 + 100 * sinApprox(a), at: 15 + Double(step) * 10)
        }
        #expect(abs(rotation.values.degrees - 270) < 1e-6)
    }

    // MARK: Edge pan

    @Test func edgePanZone() {
        let screen = Rect(x: 0, y: 0, width: 1920, height: 1080)
        #expect(outcome(EdgePanGestureRecognizer(name: "e", edges: .left), screen: screen) { h in
            h.drag(1, from: Point(15.9, 500), to: Point(200, 500), start: 0, duration: 200)
        } == ["began", "ended"])
        #expect(outcome(EdgePanGestureRecognizer(name: "e", edges: .left), screen: screen) { h in
            h.drag(1, from: Point(16.1, 500), to: Point(200, 500), start: 0, duration: 200)
        } == ["failed"])
        #expect(outcome(EdgePanGestureRecognizer(name: "e", edges: .right), screen: screen) { h in
            h.drag(1, from: Point(1910, 500), to: Point(1700, 500), start: 0, duration: 200)
        } == ["began", "ended"])
        // Starting at the edge but moving along it is not an edge pan.
        #expect(outcome(EdgePanGestureRecognizer(name: "e", edges: .left), screen: screen) { h in
            h.drag(1, from: Point(5, 500), to: Point(10, 300), start: 0, duration: 200)
        } == ["failed"])
    }

    @Test func edgePanOnAWindowUsesTheWindowsEdges() {
        let h = Harness()
        let win = h.view("win", Rect(x: 300, y: 200, width: 800, height: 600))
        let edge = EdgePanGestureRecognizer(name: "e", edges: .top)
        win.addGestureRecognizer(edge)
        h.drag(1, from: Point(600, 205), to: Point(600, 400), start: 0, duration: 200)
        #expect(h.gestureLines.first == "e possible->began")
    }
}
