import Testing
@testable import GestureEngine
@testable import X11Session

/// The transitions of a touch's answer (``TouchState``), as drawn in its doc comment.
@Suite struct TouchStateTests {
    @Test func ownershipComesOnceAndRelaysWhatWaitedForIt() {
        #expect(TouchState.held(owned: false).becameOwned() == .held(owned: true))
        #expect(TouchState.accepted(owned: false, followsRaw: false).becameOwned() == .accepted(owned: true, followsRaw: false))
        #expect(TouchState.relayWhenOwned.becameOwned() == .relayed)
        #expect(TouchState.held(owned: true).becameOwned() == nil, "owned already")
        #expect(TouchState.rejected.becameOwned() == nil, "a rejection takes us out of the listeners")
    }

    @Test func anEndBeforeOwnershipIsTheWindowManagersUnlessItIsOurRejectionsOrRawEventsCarryIt() {
        #expect(TouchState.held(owned: false).endedBeforeOwnership() == .keptByWindowManager)
        #expect(TouchState.accepted(owned: false, followsRaw: false).endedBeforeOwnership() == .keptByWindowManager)
        #expect(TouchState.relayWhenOwned.endedBeforeOwnership() == .keptByWindowManager)
        #expect(TouchState.rejected.endedBeforeOwnership() == nil)
        #expect(TouchState.rejectionWaiting(owned: false, followsRaw: true).endedBeforeOwnership() == nil)
        #expect(TouchState.observed(verdict: nil).endedBeforeOwnership() == nil)
    }

    @Test func aTouchIsForgottenOnlyWhenNothingIsOwedForIt() {
        #expect(!TouchState.held(owned: true).isSettled)
        #expect(!TouchState.rejectionWaiting(owned: true, followsRaw: false).isSettled)
        #expect(!TouchState.relayWhenOwned.isSettled)
        #expect(!TouchState.accepted(owned: false, followsRaw: false).isSettled, "kept until the window manager lets go of it, or keeps it")
        #expect(TouchState.accepted(owned: true, followsRaw: false).isSettled)
        #expect(TouchState.rejected.isSettled && TouchState.relayed.isSettled && TouchState.keptByWindowManager.isSettled)
        #expect(TouchState.held(owned: true).rejectionQueued(stillDown: true) == .rejectionWaiting(owned: true, followsRaw: true))
        #expect(TouchState.rejected.carriedByRawEvents && !TouchState.held(owned: true).carriedByRawEvents)
    }

    @Test func theModeChangesOnlyAsDrawn() {
        #expect(TouchMode.started(observeOnly: true, rootGrabbed: { true }, topLevelsGrabbed: { true }) == .observer)
        #expect(TouchMode.started(observeOnly: false, rootGrabbed: { true }, topLevelsGrabbed: { true }) == .owner)
        #expect(TouchMode.started(observeOnly: false, rootGrabbed: { false }, topLevelsGrabbed: { true }) == .afterWindowManager)
        #expect(TouchMode.started(observeOnly: false, rootGrabbed: { false }, topLevelsGrabbed: { false }) == .observer)
        #expect(TouchMode.afterWindowManager.windowManagerLeft(rootGrabbed: { true }) == .owner)
        #expect(TouchMode.afterWindowManager.windowManagerLeft(rootGrabbed: { false }) == nil)
        #expect(TouchMode.observer.windowManagerLeft(rootGrabbed: { true }) == nil, "an observer never grabs")
    }
}
