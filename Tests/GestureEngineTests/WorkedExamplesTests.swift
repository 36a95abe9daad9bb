import Testing
@testable import GestureEngine

/// semantics.md §9, each as a whole ordered trace.
@Suite struct WorkedExamplesTests {
    private let frame = Rect(x: 0, y: 0, width: 1000, height: 800)

    // MARK: Swipe and pan on one view

    private func swipeAndPan(panRequiresSwipeToFail: Bool) -> (Harness, PanGestureRecognizer, SwipeGestureRecognizer) {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        let swipe = SwipeGestureRecognizer(name: "swipe", directions: .right)
        h.view("win", frame, recognizers: [pan, swipe])
        if panRequiresSwipeToFail { pan.require(toFail: swipe) }
        return (h, pan, swipe)
    }

    /// 200 px right in 100 ms: 2000 px/s.
    private func flick(_ h: Harness) {
        h.drag(1, from: Point(100, 100), to: Point(300, 100), start: 0, duration: 100, steps: 10)
        h.drain()
    }

    /// 200 px right in 2 s: 100 px/s.
    private func slowDrag(_ h: Harness) {
        h.drag(1, from: Point(100, 100), to: Point(300, 100), start: 0, duration: 2000, steps: 10)
        h.drain()
    }

    @Test func withoutRequirementThePanWinsAFlick() {
        let (h, _, _) = swipeAndPan(panRequiresSwipeToFail: false)
        flick(h)
        #expect(Array(h.gestureLines.prefix(4)) == ["pan possible->began", "swipe possible->failed", "touch 1 claimed", "action pan began"])
        #expect(!h.actions.contains("action swipe recognized"))
        #expect(h.gestureLines.suffix(4) == ["pan changed->ended", "action pan ended", "pan reset", "swipe reset"])
    }

    @Test func withoutRequirementThePanWinsASlowDrag() {
        let (h, _, _) = swipeAndPan(panRequiresSwipeToFail: false)
        slowDrag(h)
        #expect(Array(h.gestureLines.prefix(4)) == ["pan possible->began", "swipe possible->failed", "touch 1 claimed", "action pan began"])
    }

