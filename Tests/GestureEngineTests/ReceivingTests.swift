import Testing
@testable import GestureEngine

/// semantics.md §2: who sees a touch, and what happens when things go away mid-gesture.
@Suite struct ReceivingTests {
    /// A recognizer that only logs what it is given (and fails when its touches are gone).
    final class Spy: GestureRecognizer {
        var log: [String] = []
        override func touchBegan(_ touch: Touch) { log.append("began \(touch.id)") }
        override func touchMoved(_ touch: Touch) { log.append("moved \(touch.id)") }
        override func touchEnded(_ touch: Touch) {
            log.append("ended \(touch.id)")
            if numberOfTouches == 0 { report(.failed) }
        }
    }

    @Test func offeredDeepestViewFirstThenDeclarationOrder() {
        let h = Harness()
        let win = h.view("win", Rect(x: 0, y: 0, width: 800, height: 600))
        let region = h.view("region", Rect(x: 0, y: 0, width: 200, height: 200), in: win)
        var order: [String] = []
        for (view, names) in [(h.screen, ["s1", "s2"]), (win, ["w1", "w2"]), (region, ["r1"])] {
            for n in names {
                let r = Spy(name: n)
                r.shouldReceiveHook = { r, _ in order.append(r.name); return true }
                view.addGestureRecognizer(r)
            }
        }
        h.down(1, 50, 50, at: 0)
        #expect(order == ["r1", "w1", "w2", "s1", "s2"])
    }

    @Test func hitTestSkipsHiddenAndDisabledViewsAndPrefersTheTopmost() {
        let h = Harness()
        let bottom = h.view("bottom", Rect(x: 0, y: 0, width: 500, height: 500))
        let top = h.view("top", Rect(x: 100, y: 100, width: 500, height: 500))
        #expect(h.screen.hitTest(Point(150, 150)) === top)
        top.isHidden = true
        #expect(h.screen.hitTest(Point(150, 150)) === bottom)
        top.isHidden = false
        top.isUserInteractionEnabled = false
        #expect(h.screen.hitTest(Point(150, 150)) === bottom)
        h.screen.bringSubviewToFront(bottom)
        top.isUserInteractionEnabled = true
        #expect(h.screen.hitTest(Point(150, 150)) === bottom)
        #expect(h.screen.hitTest(Point(550, 550)) === top)
        #expect(h.screen.hitTest(Point(5000, 5000)) == nil)
        #expect(bottom.path == "screen/bottom")
    }

    @Test func shouldReceiveFalseMeansNeverSeenAndStateUnchanged() {
        let h = Harness()
        let spy = Spy(name: "spy")
        spy.shouldReceiveHook = { _, t in t.id.rawValue != 2 }
        h.screen.addGestureRecognizer(spy)
        h.tap(2, 10, 10, at: 0)
        #expect(spy.log == [])
        #expect(h.gestureLines == ["touch 2 released"])
        h.tap(3, 10, 10, at: 100)
        #expect(spy.log == ["began 3", "ended 3"])
    }

    @Test func excludedRegionsAndDeviceFilters() {
        let h = Harness()
        let win = h.view("win", Rect(x: 0, y: 0, width: 800, height: 600))
        let strip = h.view("strip", Rect(x: 0, y: 0, width: 800, height: 40), in: win)
        let spy = Spy(name: "spy")
        spy.excludedViews = [strip]
        spy.allowedDeviceKinds = [.touchscreen]
        win.addGestureRecognizer(spy)
        h.tap(1, 100, 20, at: 0)   // in the strip
        h.tap(2, 100, 200, at: 100)
        h.frame([TouchPoint(id: .pointer(1), phase: .began, location: Point(100, 200))], at: 200, from: .pointer)
        h.frame([TouchPoint(id: .pointer(1), phase: .ended, location: Point(100, 200))], at: 210, from: .pointer)
        #expect(spy.log == ["began 2", "ended 2"])
        #expect(h.verdicts == ["touch 1 released", "touch 2 released", "touch p1 released"])
    }

    @Test func disablingMidGestureCancelsOrFails() {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        let tap = TapGestureRecognizer(name: "tap")
        h.screen.addGestureRecognizer(pan)
        h.screen.addGestureRecognizer(tap)
        pan.recognizeSimultaneously(with: tap)
        h.down(1, 100, 100, at: 0)
        tap.isEnabled = false                     // possible with a touch: fails
        h.move(1, 150, 100, at: 10)
        pan.isEnabled = false                     // in progress: cancelled
        h.move(1, 200, 100, at: 20)
        h.up(1, 200, 100, at: 30)
        #expect(h.gestureLines == [
            "tap possible->failed",
            "pan possible->began", "touch 1 claimed", "action pan began",
            "pan began->cancelled", "action pan cancelled",
            "pan reset", "tap reset",
        ])
        // Disabled recognizers see nothing afterwards.
        h.tap(2, 100, 100, at: 100)
        #expect(h.verdicts.last == "touch 2 released")
    }

    @Test func windowVanishingMidGestureStopsItsRecognizersAndStillGivesVerdicts() {
        let h = Harness()
        let win = h.view("win", Rect(x: 0, y: 0, width: 800, height: 600))
        let pan = PanGestureRecognizer(name: "pan")
        let press = LongPressGestureRecognizer(name: "press")
        win.addGestureRecognizer(pan)
        let other = h.view("other", Rect(x: 900, y: 0, width: 500, height: 500))
        other.addGestureRecognizer(press)
        h.down(1, 100, 100, at: 0)
        h.move(1, 150, 100, at: 10)              // the pan begins
        h.down(2, 1000, 100, at: 20)             // the press waits
        win.removeFromSuperview()
        other.removeFromSuperview()
        h.move(1, 200, 100, at: 30)
        h.up(1, 200, 100, at: 40)
        h.up(2, 1000, 100, at: 50)
        h.drain()
        #expect(h.gestureLines == [
            "pan possible->began", "touch 1 claimed", "action pan began",
            "pan began->cancelled", "action pan cancelled",
            "press possible->failed", "touch 2 released",
            "pan reset", "press reset",
        ])
        #expect(h.engine.undecidedTouches == [])
        // Nothing was delivered to the gone windows after they went.
        #expect(h.deliveries(to: other) == ["touchesBegan 2"])
    }

    @Test func removingARecognizerMidGestureResetsIt() {
        let h = Harness()
        let press = LongPressGestureRecognizer(name: "press")
        h.screen.addGestureRecognizer(press)
        h.down(1, 100, 100, at: 0)
        h.screen.removeGestureRecognizer(press)
        h.wait(until: 1000)
        h.up(1, 100, 100, at: 1100)
        #expect(h.gestureLines == ["press possible->failed", "press reset", "touch 1 released"])
        #expect(press.view == nil && press.state == .possible)
    }
}

