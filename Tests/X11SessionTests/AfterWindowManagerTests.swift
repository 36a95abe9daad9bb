import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session

/// Below a window manager that holds the touch grab on root (muffin, mutter): the grabs on the
/// top-level windows, and each touch answered for the window it came through, against the
/// fake seam. What the X server does with them is in `DesktopsThatTakeTouchesXorgTests`.
@Suite struct AfterWindowManagerTests {
    /// Two top-level windows: a frame (0x100, holding 0x101) and a client without one (0x200).
    func make(refusedOn refused: Set<XWindowID> = [], surroundings: FakeSurroundings = FakeSurroundings()) -> (FakeX, InputRouter, GestureSession) {
        let server = FakeX()
        server.touchGrabRefused = true
        server.add(0x101, frame: 0x100)
        server.add(0x200)
        server.topLevelGrabRefused = refused
        let timeline = ServerTimeline(localNanoseconds: { 0 })
        let file = ProfileLoader.load(yaml: InputRouterTests.config, path: "t.yaml").file!
        let session = GestureSession(configuration: file, screen: Rect(x: 0, y: 0, width: 1000, height: 1000), clock: timeline)
        let router = InputRouter(server: server, session: session, surroundings: surroundings, timeline: timeline, logger: .init(label: "test"))
        router.start()
        return (server, router, session)
    }

    func touch(_ phase: XTouchEvent.Phase, _ id: UInt32, _ x: Double, at ms: XTime, on window: UInt = 0x100, pendingEnd: Bool = false) -> XInputEvent {
        .touch(XTouchEvent(phase: phase, device: 2, source: 10, touch: id, root: Point(x: x, y: 100), time: ms, child: 0, window: window, pendingEnd: pendingEnd))
    }

    func owned(_ id: UInt32, at ms: XTime, on window: UInt = 0x100) -> XInputEvent {
        .touchOwnership(XTouchOwnershipEvent(device: 2, source: 10, touch: id, window: window, time: ms))
    }

    /// Touch 7 lands on 0x100 at 1000 ms and stays: the long press claims it at 1500 ms,
    /// while the window manager still holds it. The log starts with the touch.
    func claimByTheLongPress(_ server: FakeX, _ router: InputRouter, _ session: GestureSession) {
        server.log.removeAll()
        router.handle(touch(.begin, 7, 100, at: 1000))
        session.engine.advance(to: Instant(milliseconds: 1500))
        router.settle()
    }

    @Test func whenTheRootsGrabIsRefusedEveryTopLevelWindowIsGrabbed() {
        let (server, router, _) = make()
        #expect(router.touchMode == .afterWindowManager)
        #expect(server.log.prefix(3) == ["grab touch", "grab touch on 0x100", "grab touch on 0x200"])
        // A window created (or reparented into the root) later is grabbed too; one reparented
        // into a frame is let go: the frame's grab comes first.
        server.log.removeAll()
        router.handle(.topLevelAdded(window: 0x300))
        router.handle(.topLevelReparented(window: 0x300))
        router.handle(.topLevelReparented(window: 0x999))  // never grabbed
        #expect(server.log == ["grab touch on 0x300", "ungrab touch on 0x300"])
    }

    @Test func whenEveryTopLevelGrabIsRefusedTooTouchesAreOnlyObserved() {
        let (server, router, _) = make(refusedOn: [0x100, 0x200])
        #expect(router.touchMode == .observer)
        server.log.removeAll()
        router.handle(.topLevelAdded(window: 0x300))
        #expect(server.log == [], "an observer takes no grab")
    }

    @Test func aTouchIsAnsweredForTheWindowItCameThroughBeforeOrAfterTheWindowManagerLetsGo() {
        let (server, router, session) = make()
        // Claimed by the long press while the window manager still holds it: an early
        // acceptance the server keeps until the touch is ours.
        claimByTheLongPress(server, router, session)
        #expect(server.log == ["accept 7 on 0x100"])
        router.handle(owned(7, at: 1504))
        router.handle(touch(.end, 7, 100, at: 1700))
        #expect(server.log == ["accept 7 on 0x100"], "one answer")
        #expect(router.trackedTouchCount == 0)
        // Released once ours, through the client window without a frame.
        server.log.removeAll()
        router.handle(touch(.begin, 8, 300, at: 2000, on: 0x200))
        router.handle(owned(8, at: 2003, on: 0x200))
        router.handle(touch(.update, 8, 360, at: 2010, on: 0x200))
        #expect(server.log == ["reject 8 on 0x200"])
    }

