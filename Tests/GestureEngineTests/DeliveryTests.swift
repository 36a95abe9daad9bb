import Testing
@testable import GestureEngine

/// semantics.md §6: what the view (the application) receives, as literal ordered traces.
@Suite struct DeliveryTests {
    /// A window with a two-tap recognizer; the user double-taps.
    private func doubleTap(configure: (TapGestureRecognizer) -> Void) -> (Harness, View) {
        let h = Harness()
        let win = h.view("win", Rect(x: 0, y: 0, width: 800, height: 600))
        let double = TapGestureRecognizer(name: "double", taps: 2)
        configure(double)
        win.addGestureRecognizer(double)
        h.tap(1, 100, 100, at: 0)
        h.tap(2, 102, 101, at: 150)
        h.drain()
        return (h, win)
    }

    @Test func doubleTapWithDelaysTouchesEnded() {
        let (h, win) = doubleTap { _ in }
        #expect(h.deliveries(to: win) == ["touchesBegan 1", "touchesBegan 2", "touchesCancelled 1", "touchesCancelled 2"])
    }

    @Test func doubleTapWithoutDelaysTouchesEnded() {
        let (h, win) = doubleTap { $0.delaysTouchesEnded = false }
        #expect(h.deliveries(to: win) == ["touchesBegan 1", "touchesEnded 1", "touchesBegan 2", "touchesCancelled 2"])
    }

    @Test func doubleTapWithDefaultDelaysCancelsBeforeTheActionRuns() {
        // Actions are queued during the event and run after it (§1), so the cancel comes first.
        let (h, win) = doubleTap { _ in }
        #expect(h.deliveriesAndActions(to: win) == [
            "touchesBegan 1", "touchesBegan 2", "touchesCancelled 1", "touchesCancelled 2", "action double",
        ])
        #expect(h.verdicts == ["touch 1 claimed", "touch 2 claimed"])
    }

    @Test func doubleTapWithDelaysTouchesBeganShowsTheViewNothing() {
        let (h, win) = doubleTap { $0.delaysTouchesBegan = true }
        #expect(h.deliveries(to: win) == [])
        #expect(h.actions == ["action double recognized"])
    }

    /// A two-finger tap on a window, the second finger lifting at `secondLiftX` (it landed at
    /// 200 and wobbled to 203), played to the end.
    private func twoFingerTap(secondLiftX: Double) -> (Harness, View) {
        let h = Harness()
        let win = h.view("win", Rect(x: 0, y: 0, width: 800, height: 600))
        win.addGestureRecognizer(TapGestureRecognizer(name: "two", touches: 2))
        h.fingers(along: [
            (1, [(100, 100, at: 0), (102, 101, at: 40), (102, 101, at: 80)]),
            (2, [(200, 100, at: 20), (203, 100, at: 45), (secondLiftX, 100, at: 90)]),
        ])
        h.drain()
        return (h, win)
    }

    @Test func twoFingerDiscreteRecognizerRecognizing() {
        let (h, win) = twoFingerTap(secondLiftX: 203)
        #expect(h.deliveriesAndActions(to: win) == [
            "touchesBegan 1", "touchesBegan 2", "touchesMoved 1", "touchesMoved 2",
            "touchesCancelled 1", "touchesCancelled 2", "action two",
        ])
    }

    @Test func twoFingerDiscreteRecognizerFailing() {
        // The second finger slid away as it lifted: no tap.
        let (h, win) = twoFingerTap(secondLiftX: 240)
        #expect(h.deliveriesAndActions(to: win) == [
            "touchesBegan 1", "touchesBegan 2", "touchesMoved 1", "touchesMoved 2",
            "touchesEnded 1", "touchesEnded 2",
        ])
        #expect(h.verdicts == ["touch 1 released", "touch 2 released"])
    }

    @Test func continuousRecognizerCancelsOnceThenNothing() {
        let h = Harness()
        let win = h.view("win", Rect(x: 0, y: 0, width: 800, height: 600))
        win.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        h.down(1, 100, 100, at: 0)
        h.move(1, 105, 100, at: 10)  // inside the slop: the view still follows
        h.move(1, 120, 100, at: 20)  // past it: the pan begins
        h.move(1, 140, 100, at: 30)
        h.up(1, 140, 100, at: 40)
        h.drain()
        #expect(h.deliveries(to: win) == ["touchesBegan 1", "touchesMoved 1", "touchesCancelled 1"])
        #expect(h.gestureLines == [
            "pan possible->began", "touch 1 claimed", "action pan began",
            "pan began->changed", "action pan changed",
            "pan changed->ended", "action pan ended", "pan reset",
        ])
    }

    @Test func delaysTouchesBeganDeliversBeganThenOneMovedOnFailure() {
        let h = Harness()
        let win = h.view("win", Rect(x: 0, y: 0, width: 800, height: 600))
        let tap = TapGestureRecognizer(name: "tap")
        tap.delaysTouchesBegan = true
        win.addGestureRecognizer(tap)
        h.down(1, 100, 100, at: 0)
        h.move(1, 104, 100, at: 10)
        h.move(1, 108, 100, at: 20)
        h.move(1, 130, 100, at: 30)  // too far for a tap: it fails, the view catches up
        h.move(1, 150, 100, at: 40)
        h.up(1, 150, 100, at: 50)
        #expect(h.deliveries(to: win) == ["touchesBegan 1", "touchesMoved 1", "touchesMoved 1", "touchesEnded 1"])
        #expect(h.verdicts == ["touch 1 released"])
    }

    @Test func touchSeenByNoRecognizerIsDeliveredUntouchedAndReleasedAtOnce() {
        let h = Harness()
        let win = h.view("win", Rect(x: 0, y: 0, width: 800, height: 600))
        h.down(1, 100, 100, at: 0)
        #expect(h.verdicts == ["touch 1 released"])
        h.move(1, 110, 100, at: 10)
        h.up(1, 110, 100, at: 20)
        #expect(h.deliveries(to: win) == ["touchesBegan 1", "touchesMoved 1", "touchesEnded 1"])
    }

    @Test func ignoredTouchIsDeliveredUntouchedWhileTheOthersAreHeld() {
        let h = Harness()
        let win = h.view("win", Rect(x: 0, y: 0, width: 800, height: 600))
        // A recognizer that delays everything, ignores touch 2, and claims once all lift.
        final class Ignorer: GestureRecognizer {
            override func touchBegan(_ touch: Touch) { if touch.id.rawValue == 2 { ignore(touch) } }
            override func touchEnded(_ touch: Touch) { if numberOfTouches == 0 { report(.recognized) } }
        }
        let ignorer = Ignorer(name: "ignorer")
        ignorer.delaysTouchesBegan = true
        win.addGestureRecognizer(ignorer)
        h.down(1, 100, 100, at: 0)
        h.down(2, 300, 300, at: 10)
        h.move(2, 320, 300, at: 20)
        h.up(2, 320, 300, at: 30)
        h.up(1, 100, 100, at: 40)
        #expect(h.deliveries(to: win) == ["touchesBegan 2", "touchesMoved 2", "touchesEnded 2"])
        #expect(h.verdicts == ["touch 2 released", "touch 1 claimed"])
        #expect(h.actions == ["action ignorer recognized"])
    }
}
