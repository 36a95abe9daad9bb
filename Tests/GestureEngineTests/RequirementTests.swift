import Testing
@testable import GestureEngine

/// semantics.md §3: failure requirements, held transitions, chains and cycles.
@Suite struct RequirementTests {
    /// A = single tap waits on B = double tap, which waits on C = triple tap.
    private func chain() -> Harness {
        let h = Harness()
        let win = h.view("win", Rect(x: 0, y: 0, width: 800, height: 600))
        let c = TapGestureRecognizer(name: "C", taps: 3)
        let b = TapGestureRecognizer(name: "B", taps: 2)
        let a = TapGestureRecognizer(name: "A")
        win.addGestureRecognizer(c)
        win.addGestureRecognizer(b)
        win.addGestureRecognizer(a)
        a.require(toFail: b)
        b.require(toFail: c)
        return h
    }

    @Test func chainDoubleTapWaitsForTheTripleThenStopsTheSingle() {
        let h = chain()
        h.tap(1, 100, 100, at: 0)
        h.tap(2, 100, 100, at: 150)   // B wants to recognize at 200 ms: held by C
        #expect(h.actions == [])
        h.wait(until: 549)
        #expect(h.actions == [])
        h.wait(until: 550)            // C's interval runs out: C fails, B goes on, A fails
        #expect(h.gestureLines == [
            "C possible->failed", "B possible->recognized", "A possible->failed",
            "touch 1 claimed", "touch 2 claimed", "action B recognized",
            "C reset", "B reset", "A reset",
        ])
    }

    @Test func chainSingleTapWaitsForBothToFail() {
        let h = chain()
        h.tap(1, 100, 100, at: 0)
        h.drain()
        // C and B both run out at 400 ms, one deadline after the other.
        #expect(h.gestureLines == [
            "C possible->failed", "C reset", "B possible->failed", "A possible->recognized",
            "touch 1 claimed", "action A recognized", "B reset", "A reset",
        ])
        let firstState = h.recorder.observations.first { if case .state = $0 { return true }; return false }
        #expect(firstState?.time == Instant(milliseconds: 400))
    }

    @Test func aRequiredRecognizerThatRecognizesFailsTheWaiterEvenIfItNeverAsked() {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        let swipe = SwipeGestureRecognizer(name: "swipe")
        pan.require(toFail: swipe)
        h.screen.addGestureRecognizer(swipe)
        h.screen.addGestureRecognizer(pan)
        // 60 px in 30 ms: the swipe recognizes on the first move, before the pan asks.
        h.down(1, 100, 100, at: 0)
        h.move(1, 160, 100, at: 30)
        h.up(1, 160, 100, at: 40)
        #expect(h.gestureLines == [
            "swipe possible->recognized", "pan possible->failed", "touch 1 claimed",
            "action swipe recognized", "swipe reset", "pan reset",
        ])
    }

    @Test func cancellationOfTheRequiredRecognizerCountsAsFailure() {
        let h = Harness()
        let tap = TapGestureRecognizer(name: "tap")
        let press = LongPressGestureRecognizer(name: "press", minimumDuration: 0.2)
        tap.require(toFail: press)
        tap.maxDuration = 2
        h.screen.addGestureRecognizer(press)
        h.screen.addGestureRecognizer(tap)
        h.down(1, 100, 100, at: 0)
        h.wait(until: 250)         // the press begins; the tap (which requires it to fail) fails
        h.cancel(1, 100, 100, at: 300)
        #expect(h.gestureLines == [
            "press possible->began", "tap possible->failed", "touch 1 claimed", "action press began",
            "press began->cancelled", "action press cancelled", "press reset", "tap reset",
        ])
    }

    @Test func declaredCycleIsFoundAtLoadTime() {
        let a = TapGestureRecognizer(name: "a"), b = TapGestureRecognizer(name: "b"), c = TapGestureRecognizer(name: "c")
        let d = TapGestureRecognizer(name: "d")
        a.require(toFail: b)
        b.require(toFail: c)
        d.require(toFail: a)
        #expect(FailureRequirements.cycle(among: [d, a, b, c]) == nil)
        c.require(toFail: a)
        #expect(FailureRequirements.cycle(among: [d, a, b, c]) == ["a", "b", "c", "a"])
        let selfish = TapGestureRecognizer(name: "selfish")
        selfish.require(toFail: selfish)
        #expect(FailureRequirements.cycle(among: [selfish]) == ["selfish", "selfish"])
    }

    @Test func cycleThroughHooksIsBrokenAtRunTime() {
        let h = Harness()
        let a = TapGestureRecognizer(name: "A")
        let b = TapGestureRecognizer(name: "B")
        a.shouldRequireFailureHook = { _, other in other === b }
        b.shouldBeRequiredToFailHook = { _, other in other === a }  // B makes A wait on it…
        a.shouldBeRequiredToFailHook = { _, other in other === b }  // …and A makes B wait on it
        h.screen.addGestureRecognizer(a)
        h.screen.addGestureRecognizer(b)
        h.tap(1, 100, 100, at: 0)
        h.drain()
        #expect(h.gestureLines == [
            "error B and A wait for each other to fail; B fails",
            "B possible->failed", "A possible->recognized", "touch 1 claimed",
            "action A recognized", "A reset", "B reset",
        ])
    }

    @Test func requirementByHookFromEitherSide() {
        for fromRequiredSide in [false, true] {
            let h = Harness()
            let single = TapGestureRecognizer(name: "single")
            let double = TapGestureRecognizer(name: "double", taps: 2)
            if fromRequiredSide {
                double.shouldBeRequiredToFailHook = { _, other in other === single }
            } else {
                single.shouldRequireFailureHook = { _, other in other === double }
            }
            h.screen.addGestureRecognizer(single)
            h.screen.addGestureRecognizer(double)
            h.tap(1, 100, 100, at: 0)
            h.tap(2, 100, 100, at: 150)
            h.drain()
            #expect(h.actions == ["action double recognized"])
        }
    }
}
