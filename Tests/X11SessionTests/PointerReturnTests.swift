import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session

/// The pointer put back where a touch found it (semantics.md §12.5), against the fake seam:
/// the fake server's pointer is moved by hand as Xorg moves it under the first finger.
@Suite struct PointerReturnTests {
    static let config = """
        version: 1
        profiles:
          - name: d
            match: any
            gestures:
              - name: swipe
                pan: { touches: 1 }
                action: { log: swiped }
              - name: hold
                longPress: { minimumDuration: 0.5 }
                action: { click: 3 }
        """

    func touch(_ phase: XTouchEvent.Phase, _ id: UInt32, _ x: Double, _ y: Double, at ms: XTime) -> XInputEvent {
        .touch(XTouchEvent(phase: phase, device: 2, source: 10, touch: id, root: Point(x: x, y: y), time: ms, child: 0))
    }

    /// A router whose server's pointer the mouse put at 5,6 (read 30 ms later, by the local
    /// clock the test advances).
    func make() -> (FakeX, InputRouter, GestureSession, InputRouterTests.LocalClock) {
        let (server, router, session, clock) = InputRouterTests().makeClocked(Self.config)
        server.pointer = Point(x: 5, y: 6)
        router.handle(.rawMotion(source: 3, time: 900))
        clock.ns += 30_000_000
        router.settle()
        #expect(router.pointerReturn.restingPlace == Point(x: 5, y: 6))
        server.log.removeAll()
        return (server, router, session, clock)
    }

    @Test func aHandEveryTouchOfWhichWasClaimedPutsThePointerBack() {
        let (server, router, _, _) = make()
        server.pointer = Point(x: 100, y: 100)  // the server moves it under the finger
        router.handle(touch(.begin, 1, 100, 100, at: 1000))
        for i in 1...5 { router.handle(touch(.update, 1, 100 + 10 * Double(i), 100, at: XTime(1000 + 8 * i))) }
        router.settle()
        #expect(server.log == ["accept 1"], "while the finger is down the pointer is left to it")
        server.pointer = Point(x: 150, y: 100)
        router.handle(touch(.end, 1, 150, 100, at: 1060))
        router.settle()
        #expect(server.log == ["accept 1", "motion 5,6"])
    }

    @Test func aHandThatClickedLeavesThePointerAtTheClick() {
        let (server, router, session, _) = make()
        server.pointer = Point(x: 100, y: 100)
        router.handle(touch(.begin, 1, 100, 100, at: 1000))
        session.engine.advance(to: Instant(milliseconds: 1500))
        router.settle()
        router.pointerUsedByAnAction()  // the click the long press fired
        router.handle(touch(.end, 1, 100, 100, at: 1600))
        router.settle()
        #expect(server.log == ["accept 1"])
    }

    @Test func aHandThatWentToTheProgramLeavesThePointerWhereItLifted() {
        let (server, router, session, _) = make()
        server.pointer = Point(x: 100, y: 100)
        router.handle(touch(.begin, 1, 100, 100, at: 1000))
        router.handle(touch(.end, 1, 100, 100, at: 1050))  // a tap: nothing wants it
        session.engine.advance(to: Instant(milliseconds: 1100))
        router.settle()
        #expect(server.log == ["reject 1"])
        // The next hand, claimed, goes back to where the tap left the pointer.
        router.handle(touch(.begin, 2, 300, 300, at: 2000))
        server.pointer = Point(x: 300, y: 300)
        for i in 1...5 { router.handle(touch(.update, 2, 300, 300 + 10 * Double(i), at: XTime(2000 + 8 * i))) }
        router.handle(touch(.end, 2, 300, 350, at: 2060))
        router.settle()
        #expect(server.log == ["reject 1", "accept 2", "motion 100,100"])
    }

    @Test func theMouseMovingIsReadOnceItSettlesNotAtEveryMotion() {
        let (server, router, _, clock) = make()
        server.pointer = Point(x: 40, y: 40)
        for t in stride(from: 3000, to: 3025, by: 5) {
            router.handle(.rawMotion(source: 3, time: XTime(t)))
            router.settle()
        }
        #expect(router.pointerReturn.restingPlace == Point(x: 5, y: 6), "read before 30 ms passed")
        #expect(router.nextDeadline != nil, "a read is due")
        clock.ns += 10_000_000  // 3030 ms: 30 ms after the first motion
        router.settle()
        #expect(router.pointerReturn.restingPlace == Point(x: 40, y: 40))
        #expect(router.nextDeadline == nil, "nothing more is due")
    }

    @Test func noReadWhileAFingerIsDown() {
        let (server, router, _, clock) = make()
        router.handle(touch(.begin, 1, 100, 100, at: 1000))
        server.pointer = Point(x: 100, y: 100)
        router.handle(.rawMotion(source: 3, time: 1001))
        clock.ns += 100_000_000
        router.settle()
        #expect(router.pointerReturn.restingPlace == Point(x: 5, y: 6), "read under the finger")
        // Nor is a read left due: a deadline in the past would wake the loop at once, again and
        // again, for as long as the finger stays down (make bench-scroll: a core and more).
        #expect(router.nextDeadline.map { $0 > router.timeline.now } ?? true, "a deadline already past: \(String(describing: router.nextDeadline)), now \(router.timeline.now)")
    }
}
