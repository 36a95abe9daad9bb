import CX11
import Foundation
import SystemCalls
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces
@testable import X11Session

/// The ownership logic against the fake seam: what the router tells the server, in order.
@Suite struct InputRouterTests {
    static let config = """
        version: 1
        profiles:
          - name: d
            match: any
            gestures:
              - name: hold
                longPress: { minimumDuration: 0.5 }
                action: { log: held }
        """

    /// The local clock the router's timeline reads (nanoseconds), advanced by hand.
    final class LocalClock { var ns: Int64 = 0 }

    func make(_ yaml: String = config, refuse: Bool = false, surroundings: FakeSurroundings = FakeSurroundings()) -> (FakeX, InputRouter, GestureSession) {
        let (server, router, session, _) = makeClocked(yaml, refuse: refuse, surroundings: surroundings)
        return (server, router, session)
    }

    /// `make`, with the local clock the test advances.
    func makeClocked(_ yaml: String = config, refuse: Bool = false, surroundings: FakeSurroundings = FakeSurroundings()) -> (FakeX, InputRouter, GestureSession, LocalClock) {
        let server = FakeX()
        server.touchGrabRefused = refuse
        // Refused everywhere: on root and on the one top-level window there is.
        if refuse {
            server.add(0x999)
            server.topLevelGrabRefused = [0x999]
        }
        let local = LocalClock()
        let timeline = ServerTimeline(localNanoseconds: { local.ns })
        let file = ProfileLoader.load(yaml: yaml, path: "t.yaml").file!
        let session = GestureSession(configuration: file, screen: Rect(x: 0, y: 0, width: 1000, height: 1000), clock: timeline)
        let router = InputRouter(server: server, session: session, surroundings: surroundings, timeline: timeline, logger: .init(label: "test"))
        router.start()
        server.log.removeAll()
        return (server, router, session, local)
    }

    func touch(_ phase: XTouchEvent.Phase, _ id: UInt32, _ x: Double, _ y: Double, at ms: XTime) -> XInputEvent {
        .touch(XTouchEvent(phase: phase, device: 2, source: 10, touch: id, root: Point(x: x, y: y), time: ms, child: 0))
    }

    @Test func aTouchALongPressClaimsIsAcceptedWhenItRecognizes() {
        let (server, router, session) = make()
        router.handle(touch(.begin, 7, 100, 100, at: 1000))
        #expect(server.log == [], "undecided: the server holds the touch")
        session.engine.advance(to: Instant(milliseconds: 1499))
        router.settle()
        #expect(server.log == [])
        session.engine.advance(to: Instant(milliseconds: 1500))
        router.settle()
        #expect(server.log == ["accept 7"])
        router.handle(touch(.end, 7, 100, 100, at: 1700))
        #expect(server.log == ["accept 7"], "one answer per touch")
        #expect(router.trackedTouchCount == 0)
    }

    @Test func aTouchEveryGestureGivesUpOnIsRejectedAtOnceAndFollowedThroughRawEvents() {
        let (server, router, session) = make()
        router.handle(touch(.begin, 9, 100, 100, at: 1000))
        router.handle(touch(.update, 9, 160, 100, at: 1050))  // beyond the long press's 10 px
        #expect(server.log == ["reject 9"])
        // The application has it now; the router keeps the engine informed from raw events
        // (device units 0…1000 onto the 1000 px screen) until it ends.
        router.handle(.rawTouch(XRawTouchEvent(phase: .update, source: 10, touch: 9, x: 200, y: 120, time: 1060)))
        #expect(session.engine.activeTouches.first?.location == Point(x: 200, y: 120))
        router.handle(.rawTouch(XRawTouchEvent(phase: .end, source: 10, touch: 9, x: 210, y: nil, time: 1070)))
        #expect(session.engine.activeTouches.isEmpty)
        #expect(router.trackedTouchCount == 0)
        #expect(server.log == ["reject 9"])
    }

    /// Issue 25: the touches of one hardware frame reach the client back to back with one
    /// server time; the router hands them to the engine as one frame, so a two-finger drag
    /// along the line between the fingers is no pinch (one event at a time, the first finger's
    /// move alone shrank the span by a quarter).
    @Test func touchEventsOfOneDeviceAndTimeAreOneFrame() {
        let (server, router, session) = make("""
            version: 1
            profiles:
              - { name: d, match: any, gestures: [{ name: zoom, pinch: {}, action: { log: zoom } }] }
            """)
        router.handle(touch(.begin, 1, 400, 500, at: 1000), endingFrame: false)
        router.handle(touch(.begin, 2, 536, 500, at: 1000), endingFrame: true)
        router.handle(touch(.update, 1, 432, 500, at: 1008), endingFrame: false)
        #expect(router.hasFrame, "gathered, not yet handed on")
        router.handle(touch(.update, 2, 568, 500, at: 1008), endingFrame: false)
        router.endFrame()  // the queue is empty
        #expect(!server.log.contains { $0.hasPrefix("accept") }, "\(server.log)")
        #expect(server.log.filter { $0.hasPrefix("reject") }.count == 2, "a scroll: both handed back at once: \(server.log)")
        // An event of another time ends the frame before it is gathered.
        server.log.removeAll()
        router.handle(touch(.begin, 3, 400, 700, at: 2000), endingFrame: false)
        router.handle(touch(.begin, 4, 500, 700, at: 2004), endingFrame: false)
        #expect(session.engine.activeTouches.contains { $0.id == TouchID(3) })
        #expect(!session.engine.activeTouches.contains { $0.id == TouchID(4) })
        router.endFrame()
    }

