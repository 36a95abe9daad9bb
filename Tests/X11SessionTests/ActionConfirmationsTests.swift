import Testing
@testable import X11Session

/// What ``ActionConfirmations`` says of a request, on a clock the test turns: done when seen
/// done (on a change of its windows, or at once), a warning only once the bound has passed.
@Suite struct ActionConfirmationsTests {
    final class Harness {
        let confirmations = ActionConfirmations()
        var now: UInt64 = 10_000
        var done = false
        var checks = 0
        var notes: [String] = []
        var warnings: [String] = []

        init() {
            confirmations.milliseconds = { [unowned self] in self.now }
            confirmations.note = { [unowned self] in self.notes.append($0) }
            confirmations.warn = { [unowned self] in self.warnings.append("\($0) \($1)") }
        }

        func expect(key: String = "maximized 7", window: XWindowID = 7, amend: (() -> Void)? = nil) {
            confirmations.expect(.init(key: key, manager: "Openbox", failure: "did not maximize the window 0x7", success: "maximized the window 0x7",
                                       holds: { [unowned self] in
                                           self.checks += 1
                                           return self.done
                                       },
                                       instead: { "its _NET_WM_STATE is empty" }, windows: [window], subject: window, amend: amend))
        }
    }

    @Test func seenDoneOnAChangeOfItsWindow() {
        let h = Harness()
        h.expect()
        #expect(h.confirmations.deadline == 11_000 && h.notes.isEmpty)
        h.now += 3
        h.confirmations.changed(8)
        #expect(h.checks == 1, "a change of another window is not looked at")
        h.done = true
        h.confirmations.changed(7)
        #expect(h.notes == ["Openbox maximized the window 0x7 (seen after 3 ms)"])
        #expect(h.confirmations.deadline == nil && h.warnings.isEmpty)
    }

    @Test func doneAlreadyIsSaidAtOnce() {
        let h = Harness()
        h.done = true
        h.expect()
        #expect(h.notes == ["Openbox maximized the window 0x7 (seen after 0 ms)"] && h.confirmations.pending.isEmpty)
    }

    @Test func aWarningOnlyOnceTheBoundHasPassed() {
        let h = Harness()
        h.expect()
        h.now += ActionConfirmations.bound - 1
        h.confirmations.expire()
        #expect(h.warnings.isEmpty && h.confirmations.pending.count == 1)
        h.now += 1
        h.confirmations.expire()
        #expect(h.warnings == ["Openbox did not maximize the window 0x7: after 1000 ms, its _NET_WM_STATE is empty"])
        #expect(h.notes.isEmpty, "no success for it")
        #expect(h.confirmations.deadline == nil)
    }

    /// The loop woke late, but the window manager had done it meanwhile: no warning.
    @Test func doneByTheDeadlineIsNoWarning() {
        let h = Harness()
        h.expect()
        h.done = true
        h.now += 2_000
        h.confirmations.expire()
        #expect(h.warnings.isEmpty && h.notes.count == 1)
    }

    @Test func askedAgainOrClosedIsNeitherDoneNorRefused() {
        let h = Harness()
        h.expect()
        h.expect()
        #expect(h.confirmations.pending.count == 1)
        #expect(h.notes == ["Openbox: no longer checked whether it maximized the window 0x7: asked again since"])
        h.confirmations.windowGone(7)
        #expect(h.confirmations.pending.isEmpty && h.notes.last == "Openbox: not checked whether it maximized the window 0x7: the window closed meanwhile")
        h.now += 5_000
        h.confirmations.expire()
        #expect(h.warnings.isEmpty)
    }

    /// A tile: openbox shows the window restored (the expectation holds), then gives it its
    /// borders back a moment later (the premise it was counted on no longer holds). Followed
    /// until its deadline, it is asked again then, and only said done at the deadline.
    @Test func anExpectationWithAnAmendIsFollowedUntilItsDeadlineEvenOnceItHolds() {
        let h = Harness()
        var amends = 0
        h.expect(amend: {
            amends += 1
            h.done = true
        })
        h.now += 2
        h.done = true
        h.confirmations.changed(7)
        #expect(h.notes.isEmpty && h.confirmations.pending.count == 1, "holding once is not the end of it")
        h.now += 1
        h.done = false
        h.confirmations.changed(7)
        #expect(amends == 1, "the premise broke after it held: asked again")
        h.now += 2
        h.confirmations.changed(7)
        #expect(amends == 1 && h.notes.isEmpty)
        h.now = 11_000
        h.confirmations.expire()
        #expect(h.notes == ["Openbox maximized the window 0x7 (seen after 3 ms, and so until 1000 ms)"])
        #expect(h.warnings.isEmpty && h.confirmations.deadline == nil)
    }

    /// A tile that held, then the window was maximized again within the second (a gesture, a
    /// key): the amend does not apply, and at the deadline that is a note, not a warning.
    @Test func anAmendableExpectationThatHeldAndChangedForAnotherReasonIsNoWarning() {
        let h = Harness()
        var amends = 0
        h.expect(amend: { amends += 1 })
        h.now += 4
        h.done = true
        h.confirmations.changed(7)
        h.now += 100
        h.done = false
        h.confirmations.changed(7)
        #expect(amends == 1 && h.confirmations.pending.count == 1)
        h.now = 11_000
        h.confirmations.expire()
        #expect(h.warnings.isEmpty, "it held: \(h.warnings)")
        #expect(h.notes == ["Openbox maximized the window 0x7 (seen after 4 ms); changed since, at 1000 ms its _NET_WM_STATE is empty"])
    }
}
