import Testing
@testable import GestureEngine

/// Verdicts are the engine's output: each touch's one decision reaches the sink with why it
/// was given and how long the application waited for it (trace.md's `held` and `by`).
@Suite struct DecisionTests {
    final class Sink: TouchDecisionSink {
        var decisions: [TouchDecision] = []
        func touchDecided(_ d: TouchDecision) { decisions.append(d) }
        var lines: [String] { decisions.map { "\($0.id) \($0.verdict.rawValue) \($0.reason.label) held \($0.heldMilliseconds.compactDescription)" } }
    }

    func harness() -> (Harness, Sink) {
        let h = Harness()
        let sink = Sink()
        h.engine.decisionSink = sink
        return (h, sink)
    }

    @Test func aTouchNothingWantsIsReleasedOnItsFirstEvent() {
        let (h, sink) = harness()
        h.down(1, 10, 10, at: 5)
        #expect(sink.lines == ["1 released no-gesture held 0"])
    }

    @Test func aClaimSaysWhichGestureAndHowLongTheTouchWaited() {
        let (h, sink) = harness()
        h.screen.addGestureRecognizer(TapGestureRecognizer(name: "tap"))
        h.tap(1, 100, 100, at: 10, holding: 70)
        #expect(sink.lines == ["1 claimed tap held 70"])
        #expect(h.verdicts == ["touch 1 claimed"])  // the same decision, once, on the log stream
    }

    /// `claimsOnLanding` (semantics.md §12): a two-finger tap's touches are claimed as the
    /// second finger lands, while both are down, and the tap is still recognized at the lift;
    /// one finger alone is not claimed; a tap that fails later leaves them claimed.
    @Test func aGestureThatClaimsOnLandingDecidesItsTouchesWhileTheyAreDown() {
        let (h, sink) = harness()
        let tap = TapGestureRecognizer(name: "two", touches: 2)
        tap.claimsOnLanding = true
        h.screen.addGestureRecognizer(tap)
        h.down(1, 100, 100, at: 0)
        #expect(sink.lines.isEmpty)
        h.down(2, 180, 100, at: 20)
        #expect(sink.lines == ["1 claimed two held 20", "2 claimed two held 0"])
        h.up(1, 100, 100, at: 50)
        h.up(2, 180, 100, at: 52)
        #expect(h.actions.count == 1, "\(h.gestureLines)")
        // Without the option: claimed only at the lift.
        let (plain, plainSink) = harness()
        plain.screen.addGestureRecognizer(TapGestureRecognizer(name: "two", touches: 2))
        plain.down(1, 100, 100, at: 0)
        plain.down(2, 180, 100, at: 20)
        #expect(plainSink.lines.isEmpty)
        plain.up(1, 100, 100, at: 50)
        plain.up(2, 180, 100, at: 52)
        #expect(plainSink.lines == ["1 claimed two held 52", "2 claimed two held 32"])
        // A one-finger touch where the tap needs two, and a pair that moves too far: not
        // claimed, and released once the tap fails.
        let (one, oneSink) = harness()
        let tap1 = TapGestureRecognizer(name: "two", touches: 2)
        tap1.claimsOnLanding = true
        one.screen.addGestureRecognizer(tap1)
        one.down(1, 100, 100, at: 0)
        one.move(1, 160, 100, at: 10)
        one.down(2, 180, 100, at: 20)
        #expect(oneSink.lines.first == "1 released all-failed held 10", "\(oneSink.lines)")
        #expect(!oneSink.lines.contains { $0.contains("claimed") }, "\(oneSink.lines)")
    }

    @Test func everyGestureGivingUpReleasesTheTouchAtThatEvent() {
        let (h, sink) = harness()
        h.screen.addGestureRecognizer(TapGestureRecognizer(name: "tap"))
        h.down(1, 100, 100, at: 0)
        h.move(1, 130, 100, at: 40)
        #expect(sink.lines == ["1 released all-failed held 40"])
    }

    @Test func onlyGesturesThatLeaveTheTouchToTheApplicationReleaseItAtOnce() {
        let (h, sink) = harness()
        let observer = PanGestureRecognizer(name: "observer")
        observer.cancelsTouchesInView = false
        h.screen.addGestureRecognizer(observer)
        h.down(1, 100, 100, at: 0)
        #expect(sink.lines == ["1 released not-cancelling held 0"])
    }

    @Test func aTouchEveryGestureIgnoredSaysSo() {
        final class Ignorer: GestureRecognizer {
            override func touchMoved(_ touch: Touch) { ignore(touch) }
        }
        let (h, sink) = harness()
        h.screen.addGestureRecognizer(Ignorer(name: "ignorer"))
        h.down(1, 100, 100, at: 0)
        h.move(1, 101, 100, at: 10)
        #expect(sink.lines == ["1 released ignored held 10"])
    }

    @Test func aCancelledTouchAndAVanishedWindowAndShutdownEachSayWhy() {
        let (h, sink) = harness()
        let win = h.view("win", Rect(x: 0, y: 0, width: 500, height: 500))
        win.addGestureRecognizer(LongPressGestureRecognizer(name: "press"))
        h.down(1, 100, 100, at: 0)
        h.cancel(1, 100, 100, at: 20)
        h.down(2, 100, 100, at: 100)
        win.removeFromSuperview()
        let other = h.view("other", Rect(x: 0, y: 0, width: 500, height: 500))
        other.addGestureRecognizer(LongPressGestureRecognizer(name: "press2"))
        h.down(3, 100, 100, at: 200)
        h.engine.releaseUndecidedTouches()
        #expect(sink.lines == ["1 released cancelled held 20", "2 released window-closed held 0", "3 released shutdown held 0"])
    }

    @Test func aControlClaimsItsTouchByItsName() {
        let (h, sink) = harness()
        h.view("ok", Rect(x: 0, y: 0, width: 100, height: 40), control: .button())
        h.tap(1, 50, 20, at: 0)
        #expect(sink.lines == ["1 claimed ok held 0"])
    }
}