    @Test func aTouchTheWindowManagerKeepsIsCancelledAndNeverAnswered() {
        let (server, router, session) = make()
        server.log.removeAll()
        router.handle(touch(.begin, 5, 100, at: 1000))
        #expect(session.engine.activeTouches.count == 1)
        // Its end before it was ours: the window manager accepted it (a gesture of its own).
        router.handle(touch(.end, 5, 100, at: 1040))
        #expect(session.engine.activeTouches.isEmpty)
        session.engine.advance(to: Instant(milliseconds: 1600))
        router.settle()
        #expect(server.log == ["forget 5"], "nothing is owed for it")
        #expect(router.trackedTouchCount == 0)
    }

    @Test func aFingerLiftedWhileTheWindowManagerHoldsTheTouchEndsItForTheGestures() {
        let (server, router, session) = make()
        server.log.removeAll()
        router.handle(touch(.begin, 4, 100, at: 1000))
        // The server's word for the lift to a listener that does not own the touch yet.
        router.handle(touch(.update, 4, 100, at: 1030, pendingEnd: true))
        #expect(session.engine.activeTouches.isEmpty)
        #expect(server.log == ["reject 4 on 0x100"], "a tap: let go at its lift")
        // The end that comes with ownership, and the end of our rejection, change nothing.
        router.handle(owned(4, at: 1032))
        router.handle(touch(.end, 4, 100, at: 1032))
        #expect(server.log == ["reject 4 on 0x100"])
        #expect(router.trackedTouchCount == 0)
    }

    @Test func aSecondGrabOfOursAmongATouchsListenersIsRejectedAtOnce() {
        let (server, router, session) = make()
        server.log.removeAll()
        // A client window the window manager reparented into its frame a moment ago, still
        // grabbed: the touch comes through the frame's grab, then through the client's.
        router.handle(touch(.begin, 3, 100, at: 1000, on: 0x100))
        router.handle(touch(.begin, 3, 100, at: 1000, on: 0x200))
        #expect(server.log == ["reject 3 on 0x200"])
        router.handle(touch(.update, 3, 500, at: 1010, on: 0x200))
        #expect(session.engine.activeTouches.first?.location == Point(x: 100, y: 100), "that copy's events are not the touch's")
        #expect(session.engine.activeTouches.count == 1)
    }

    @Test func aTouchNoGrabListensToIsObservedAndOneWhoseBeginComesLateIsHeld() {
        let (server, router, session) = make()
        server.log.removeAll()
        // On the bare root: raw events only, begun at the end of the frame.
        router.handle(.rawTouch(XRawTouchEvent(phase: .begin, source: 10, touch: 1, x: 500, y: 250, time: 1000)), endingFrame: false)
        #expect(session.engine.activeTouches.isEmpty)
        router.endFrame()
        #expect(session.engine.activeTouches.map(\.location) == [Point(x: 500, y: 250)])
        router.handle(.rawTouch(XRawTouchEvent(phase: .update, source: 10, touch: 1, x: 600, y: 250, time: 1010)))
        router.handle(.rawTouch(XRawTouchEvent(phase: .end, source: 10, touch: 1, x: 600, y: 250, time: 1020)))
        #expect(server.log == [], "nothing to answer for")
        #expect(router.trackedTouchCount == 0)
        // Its raw begin and TouchBegin read apart: held after all, and answered for its window.
        router.handle(.rawTouch(XRawTouchEvent(phase: .begin, source: 10, touch: 2, x: 100, y: 100, time: 2000)))
        router.handle(touch(.begin, 2, 100, at: 2000))
        router.handle(touch(.update, 2, 160, at: 2010))
        #expect(server.log == ["reject 2 on 0x100"])
        // In one frame, as they come: held from the start.
        server.log.removeAll()
        router.handle(.rawTouch(XRawTouchEvent(phase: .begin, source: 10, touch: 6, x: 100, y: 100, time: 3000)), endingFrame: false)
        router.handle(touch(.begin, 6, 100, at: 3000), endingFrame: true)
        router.handle(touch(.update, 6, 160, at: 3010))
        #expect(server.log == ["reject 6 on 0x100"])
    }

    @Test func anAcceptanceBeforeTheWindowManagerLetsGoIsFollowedUntilItDoesOrKeepsTheTouch() {
        let (server, router, session) = make()
        claimByTheLongPress(server, router, session)
        router.handle(touch(.update, 7, 100, at: 1600, pendingEnd: true))
        #expect(server.log == ["accept 7 on 0x100"])
        #expect(router.trackedTouchCount == 1, "lifted and answered, not yet let go of")
        router.handle(owned(7, at: 1700))
        #expect(router.trackedTouchCount == 0)
        // Kept by the window manager after the lift: nothing more to do.
        router.handle(touch(.begin, 8, 100, at: 2000))
        session.engine.advance(to: Instant(milliseconds: 2500))
        router.settle()
        router.handle(touch(.update, 8, 100, at: 2600, pendingEnd: true))
        router.handle(touch(.end, 8, 100, at: 2700))
        #expect(server.log == ["accept 7 on 0x100", "accept 8 on 0x100", "forget 8"])
        #expect(router.trackedTouchCount == 0)
    }

