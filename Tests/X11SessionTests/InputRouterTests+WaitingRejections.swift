import CX11
import Foundation
import SystemCalls
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces
@testable import X11Session

/// Rejections of the pointer-emulating touch that wait: for another client's pointer grab to
/// go, for an older touch to be decided, for the window manager to have read the last replay.
extension InputRouterTests {
    /// Issue 23: a rejection processed while a window manager's click-to-focus grab has the
    /// pointer frozen freezes it for good (Xorg 21.1.7); the pointer-emulating touch's
    /// rejection waits until no other client holds the pointer, the touches decided after it
    /// keep their order, and no rejection waits longer than a quarter of a second.
    @Test func aRejectionOfThePointerEmulatingTouchWaitsWhileAnotherClientHoldsThePointer() {
        let (server, router, session, local) = makeClocked()
        func touch(_ phase: XTouchEvent.Phase, _ id: UInt32, _ x: Double, at ms: XTime, emulating: Bool) -> XInputEvent {
            local.ns = Int64(ms) * 1_000_000
            return .touch(XTouchEvent(phase: phase, device: 2, source: 10, touch: id, root: Point(x: x, y: 100), time: ms, child: 0, emulatesPointer: emulating))
        }
        server.pointerGrabbedElsewhere = true
        router.handle(touch(.begin, 1, 100, at: 1000, emulating: true))
        router.handle(touch(.update, 1, 160, at: 1010, emulating: true))  // out of the long press's reach
        #expect(server.log == ["probe pointer grab"], "not rejected while the pointer is held")
        #expect(router.nextDeadline == Instant(milliseconds: 1011))
        router.handle(touch(.begin, 2, 500, at: 1010, emulating: false))
        router.handle(touch(.update, 2, 560, at: 1010, emulating: false))
        let answers = { server.log.filter { $0 != "probe pointer grab" } }
        #expect(answers() == [], "the second touch waits behind the first")
        local.ns = 1_011_000_000
        router.settle()
        #expect(answers() == [])
        server.pointerGrabbedElsewhere = false
        local.ns = 1_012_000_000
        router.settle()
        #expect(answers() == ["reject 1", "reject 2"], "in the order decided, once the pointer is free")
        #expect(router.nextDeadline == nil)
        // (Released touches are followed through raw events.)
        router.handle(.rawTouch(XRawTouchEvent(phase: .end, source: 10, touch: 1, x: 160, y: 100, time: 1020)))
        router.handle(.rawTouch(XRawTouchEvent(phase: .end, source: 10, touch: 2, x: 560, y: 100, time: 1020)))
        #expect(session.engine.activeTouches.isEmpty)
        // A grab that stays (a mouse button held down): the rejection goes after 250 ms anyway.
        server.log.removeAll()
        server.pointerGrabbedElsewhere = true
        router.handle(touch(.begin, 3, 100, at: 2000, emulating: true))
        router.handle(touch(.update, 3, 160, at: 2010, emulating: true))
        local.ns = 2_259_000_000
        router.settle()
        #expect(answers() == [])
        local.ns = 2_260_000_000
        router.settle()
        #expect(answers() == ["reject 3"])
        // A touch that does not drive the pointer never waits.
        server.log.removeAll()
        router.handle(touch(.begin, 4, 600, at: 3000, emulating: false))
        router.handle(touch(.update, 4, 660, at: 3010, emulating: false))
        #expect(server.log == ["reject 4"])
    }

    /// Issue 23 (`make soak` under fluxbox at full pace): a rejection that waited behind
    /// another must still ask before it goes. The first one's replay activates the window
    /// manager's grab again; the second, decided 300 ms earlier, used to count its wait from
    /// its decision and went at once, into the frozen pointer, which froze it for good.
    @Test func aRejectionThatWaitedBehindAnotherAsksAgainBeforeItGoes() {
        let (server, router, _, local) = makeClocked()
        func touch(_ phase: XTouchEvent.Phase, _ id: UInt32, _ x: Double, at ms: XTime) -> XInputEvent {
            local.ns = Int64(ms) * 1_000_000
            return .touch(XTouchEvent(phase: phase, device: 2, source: 10, touch: id, root: Point(x: x, y: 100), time: ms, child: 0, emulatesPointer: true))
        }
        let answers = { server.log.filter { $0 != "probe pointer grab" } }
        server.pointerGrabbedElsewhere = true
        // Two drags, one after the other, each driving the pointer; both let go at once.
        router.handle(touch(.begin, 1, 100, at: 1000))
        router.handle(touch(.update, 1, 160, at: 1010))
        router.handle(touch(.end, 1, 160, at: 1020))
        router.handle(touch(.begin, 2, 500, at: 1030))
        router.handle(touch(.update, 2, 560, at: 1040))
        router.handle(touch(.end, 2, 560, at: 1050))
        #expect(answers() == [])
        // The window manager lets go 200 ms later: both go, in order.
        local.ns = 1_250_000_000
        server.pointerGrabbedElsewhere = false
        router.settle()
        #expect(answers() == ["reject 1", "reject 2"])
        server.log.removeAll()
        server.pointerGrabbedElsewhere = true
        router.handle(touch(.begin, 3, 100, at: 1300))
        router.handle(touch(.update, 3, 160, at: 1310))
        router.handle(touch(.begin, 4, 500, at: 1320))
        router.handle(touch(.update, 4, 560, at: 1330))
        // Touch 3 waits; touch 4 behind it. 200 ms on, the grab is let go: 3 goes, and the
        // grab its replay takes makes 4 wait its own time, though it was decided 200 ms ago.
        local.ns = 1_510_000_000
        server.pointerGrabbedElsewhere = false
        server.grabAgainAfterReject = true
        router.settle()
        #expect(answers() == ["reject 3"], "touch 4 asks again and waits")
        local.ns = 1_600_000_000
        router.settle()
        #expect(answers() == ["reject 3"], "still held 90 ms into touch 4's own wait")
        // The grab came with our own replay (the window manager's click-to-focus grab, the
        // pointer frozen until it answers): a loaded manager may take longer than a quarter of
        // a second, and a rejection sent meanwhile would freeze the pointer for good.
        local.ns = 1_900_000_000
        router.settle()
        #expect(answers() == ["reject 3"], "390 ms: still waiting for the manager")
        server.grabAgainAfterReject = false
        server.pointerGrabbedElsewhere = false
        local.ns = 1_901_000_000
        router.settle()
        #expect(answers() == ["reject 3", "reject 4"])
    }