    @Test func shutdownRejectsEveryUndecidedTouchThenDropsTheGrabs() {
        let (server, router, _) = make()
        router.handle(touch(.begin, 11, 100, 100, at: 1000))
        router.handle(touch(.begin, 12, 600, 600, at: 1001))
        router.shutdown()
        #expect(server.log == ["reject 11", "reject 12", "ungrab touch", "ungrab gestures"])
    }

    @Test func whenTheGrabIsRefusedTouchesAreObservedThroughRawEventsAndNeverAnswered() {
        let (server, router, session) = make(refuse: true)
        #expect(router.touchMode == .observer)
        router.handle(.rawTouch(XRawTouchEvent(phase: .begin, source: 10, touch: 3, x: 500, y: 250, time: 1000)))
        #expect(session.engine.activeTouches.map(\.location) == [Point(x: 500, y: 250)])
        session.engine.advance(to: Instant(milliseconds: 1500))
        router.settle()
        router.handle(.rawTouch(XRawTouchEvent(phase: .end, source: 10, touch: 3, x: 500, y: 250, time: 1600)))
        #expect(server.log == [], "no ownership to answer for")
        #expect(router.trackedTouchCount == 0)
    }

    @Test func theDecoderReadsXIStructures() {
        var e = XIDeviceEvent()
        e.evtype = XI_TouchBegin
        e.deviceid = 2
        e.sourceid = 10
        e.detail = 5
        e.root_x = 10.5
        e.root_y = 20.25
        e.time = 0x1_0000_0010  // wider than 32 bits: the server's time is 32 bits
        e.child = 77
        #expect(XInputDecoder.decodeDevice(&e) == .touch(XTouchEvent(phase: .begin, device: 2, source: 10, touch: 5, root: Point(x: 10.5, y: 20.25), time: 0x10, child: 77)))
        e.evtype = XI_ButtonPress
        e.detail = 3
        e.flags = Int32(XIPointerEmulated)
        #expect(XInputDecoder.decodeDevice(&e) == .button(XButtonEvent(pressed: true, device: 2, source: 10, button: 3, root: Point(x: 10.5, y: 20.25), time: 0x10, emulated: true)))
        // A raw event with only valuator 1: x is unknown, y is the first packed value.
        var mask: [UInt8] = [0b10]
        var values: [Double] = [321]
        mask.withUnsafeMutableBufferPointer { m in
            values.withUnsafeMutableBufferPointer { v in
                var r = XIRawEvent()
                r.evtype = XI_RawTouchUpdate
                r.sourceid = 10
                r.detail = 9
                r.time = 5
                r.valuators = XIValuatorState(mask_len: 1, mask: m.baseAddress, values: v.baseAddress)
                r.raw_values = v.baseAddress
                #expect(XInputDecoder.decodeRaw(&r) == .rawTouch(XRawTouchEvent(phase: .update, source: 10, touch: 9, x: nil, y: 321, time: 5)))
            }
        }
    }

    @Test func serverTimestampsUnwrapAcrossThe32BitBoundary() {
        let t = ServerTimeline(localNanoseconds: { 0 })
        let a = t.instant(0xFFFF_FFF0)
        let b = t.instant(0x0000_0010)
        #expect(b.nanoseconds - a.nanoseconds == 32 * 1_000_000)
    }

    /// Issue 24: window events carry no time of their own; fed at "now" while the loop was
    /// busy, they moved the engine's clock ahead of a touch still queued behind them, and a
    /// finger that had lifted became a long press. They take the time of the latest event read.
    @Test func eventsWithoutATimeTakeTheLatestEventsNotNow() {
        final class Clock { var ns: Int64 = 0 }
        let local = Clock()
        let t = ServerTimeline(localNanoseconds: { local.ns })
        _ = t.instant(1_000)
        local.ns = 2_000_000_000  // the loop was busy for two seconds
        #expect(t.now == Instant(milliseconds: 3_000))
        #expect(t.latestEvent == Instant(milliseconds: 1_000))
        _ = t.instant(1_050)  // the next event in the queue
        #expect(t.latestEvent == Instant(milliseconds: 1_050))
    }

    @Test func triggerModifiersAreGrabbedWithAndWithoutLocks() {
        let masks = ModifierMask.grabCombinations(of: ["ctrl", "super"]).map(\.rawValue)
        let base = UInt32(ControlMask) | UInt32(Mod4Mask)
        #expect(masks == [base, base | UInt32(LockMask), base | UInt32(Mod2Mask), base | UInt32(LockMask) | UInt32(Mod2Mask)])
    }
}
