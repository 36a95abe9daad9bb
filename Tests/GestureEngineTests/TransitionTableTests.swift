import Testing
@testable import GestureEngine

/// semantics.md §1: the transition table, and the engine refusing anything else.
@Suite struct TransitionTableTests {
    private static let all: [GestureState] = [.possible, .began, .changed, .ended, .cancelled, .failed]

    @Test func tableForContinuousGestures() {
        var legal: [String] = []
        for from in Self.all { for to in Self.all where GestureState.isLegalTransition(from: from, to: to, continuous: true) {
            legal.append("\(from)->\(to)")
        } }
        #expect(legal == [
            "possible->began", "possible->failed",
            "began->changed", "began->ended", "began->cancelled",
            "changed->changed", "changed->ended", "changed->cancelled",
        ])
    }

    @Test func tableForDiscreteGestures() {
        var legal: [String] = []
        for from in Self.all { for to in Self.all where GestureState.isLegalTransition(from: from, to: to, continuous: false) {
            legal.append("\(from.name(continuous: false))->\(to.name(continuous: false))")
        } }
        #expect(legal == ["possible->recognized", "possible->failed"])
    }

    @Test func actionsAreSentExactlyOnTheTransitionsOfTheTable() {
        #expect(GestureState.sendsAction(from: .possible, to: .ended))
        #expect(!GestureState.sendsAction(from: .possible, to: .failed))
        #expect(GestureState.sendsAction(from: .began, to: .cancelled))
        #expect(GestureState.sendsAction(from: .changed, to: .changed))
    }

    /// A discrete recognizer that (wrongly) reports `began` on touch down, then recognizes.
    final class Confused: GestureRecognizer {
        override func touchBegan(_ touch: Touch) { report(.began) }
        override func touchEnded(_ touch: Touch) { report(.recognized) }
    }

    /// A continuous recognizer that reports `ended` without ever beginning, then `changed`.
    final class Skipper: GestureRecognizer {
        override var isContinuous: Bool { true }
        override func touchBegan(_ touch: Touch) { report(.ended) }
        override func touchMoved(_ touch: Touch) { report(.changed) }
        override func touchEnded(_ touch: Touch) { report(.failed) }
    }

    @Test func illegalReportsAreRefusedAndReported() {
        let h = Harness()
        h.screen.addGestureRecognizer(Confused(name: "confused"))
        h.screen.addGestureRecognizer(Skipper(name: "skipper"))
        h.down(1, 10, 10, at: 0)
        h.move(1, 12, 10, at: 10)
        h.up(1, 12, 10, at: 20)
        #expect(h.gestureLines == [
            "error illegal transition of confused: possible -> began",
            "error illegal transition of skipper: possible -> ended",
            "error illegal transition of skipper: possible -> changed",
            "confused possible->recognized", "skipper possible->failed", "touch 1 claimed",
            "action confused recognized", "confused reset", "skipper reset",
        ])
    }

    @Test func aTerminalRecognizerGetsNothingMoreOfItsSequence() {
        let h = Harness()
        let tap = TapGestureRecognizer(name: "tap")
        h.screen.addGestureRecognizer(tap)
        h.down(1, 10, 10, at: 0)
        h.move(1, 40, 10, at: 10)  // fails the tap
        h.down(2, 100, 10, at: 20)  // same sequence: the failed tap does not see it
        h.up(2, 100, 10, at: 30)
        h.up(1, 40, 10, at: 40)
        #expect(h.gestureLines == ["tap possible->failed", "touch 1 released", "touch 2 released", "tap reset"])
        // A new sequence starts fresh.
        h.tap(3, 10, 10, at: 100)
        #expect(h.gestureLines.suffix(4) == ["tap possible->recognized", "touch 3 claimed", "action tap recognized", "tap reset"])
    }
}
