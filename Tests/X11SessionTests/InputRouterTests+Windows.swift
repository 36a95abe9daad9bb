import CX11
import Foundation
import SystemCalls
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces
@testable import X11Session

/// Touches and the windows under them: let go on a window manager's decorations (relayed as
/// pointer input), and over windows destroyed while held (accepted, never replayed into them).
extension InputRouterTests {
    /// A router over two client windows: 42 left of x = 300, 43 right of it; a touch at
    /// 100,100 lands on 42 and a second one at 600,600 on 43.
    func makeOverTwoWindows() -> (FakeX, InputRouter, GestureSession) {
        make(surroundings: FakeSurroundings(clientWindow: { p in p.x < 300 ? 42 : 43 }))
    }

    /// Touch 7 lands on window 42 at 2000 ms; `meanwhile` happens; touch 8 lands on 43 at
    /// 2010 ms, a second finger: the long press gives up on both, and both are answered.
    func twoFingers(on router: InputRouter, meanwhile: () -> Void) {
        router.handle(touch(.begin, 7, 100, 100, at: 2000))
        meanwhile()
        router.handle(touch(.begin, 8, 600, 600, at: 2010))
    }

    /// Issue 23: a press replayed to a window manager's frame gets an implicit grab stamped
    /// with the rejection's time (Xorg 21.1.7), so a window manager that grabs the pointer with
    /// the press's time (xfwm4) is refused; a touch let go on decorations is accepted and given
    /// to the window manager as XTest pointer input, which carries the server's time.
    @Test func aTouchLetGoOnDecorationsReachesTheWindowManagerAsPointerInput() {
        let (server, router, _) = make(surroundings: FakeSurroundings(decorations: { $0.y < 50 }))
        func touch(_ phase: XTouchEvent.Phase, _ id: UInt32, _ x: Double, _ y: Double, at ms: XTime, emulating: Bool = true) -> XInputEvent {
            .touch(XTouchEvent(phase: phase, device: 2, source: 10, touch: id, root: Point(x: x, y: y), time: ms, child: 0, emulatesPointer: emulating))
        }
        router.handle(touch(.begin, 1, 100, 40, at: 1000))
        router.handle(touch(.update, 1, 120, 40, at: 1010))  // out of the long press's reach
        #expect(server.log == ["accept 1", "motion 100,40", "button 1 down", "motion 120,40"])
        router.handle(touch(.update, 1, 150, 60, at: 1020))
        router.handle(touch(.end, 1, 160, 70, at: 1030))
        #expect(server.log.suffix(3) == ["motion 150,60", "motion 160,70", "button 1 up"])
        #expect(router.trackedTouchCount == 0)
        // On a client, or as a second finger (no pointer emulation), it is rejected as ever —
        // the next touch driving the pointer once the window manager has read the lift (a
        // manager's move ends with an ungrab of whatever grab of its own is active then).
        server.log.removeAll()
        server.windowManagerAnswers = true
        router.handle(touch(.begin, 2, 100, 200, at: 2000))
        router.handle(touch(.update, 2, 120, 200, at: 2010))
        let answers = { server.log.filter { $0 != "probe pointer grab" } }
        #expect(answers() == ["ask the window manager"])
        router.windowManagerAnswered()
        #expect(answers() == ["ask the window manager", "reject 2"])
        router.handle(touch(.begin, 3, 100, 40, at: 3000, emulating: false))
        router.handle(touch(.update, 3, 120, 40, at: 3010, emulating: false))
        #expect(answers() == ["ask the window manager", "reject 2", "reject 3"])
        // Answered once, the next pointer-emulating touch asks nothing.
        router.handle(touch(.begin, 4, 100, 200, at: 4000))
        router.handle(touch(.update, 4, 120, 200, at: 4010))
        #expect(answers() == ["ask the window manager", "reject 2", "reject 3", "reject 4"])
    }

    /// Issue 23: rejecting a touch whose window was destroyed while it was held replays it into
    /// grabs on the freed window (Xorg 21.1.7 crashed under xfwm4); such a touch is accepted.
    @Test func aTouchWhoseWindowWasDestroyedWhileHeldIsAcceptedNotReplayed() {
        let (server, router, _) = makeOverTwoWindows()
        // Window 42 on top at the left, over window 41; window 43 at the right.
        twoFingers(on: router) {
            router.windowDestroyed(41)
            router.windowDestroyed(42)
            #expect(server.log == ["accept 7"], "at once, while it is down: accepted after its end, a touch driving the pointer leaves the server's button 1 down")
        }
        #expect(server.log == ["accept 7", "reject 8"], "the touch elsewhere is replayed as ever")
    }