    @Test func withRequirementAFlickIsASwipe() {
        let (h, _, _) = swipeAndPan(panRequiresSwipeToFail: true)
        flick(h)
        #expect(h.gestureLines == [
            "swipe possible->recognized", "pan possible->failed", "touch 1 claimed", "action swipe recognized",
            "pan reset", "swipe reset",
        ])
    }

    @Test func withRequirementASlowDragIsAPan() {
        let (h, _, _) = swipeAndPan(panRequiresSwipeToFail: true)
        slowDrag(h)
        // The swipe fails as soon as the drag shows it is too slow to be a flick (semantics.md
        // §10: 20 px at 200 ms, 100 px/s, could not average 200 px/s over 50 px); the pan,
        // held since it passed its slop on that same move, begins at once.
        #expect(Array(h.gestureLines.prefix(4)) == [
            "swipe possible->failed", "pan possible->began", "touch 1 claimed", "action pan began",
        ])
        #expect(!h.actions.contains("action swipe recognized"))
        let began = h.recorder.observations.compactMap { o -> ActionEvent? in
            if case .action(let a) = o, a.state == .began { return a }
            return nil
        }
        #expect(began.first?.values.translation == Vector(dx: 20, dy: 0))
        #expect(began.first?.time == Instant(milliseconds: 200))
    }

    // MARK: Single and double tap

    private func taps(requirement: Bool) -> Harness {
        let h = Harness()
        let double = TapGestureRecognizer(name: "doubleTap", taps: 2)
        let single = TapGestureRecognizer(name: "tap")
        h.view("win", frame, recognizers: [double, single])
        if requirement { single.require(toFail: double) }
        return h
    }

    /// The state changes, verdicts and actions of a double tap on ``taps(requirement:)``.
    private func doubleTapped(requirement: Bool) -> [String] {
        let h = taps(requirement: requirement)
        h.tap(1, 100, 100, at: 0)
        h.tap(2, 101, 100, at: 200)
        h.drain()
        return h.gestureLines
    }

    @Test func withoutRequirementBothFireOnADoubleTapSingleFirst() {
        #expect(doubleTapped(requirement: false) == [
            "tap possible->recognized", "touch 1 claimed", "action tap recognized", "tap reset",
            "doubleTap possible->recognized", "tap possible->failed", "touch 2 claimed", "action doubleTap recognized",
            "doubleTap reset", "tap reset",
        ])
    }

    @Test func withRequirementOnlyTheDoubleTapFires() {
        #expect(doubleTapped(requirement: true) == [
            "doubleTap possible->recognized", "tap possible->failed", "touch 1 claimed", "touch 2 claimed",
            "action doubleTap recognized", "doubleTap reset", "tap reset",
        ])
    }

    @Test func withRequirementALoneTapFiresOneIntervalAfterTheLift() {
        let h = taps(requirement: true)
        h.tap(1, 100, 100, at: 0, holding: 50)
        h.wait(until: 399)
        #expect(h.actions == [])
        #expect(h.engine.nextDeadline == Instant(milliseconds: 400))
        h.wait(until: 400)
        #expect(h.gestureLines == [
            "doubleTap possible->failed", "tap possible->recognized", "touch 1 claimed",
            "action tap recognized", "doubleTap reset", "tap reset",
        ])
        #expect(h.recorder.observations.last?.time == Instant(milliseconds: 400))
    }

    // MARK: Long press then drag without lifting

    private func longPressThenDrag(simultaneous: Bool) -> Harness {
        let h = Harness()
        let press = LongPressGestureRecognizer(name: "press")
        let pan = PanGestureRecognizer(name: "pan")
        h.view("win", frame, recognizers: [press, pan])
        if simultaneous { pan.recognizeSimultaneously(with: press) }
        h.down(1, 100, 100, at: 0)
        h.wait(until: 600)
        h.move(1, 130, 100, at: 700)
        h.move(1, 160, 100, at: 800)
        h.up(1, 160, 100, at: 900)
        h.drain()
        return h
    }

    @Test func byDefaultTheLongPressKeepsTheTouch() {
        let h = longPressThenDrag(simultaneous: false)
        #expect(h.gestureLines == [
            "press possible->began", "pan possible->failed", "touch 1 claimed", "action press began",
            "press began->changed", "action press changed",
            "press changed->changed", "action press changed",
            "press changed->ended", "action press ended", "press reset", "pan reset",
        ])
    }

    @Test func thePanRecognizesWhenItMayRecognizeWithTheLongPress() {
        let h = longPressThenDrag(simultaneous: true)
        #expect(h.gestureLines == [
            "press possible->began", "touch 1 claimed", "action press began",
            "press began->changed", "pan possible->began", "action press changed", "action pan began",
            "press changed->changed", "pan began->changed", "action press changed", "action pan changed",
            "press changed->ended", "pan changed->ended", "action press ended", "action pan ended",
            "press reset", "pan reset",
        ])
    }

    // MARK: Pinch and rotation

    /// Two fingers 200 px apart that spread and turn together.
    private func spreadAndTurn(_ h: Harness) {
        h.down(1, 400, 400, at: 0)
        h.down(2, 600, 400, at: 10)
        // Spread by 40 px (the pinch begins at 55 ms, 13 px past its start) while turning by
        // ~17° (the rotation passes its 10° a few moves later).
        for i in 1...6 {
            let f = Double(i) / 6
            let angle = 0.3 * f
            let r = 100 + 20 * f
            let c = 500.0
            h.move(1, c - r * cosApprox(angle), 400 - r * sinApprox(angle), at: 10 + 20 * Double(i))
            h.move(2, c + r * cosApprox(angle), 400 + r * sinApprox(angle), at: 15 + 20 * Double(i))
        }
        h.up(1, 380, 360, at: 200)
        h.up(2, 620, 440, at: 210)
        h.drain()
    }

    /// A window with a pinch and a rotation, the pinch declared first, then related by `relate`.
    private func pinchAndRotationWindow(_ relate: (PinchGestureRecognizer, RotationGestureRecognizer) -> Void) -> Harness {
        let h = Harness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        let rotation = RotationGestureRecognizer(name: "rotation")
        h.view("win", frame, recognizers: [pinch, rotation])
        relate(pinch, rotation)
        return h
    }

    private func pinchAndRotation(_ relate: (PinchGestureRecognizer, RotationGestureRecognizer) -> Void) -> Harness {
        let h = pinchAndRotationWindow(relate)
        spreadAndTurn(h)
        return h
    }

    @Test func pinchAndRotationAreExclusiveByDefault() {
        let h = pinchAndRotation { _, _ in }
        let changed = ["pinch changed->changed", "action pinch changed"]
        #expect(h.gestureLines == [
            "pinch possible->began", "rotation possible->failed", "touch 1 claimed", "touch 2 claimed", "action pinch began",
            "pinch began->changed", "action pinch changed",
        ] + Array([[String]](repeating: changed, count: 7).joined()) + [
            "pinch changed->ended", "action pinch ended", "pinch reset", "rotation reset",
        ])
    }

    @Test func pinchAndRotationBothRunWhenEitherAllowsSimultaneity() {
        let fromPinch = pinchAndRotation { pinch, rotation in pinch.recognizeSimultaneously(with: rotation) }
        let fromRotation = pinchAndRotation { pinch, rotation in rotation.recognizeSimultaneously(with: pinch) }
        #expect(fromPinch.gestureLines == fromRotation.gestureLines)
        let both = ["pinch changed->changed", "rotation changed->changed", "action pinch changed", "action rotation changed"]
        #expect(fromPinch.gestureLines == [
            "pinch possible->began", "touch 1 claimed", "touch 2 claimed", "action pinch began",
            "pinch began->changed", "action pinch changed",
            "pinch changed->changed", "action pinch changed",
            "pinch changed->changed", "rotation possible->began", "action pinch changed", "action rotation began",
            "pinch changed->changed", "rotation began->changed", "action pinch changed", "action rotation changed",
        ] + Array([[String]](repeating: both, count: 4).joined()) + [
            "pinch changed->ended", "rotation changed->ended", "action pinch ended", "action rotation ended",
            "pinch reset", "rotation reset",
        ])
    }

    // MARK: A screen-wide observer

    @Test func screenObserverSeesEveryTouchWithoutBlockingWindowRecognizers() {
        let h = Harness()
        let win = h.view("win", frame)
        let tap = TapGestureRecognizer(name: "tap")
        win.addGestureRecognizer(tap)
        let observer = PanGestureRecognizer(name: "observer", minimumDistance: 0)
        observer.recognizesSimultaneouslyWithAll = true
        observer.cancelsTouchesInView = false
        observer.delaysTouchesEnded = false
        h.screen.addGestureRecognizer(observer)
        h.down(1, 100, 100, at: 0)
        h.move(1, 102, 100, at: 20)
        h.up(1, 102, 100, at: 40)
        h.drain()
        #expect(h.gestureLines == [
            "observer possible->began", "action observer began",
            "tap possible->recognized", "touch 1 claimed", "observer began->ended",
            "action tap recognized", "action observer ended", "tap reset", "observer reset",
        ])
    }

    // MARK: A one-way relation

    /// A window with a pinch and a rotation, the pinch declared first; the pinch may not
    /// prevent the rotation (`doesNotPrevent`).
    func pinchThatDoesNotPreventRotation() -> Harness {
        pinchAndRotationWindow { pinch, rotation in pinch.doesNotPrevent(rotation) }
    }

    @Test func rotationMayPreventPinchButPinchMayNotPreventRotation() {
        let h = pinchThatDoesNotPreventRotation()
        // Spread first (the pinch begins), then turn (the rotation begins and stops the pinch).
        h.fingers(along: [
            (1, [(400, 400, at: 0), (380, 400, at: 30), (380, 430, at: 60), (380, 430, at: 100)]),
            (2, [(600, 400, at: 10), (620, 400, at: 40), (620, 370, at: 70), (620, 370, at: 110)]),
        ])
        h.drain()
        #expect(h.gestureLines == [
            "pinch possible->began", "touch 1 claimed", "touch 2 claimed", "action pinch began",
            "pinch began->changed", "action pinch changed",
            "pinch changed->changed", "action pinch changed",
            // At 70 ms the pinch sees the move first (declared first), then the rotation begins
            // and stops it: the loser's roll-back action runs before the winner's.
            "pinch changed->changed", "rotation possible->began", "pinch changed->cancelled",
            "action pinch changed", "action pinch cancelled", "action rotation began",
            "rotation began->ended", "action rotation ended", "pinch reset", "rotation reset",
        ])
    }

    @Test func whenRotationWinsFirstPinchFails() {
        let h = pinchThatDoesNotPreventRotation()
        // Pure turn: the rotation begins, the pinch (which has not begun) fails.
        h.fingers(along: [
            (1, [(400, 400, at: 0), (400, 430, at: 30), (400, 430, at: 60)]),
            (2, [(600, 400, at: 10), (600, 370, at: 40), (600, 370, at: 70)]),
        ])
        h.drain()
        #expect(Array(h.gestureLines.prefix(2)) == ["rotation possible->began", "pinch possible->failed"])
    }
}

// Tests build their circles without Foundation too.
func sinApprox(_ angle: Double) -> Double {
    // Reduce to [-pi, pi] so the series converges fast.
    let twoPi = 2 * Double.pi
    let x = angle - twoPi * ((angle + Double.pi) / twoPi).rounded(.down)
    var term = x, sum = x
    for n in stride(from: 3.0, through: 25, by: 2) { term *= -x * x / ((n - 1) * n); sum += term }
    return sum
}
func cosApprox(_ x: Double) -> Double { sinApprox(x + Double.pi / 2) }