    @Test func aTouchLetGoOnDecorationsBeforeTheWindowManagerDoesIsRelayedOnceItDoes() {
        let (server, router, _) = make(surroundings: FakeSurroundings(decorations: { $0.x < 50 }))
        server.log.removeAll()
        func touch(_ phase: XTouchEvent.Phase, _ x: Double, at ms: XTime, pendingEnd: Bool = false) -> XInputEvent {
            .touch(XTouchEvent(phase: phase, device: 2, source: 10, touch: 9, root: Point(x: x, y: 100), time: ms, child: 0, emulatesPointer: true, window: 0x100,
                               pendingEnd: pendingEnd))
        }
        router.handle(touch(.begin, 20, at: 1000))
        router.handle(touch(.update, 40, at: 1010))  // out of the long press's reach: let go
        router.handle(touch(.update, 40, at: 1020, pendingEnd: true))
        #expect(server.log == [], "no pointer input while the window manager holds the touch")
        router.handle(owned(9, at: 1030))
        #expect(server.log == ["accept 9 on 0x100", "motion 20,100", "button 1 down", "motion 40,100", "button 1 up"])
        #expect(router.trackedTouchCount == 0)
    }

    @Test func theGrabsOnClientsWithoutAFrameAreTakenAgainWhenTheFocusMoves() {
        let (server, router, _) = make()
        server.log.removeAll()
        // 0x200 is a client at the top level; 0x555 is framed (not a child of the root).
        router.windowManagerChangedFocus(clients: [0x200, 0x555])
        #expect(server.log == ["grab touch on 0x200"])
    }

    @Test func shutdownRejectsForTheWindowAndDropsEveryGrab() {
        let (server, router, _) = make()
        router.handle(touch(.begin, 11, 100, at: 1000, on: 0x200))
        server.log.removeAll()
        router.shutdown()
        #expect(server.log.prefix(1) == ["reject 11 on 0x200"])
        #expect(Set(server.log.dropFirst()).isSuperset(of: ["ungrab touch on 0x100", "ungrab touch on 0x200"]))
        #expect(!server.log.contains("ungrab touch"), "the root's grab was never ours")
    }

    /// Issue 34: a window manager that quits (or crashes) takes its grab on the root with it.
    /// When its check window is destroyed, the root's grab is tried and, taken, Tactus is the
    /// owner: the grabs on the top-level windows are dropped, and a touch under way keeps the
    /// grab it came through. While another client still holds the root's grab, nothing changes.
    @Test func whenTheWindowManagerGoesTheRootsGrabIsTakenAndTouchesAreOwned() {
        let (server, router, session) = make(surroundings: FakeSurroundings(windowManager: (check: 0x777, name: "muffin")))
        router.handle(touch(.begin, 5, 100, at: 1000))
        server.log.removeAll()
        // Another window destroyed, or the check window while the grab is still held: no change.
        router.windowDestroyed(0x888)
        router.windowDestroyed(0x777)
        #expect(router.touchMode == .afterWindowManager)
        #expect(server.log == ["grab touch"])
        server.log.removeAll()
        server.touchGrabRefused = false
        router.windowManagerCheckChanged()
        #expect(router.touchMode == .owner)
        #expect(server.log.first == "grab touch")
        #expect(Set(server.log.dropFirst()) == ["ungrab touch on 0x100", "ungrab touch on 0x200"])
        // The touch under way is answered for the window it came through.
        server.log.removeAll()
        router.handle(owned(5, at: 1010))
        session.engine.advance(to: Instant(milliseconds: 1500))
        router.settle()
        #expect(server.log == ["accept 5 on 0x100"])
        router.handle(touch(.end, 5, 100, at: 1600))
        #expect(router.trackedTouchCount == 0)
        // A new touch comes through the root's grab, owned at once.
        router.handle(.touch(XTouchEvent(phase: .begin, device: 2, source: 10, touch: 6, root: Point(x: 300, y: 100), time: 2000, child: 0x100, window: 0)))
        session.engine.advance(to: Instant(milliseconds: 2500))
        router.settle()
        #expect(server.log == ["accept 5 on 0x100", "accept 6"])
        router.handle(.topLevelAdded(window: 0x300))
        #expect(!server.log.contains("grab touch on 0x300"), "no more grabs on top-level windows")
    }
}