    /// The same when the daemon has not read the window's DestroyNotify yet (busy, its queue
    /// behind; make soak at full pace under xfwm4 crashed the server so): the rejection asks
    /// the server whether the window is there and is an acceptance when it is not.
    @Test func aTouchWhoseWindowIsGoneUnbeknownToTheDaemonIsAcceptedNotReplayed() {
        let (server, router, _) = makeOverTwoWindows()
        twoFingers(on: router) { server.destroy(42) }
        #expect(server.log == ["accept 7", "reject 8"])
    }

    /// The session may name a window on top that is not: a newer window mapped over it that it
    /// has not read yet (make soak at full pace under xfwm4: touches for the newest window
    /// accepted, their presses lost, when the older window under it closed). The server's
    /// top-level window under the touch decides: a touch in another frame than the one holding
    /// the session's window is replayed as ever when that window goes.
    @Test func aTouchInAnotherFrameThanTheSessionsWindowIsReplayedWhenThatWindowGoes() {
        let (server, router, _) = make(surroundings: FakeSurroundings(clientWindow: { _ in 42 }))
        server.add(42, frame: 500)
        func begin(_ id: UInt32, in frame: UInt, at ms: XTime) -> XInputEvent {
            .touch(XTouchEvent(phase: .begin, device: 2, source: 10, touch: id, root: Point(x: 100 + 80 * Double(id), y: 100), time: ms, child: frame, emulatesPointer: false))
        }
        let answers = { server.log.filter { !$0.hasPrefix("top-level") } }
        router.handle(begin(7, in: 600, at: 2000))  // over the newer window's frame
        server.destroy(42)
        router.windowDestroyed(42)
        router.handle(begin(8, in: 700, at: 2010))  // a second finger elsewhere: the long press gives up on both
        #expect(answers() == ["reject 7", "reject 8"], "7 did not land on 42")
        // Over 42's frame, it did (a new daemon).
        let (server2, router2, _) = make(surroundings: FakeSurroundings(clientWindow: { _ in 42 }))
        server2.add(42, frame: 500)
        router2.handle(begin(9, in: 500, at: 3000))
        server2.destroy(42)
        router2.windowDestroyed(42)
        router2.handle(begin(10, in: 700, at: 3010))
        #expect(server2.log == ["top-level of 0x2a", "accept 9", "top-level of 0x2a", "reject 10"], "asked for 9; for 10 again after the destroy (gone)")
    }

    /// A touch over a top-level window the session does not know (a newer window not read
    /// yet, an unmanaged one) is accepted when that window is gone by its rejection: its
    /// frame's grabs were copied into its listeners as well.
    @Test func aTouchWhoseTopLevelWindowIsGoneIsAcceptedNotReplayed() {
        let (server, router, _) = make(surroundings: FakeSurroundings(clientWindow: { _ in nil }))
        router.handle(.touch(XTouchEvent(phase: .begin, device: 2, source: 10, touch: 7, root: Point(x: 100, y: 100), time: 2000, child: 800, emulatesPointer: false)))
        server.destroy(800)
        router.handle(.touch(XTouchEvent(phase: .begin, device: 2, source: 10, touch: 8, root: Point(x: 600, y: 600), time: 2010, child: 900, emulatesPointer: false)))
        #expect(server.log == ["accept 7", "reject 8"])
    }

    /// A touch driving the pointer whose window is gone by its rejection, while another client
    /// holds the pointer: accepted at once (an acceptance replays nothing into the frozen
    /// pointer, so it need not wait for the grab to end), asked in the same round trip.
    @Test func aTouchWhoseWindowIsGoneIsAcceptedWithoutWaitingForTheHeldPointer() {
        let (server, router, _) = make(surroundings: FakeSurroundings(clientWindow: { _ in nil }))
        server.pointerGrabbedElsewhere = true
        router.handle(.touch(XTouchEvent(phase: .begin, device: 2, source: 10, touch: 7, root: Point(x: 100, y: 100), time: 2000, child: 800, emulatesPointer: true)))
        server.destroy(800)
        router.handle(.touch(XTouchEvent(phase: .update, device: 2, source: 10, touch: 7, root: Point(x: 160, y: 100), time: 2010, child: 800, emulatesPointer: true)))
        #expect(server.log == ["probe pointer grab", "accept 7"])
        #expect(router.nextDeadline == nil, "nothing waits")
    }

    /// A window closed under the one a touch landed on (the soak closes older windows while
    /// touches on the newest are in flight): the touch is replayed as ever, its press reaches
    /// the window on top. (Accepted, it reached no one.)
    @Test func aTouchOverAWindowDestroyedBelowTheOneItLandedOnIsReplayed() {
        let (server, router, _) = makeOverTwoWindows()
        twoFingers(on: router) { router.windowDestroyed(41) }
        #expect(server.log == ["reject 7", "reject 8"])
    }
}