/// Time is an input: deadlines, the injected clock, and odd timestamps.
@Suite struct TimeAndOddInputTests {
    @Test func nextDeadlineIsExactAndNilWhenIdle() {
        let h = Harness()
        h.screen.addGestureRecognizer(LongPressGestureRecognizer(name: "press", minimumDuration: 0.6))
        #expect(h.engine.nextDeadline == nil)
        h.down(1, 100, 100, at: 1000)
        #expect(h.engine.nextDeadline == Instant(milliseconds: 1600))
        h.wait(until: 1500)
        #expect(h.actions == [])
        h.wait(until: 1600)
        #expect(h.actions == ["action press began"])
        #expect(h.engine.nextDeadline == nil)
    }

    @Test func deadlinesDueBeforeAnEventFireFirstAtTheirOwnTime() {
        let h = Harness()
        h.screen.addGestureRecognizer(TapGestureRecognizer(name: "tap"))
        h.down(1, 100, 100, at: 0)
        h.up(1, 100, 100, at: 900)  // the tap's 500 ms deadline fires before the lift is processed
        let failed = h.recorder.observations.first { if case .state(_, _, .failed, _, _) = $0 { return true }; return false }
        #expect(failed?.time == Instant(milliseconds: 500))
    }

    @Test func timeNeverGoesBackwards() {
        let h = Harness()
        h.screen.addGestureRecognizer(TapGestureRecognizer(name: "tap"))
        h.down(1, 100, 100, at: 1000)
        h.up(1, 100, 100, at: 10)  // a timestamp from the past: treated as "now"
        h.drain()
        #expect(h.actions == ["action tap recognized"])
        #expect(h.engine.now == Instant(milliseconds: 1000))
    }

    @Test func unexpectedTouchesAndNonFiniteCoordinatesAreSurvived() {
        let h = Harness()
        h.screen.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        h.move(7, 10, 10, at: 0)
        h.up(8, 10, 10, at: 1)
        h.down(1, 100, 100, at: 2)
        h.down(1, 120, 100, at: 3)      // a second began for a touch that is down
        h.move(1, Double.nan, .infinity, at: 4)
        h.up(1, 120, 100, at: 5)
        h.drain()
        #expect(h.errors == [
            "error unexpected moved for touch 7", "error unexpected ended for touch 8",
            "error unexpected began for touch 1",
        ])
        #expect(h.verdicts == ["touch 1 released", "touch 1 released"])
        #expect(h.engine.undecidedTouches == [])
    }

    @Test func shutdownReleasesEveryUndecidedTouch() {
        let h = Harness()
        h.screen.addGestureRecognizer(LongPressGestureRecognizer(name: "press", touches: 2))
        h.down(1, 100, 100, at: 0)
        h.down(2, 300, 100, at: 10)
        #expect(h.engine.undecidedTouches == [TouchID(1), TouchID(2)])
        #expect(h.engine.releaseUndecidedTouches() == [TouchID(1), TouchID(2)])
        #expect(h.verdicts == ["touch 1 released", "touch 2 released"])
    }
}

/// `ignore` from inside a moved handler must not make the engine skip the next recognizer.
@Suite struct IgnoreDuringMoveTests {
    final class IgnoresOnMove: GestureRecognizer {
        override func touchMoved(_ touch: Touch) { ignore(touch) }
        override func touchEnded(_ touch: Touch) { report(.failed) }
    }
    final class CountsMoves: GestureRecognizer {
        var moves = 0
        override func touchMoved(_ touch: Touch) { moves += 1 }
        override func touchEnded(_ touch: Touch) { report(.failed) }
    }

    @Test func theNextRecognizerStillSeesTheMove() {
        let h = Harness()
        let counter = CountsMoves(name: "counter")
        h.screen.addGestureRecognizer(IgnoresOnMove(name: "ignorer"))
        h.screen.addGestureRecognizer(counter)
        h.trace(1, along: [Point(10, 10), Point(12, 10), Point(14, 10), Point(14, 10)], start: 0)
        #expect(counter.moves == 2)
        #expect(h.gestureLines == ["counter possible->failed", "touch 1 released", "counter reset"])
    }
}