    /// Rejections of pointer-emulating touches go in the order the touches began: a drag let go
    /// while an earlier tap still waits to know it is no double tap waits for that tap's
    /// verdict. Replayed out of order into a window manager's click-to-focus grab, the older
    /// press activates the grab with an older time, the manager's late ungrab for the newer one
    /// ends it without resolving the touch, and no press reaches any window again (make soak
    /// under openbox and fluxbox at the pace of fingers, the machine loaded: button 1 held by
    /// the server for good).
    @Test func rejectionsOfPointerEmulatingTouchesGoInTheOrderTheyBegan() {
        let (server, router, _) = make()
        let ownership = router.touches
        func event(_ phase: XTouchEvent.Phase, _ id: UInt32, at ms: XTime) -> XTouchEvent {
            XTouchEvent(phase: phase, device: 2, source: 10, touch: id, root: Point(x: 100 * Double(id), y: 100), time: ms, child: 0, emulatesPointer: true)
        }
        ownership.handle(event(.begin, 1, at: 1000))
        ownership.handle(event(.end, 1, at: 1030))
        ownership.handle(event(.begin, 2, at: 1100))
        ownership.handle(event(.end, 2, at: 1150))
        let answers = { server.log.filter { $0 != "probe pointer grab" } }
        // The drag (2) is let go first; the tap (1), older, is still undecided.
        ownership.answer(TouchID(2), .released, at: Instant(milliseconds: 1150))
        #expect(answers() == [], "the newer waits for the older")
        #expect(ownership.nextRejectRetry == Instant(milliseconds: 2150), "at most a second")
        ownership.answer(TouchID(1), .released, at: Instant(milliseconds: 1400))
        #expect(answers() == ["reject 1", "reject 2"])
        // An older touch claimed instead lets the newer go at once.
        server.log.removeAll()
        ownership.handle(event(.begin, 3, at: 2000))
        ownership.handle(event(.begin, 4, at: 2010))
        ownership.answer(TouchID(4), .released, at: Instant(milliseconds: 2020))
        #expect(answers() == [])
        ownership.answer(TouchID(3), .claimed, at: Instant(milliseconds: 2030))
        #expect(answers() == ["accept 3", "reject 4"])
    }

    /// A pointer-emulating touch that began in the millisecond of the one replayed last is
    /// rejected only once the window manager has answered a round trip: its late ungrab for
    /// the last replay, stamped with that millisecond, would otherwise end the grab the next
    /// replay activates and strand its touch (xorg-touch-repro stranded-burst). Touches of a
    /// later millisecond, and a window manager that does not answer, go as ever.
    @Test func aRejectionInTheMillisecondOfTheLastReplayWaitsForTheWindowManager() {
        let (server, router, _) = make()
        server.windowManagerAnswers = true
        let ownership = router.touches
        func event(_ phase: XTouchEvent.Phase, _ id: UInt32, at ms: XTime) -> XTouchEvent {
            XTouchEvent(phase: phase, device: 2, source: 10, touch: id, root: Point(x: 100 * Double(id), y: 100), time: ms, child: 0, emulatesPointer: true)
        }
        let answers = { server.log.filter { $0 != "probe pointer grab" } }
        /// Taps, each begun and ended in its millisecond, all given up on at `releasedAt`.
        func taps(_ taps: [(UInt32, XTime)], releasedAt ms: Double) {
            for (id, time) in taps {
                ownership.handle(event(.begin, id, at: time))
                ownership.handle(event(.end, id, at: time))
            }
            for (id, _) in taps { ownership.answer(TouchID(Int64(id)), .released, at: Instant(milliseconds: ms)) }
        }
        // Taps back to back: 1 and 2 begin in one millisecond, 3 in the next.
        taps([(1, 1000), (2, 1000), (3, 1001)], releasedAt: 1002)
        #expect(answers() == ["reject 1", "ask the window manager"], "2 waits for the answer, 3 behind it")
        #expect(ownership.nextRejectRetry == Instant(milliseconds: 2002), "a second at most")
        ownership.windowManagerAnswered(at: Instant(milliseconds: 1005))
        #expect(answers() == ["reject 1", "ask the window manager", "reject 2", "reject 3"], "3 began a millisecond later: no question")

        // Unanswered, the rejection goes after a second.
        server.log.removeAll()
        taps([(4, 3000), (5, 3000)], releasedAt: 3001)
        #expect(answers() == ["reject 4", "ask the window manager"])
        ownership.rejectWhenThePointerIsFree(at: Instant(milliseconds: 3500))
        #expect(answers() == ["reject 4", "ask the window manager"])
        ownership.rejectWhenThePointerIsFree(at: Instant(milliseconds: 4001))
        #expect(answers() == ["reject 4", "ask the window manager", "reject 5"])

        // No window manager that answers: no wait.
        server.log.removeAll()
        server.windowManagerAnswers = false
        taps([(6, 5000), (7, 5000)], releasedAt: 5001)
        #expect(answers() == ["reject 6", "ask the window manager", "reject 7"])
    }
}
