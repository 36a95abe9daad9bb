import CX11
import Foundation
import SystemCalls
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces
@testable import X11Session

/// A fake X server for the router: the input parts of the seam only. Records the ownership
/// answers, grabs and injected input the router asks for.
final class FakeXServer: InputRouter.Server {
    var calls: [String] = []
    var touchGrabRefused = false
    var devicesList: [InputDevice] = [InputDevice(id: 10, name: "Fake touchscreen", use: .slavePointer, attachment: 2, enabled: true, touchMode: .direct,
                                          maxTouches: 5, gestureTouches: nil, xRange: 0...1000, yRange: 0...1000, hasButtons: true)]
    func flush() {}
    func sync() {}
    // InputGrabs
    func negotiateInput() -> XInputVersion? { XInputVersion(major: 2, minor: 4) }
    func selectRootInput(_ events: [XIEventType], from devices: XIDeviceSet) {}
    func grabTouchBegin() -> Bool { calls.append("grab touch"); return !touchGrabRefused }
    func ungrabTouchBegin() { calls.append("ungrab touch") }
    /// The root's children (``followTopLevelWindows()``), and those whose grab is refused.
    var topLevelWindows: [XWindowID] = []
    var topLevelGrabRefused: Set<XWindowID> = []
    func grabTouchBegin(on window: XWindowID) -> Bool {
        calls.append("grab touch on \(window)")
        return !topLevelGrabRefused.contains(window)
    }
    func ungrabTouchBegin(on window: XWindowID) { calls.append("ungrab touch on \(window)") }
    func followTopLevelWindows() -> [XWindowID] { topLevelWindows }
    func allowTouch(device: Int32, touch: UInt32, window: XWindowID, accept: Bool) {
        calls.append("\(accept ? "accept" : "reject") \(touch)\(window == 0 ? "" : " on \(window)")")
        if !accept, grabAgainAfterReject { pointerGrabbedElsewhere = true }
    }
    func forgetTouch(device: Int32, touch: UInt32) { calls.append("forget \(touch)") }
    /// Windows the server says are gone when a rejection asks (``rejectTouch(device:touch:window:unlessGone:)``).
    var goneWindows: Set<XWindowID> = []
    func rejectTouch(device: Int32, touch: UInt32, window: XWindowID, unlessGone windows: [XWindowID]) -> Bool {
        let there = goneWindows.isDisjoint(with: windows)
        allowTouch(device: device, touch: touch, window: window, accept: !there)
        return there
    }
    /// The top-level window holding each window (absent: the window itself).
    var topLevels: [XWindowID: XWindowID] = [:]
    func topLevel(of window: XWindowID) -> XWindowID? {
        calls.append("top-level of \(window)")
        return goneWindows.contains(window) ? nil : topLevels[window] ?? window
    }
    /// Whether a window manager answers round trips (``askWindowManagerRoundTrip()``).
    var windowManagerAnswers = false
    func askWindowManagerRoundTrip() -> Bool {
        calls.append("ask the window manager")
        return windowManagerAnswers
    }
    /// A rejection's replay activates another client's grab (a window manager's click-to-focus grab).
    var grabAgainAfterReject = false
    /// Another client's pointer grab stands (a window manager's click-to-focus grab).
    var pointerGrabbedElsewhere = false
    func pointerGrabbedByAnotherClient(device: Int32, serverTime: XTime) -> Bool { calls.append("probe pointer grab"); return pointerGrabbedElsewhere }
    func grabButton(_ button: Int, modifiers: [ModifierMask]) -> Bool { calls.append("grab button \(button)"); return true }
    func ungrabButton(_ button: Int, modifiers: [ModifierMask]) { calls.append("ungrab button \(button)") }
    func allowEvents(device: Int32, replay: Bool) { calls.append(replay ? "replay device" : "async device") }
    func ungrabDevice(_ device: Int32) { calls.append("ungrab device") }
    func grabGestures() -> Bool { calls.append("grab gestures"); return true }
    func ungrabGestures() { calls.append("ungrab gestures") }
    // InputDevices
    func devices() -> [InputDevice] { devicesList }
    func transformationMatrix(device: Int32) -> [Double]? { nil }
    /// Where the pointer is (the tests move it as the server would).
    var pointer = Point(x: 0, y: 0)
    func pointerPosition() -> Point? { pointer }
    // InputInjection
    func fakeKey(_ keycode: UInt8, pressed: Bool) { calls.append("key \(keycode) \(pressed ? "down" : "up")") }
    func fakeButton(_ button: UInt32, pressed: Bool) { calls.append("button \(button) \(pressed ? "down" : "up")") }
    func fakeMotion(to point: Point) { calls.append("motion \(Int(point.x)),\(Int(point.y))") }
    // ScreenLayout
    func screenSize() -> (width: Double, height: Double) { (1000, 1000) }
    func monitors() -> [XMonitor] { [] }
    func watchScreenChanges() {}
}

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

    func make(_ yaml: String = config, refuse: Bool = false) -> (FakeXServer, InputRouter, GestureSession) {
        let (server, router, session, _) = makeClocked(yaml, refuse: refuse)
        return (server, router, session)
    }

    /// `make`, with the local clock the test advances.
    func makeClocked(_ yaml: String = config, refuse: Bool = false) -> (FakeXServer, InputRouter, GestureSession, LocalClock) {
        let server = FakeXServer()
        server.touchGrabRefused = refuse
        // Refused everywhere: on root and on the one top-level window there is.
        if refuse { (server.topLevelWindows, server.topLevelGrabRefused) = ([0x999], [0x999]) }
        let local = LocalClock()
        let timeline = ServerTimeline(localNanoseconds: { local.ns })
        let file = ProfileLoader.load(yaml: yaml, path: "t.yaml").file!
        let session = GestureSession(configuration: file, screen: Rect(x: 0, y: 0, width: 1000, height: 1000), clock: timeline)
        let router = InputRouter(server: server, session: session, timeline: timeline, logger: .init(label: "test"))
        router.start()
        server.calls.removeAll()
        return (server, router, session, local)
    }

    func touch(_ phase: XTouchEvent.Phase, _ id: UInt32, _ x: Double, _ y: Double, at ms: XTime) -> XInputEvent {
        .touch(XTouchEvent(phase: phase, device: 2, source: 10, touch: id, root: Point(x: x, y: y), time: ms, child: 0))
    }

    @Test func aTouchALongPressClaimsIsAcceptedWhenItRecognizes() {
        let (server, router, session) = make()
        router.handle(touch(.begin, 7, 100, 100, at: 1000))
        #expect(server.calls == [], "undecided: the server holds the touch")
        session.engine.advance(to: Instant(milliseconds: 1499))
        router.settle()
        #expect(server.calls == [])
        session.engine.advance(to: Instant(milliseconds: 1500))
        router.settle()
        #expect(server.calls == ["accept 7"])
        router.handle(touch(.end, 7, 100, 100, at: 1700))
        #expect(server.calls == ["accept 7"], "one answer per touch")
        #expect(router.trackedTouchCount == 0)
    }

    @Test func aTouchEveryGestureGivesUpOnIsRejectedAtOnceAndFollowedThroughRawEvents() {
        let (server, router, session) = make()
        router.handle(touch(.begin, 9, 100, 100, at: 1000))
        router.handle(touch(.update, 9, 160, 100, at: 1050))  // beyond the long press's 10 px
        #expect(server.calls == ["reject 9"])
        // The application has it now; the router keeps the engine informed from raw events
        // (device units 0…1000 onto the 1000 px screen) until it ends.
        router.handle(.rawTouch(XRawTouchEvent(phase: .update, source: 10, touch: 9, x: 200, y: 120, time: 1060)))
        #expect(session.engine.activeTouches.first?.location == Point(x: 200, y: 120))
        router.handle(.rawTouch(XRawTouchEvent(phase: .end, source: 10, touch: 9, x: 210, y: nil, time: 1070)))
        #expect(session.engine.activeTouches.isEmpty)
        #expect(router.trackedTouchCount == 0)
        #expect(server.calls == ["reject 9"])
    }

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
        #expect(server.calls == ["probe pointer grab"], "not rejected while the pointer is held")
        #expect(router.nextDeadline == Instant(milliseconds: 1011))
        router.handle(touch(.begin, 2, 500, at: 1010, emulating: false))
        router.handle(touch(.update, 2, 560, at: 1010, emulating: false))
        let answers = { server.calls.filter { $0 != "probe pointer grab" } }
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
        server.calls.removeAll()
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
        server.calls.removeAll()
        router.handle(touch(.begin, 4, 600, at: 3000, emulating: false))
        router.handle(touch(.update, 4, 660, at: 3010, emulating: false))
        #expect(server.calls == ["reject 4"])
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
        let answers = { server.calls.filter { $0 != "probe pointer grab" } }
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
        server.calls.removeAll()
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

    /// Issue 23: a press replayed to a window manager's frame gets an implicit grab stamped
    /// with the rejection's time (Xorg 21.1.7), so a window manager that grabs the pointer with
    /// the press's time (xfwm4) is refused; a touch let go on decorations is accepted and given
    /// to the window manager as XTest pointer input, which carries the server's time.
    @Test func aTouchLetGoOnDecorationsReachesTheWindowManagerAsPointerInput() {
        let (server, router, _) = make()
        router.touches.landedOnDecorations = { $0.y < 50 }
        func touch(_ phase: XTouchEvent.Phase, _ id: UInt32, _ x: Double, _ y: Double, at ms: XTime, emulating: Bool = true) -> XInputEvent {
            .touch(XTouchEvent(phase: phase, device: 2, source: 10, touch: id, root: Point(x: x, y: y), time: ms, child: 0, emulatesPointer: emulating))
        }
        router.handle(touch(.begin, 1, 100, 40, at: 1000))
        router.handle(touch(.update, 1, 120, 40, at: 1010))  // out of the long press's reach
        #expect(server.calls == ["accept 1", "motion 100,40", "button 1 down", "motion 120,40"])
        router.handle(touch(.update, 1, 150, 60, at: 1020))
        router.handle(touch(.end, 1, 160, 70, at: 1030))
        #expect(server.calls.suffix(3) == ["motion 150,60", "motion 160,70", "button 1 up"])
        #expect(router.trackedTouchCount == 0)
        // On a client, or as a second finger (no pointer emulation), it is rejected as ever —
        // the next touch driving the pointer once the window manager has read the lift (a
        // manager's move ends with an ungrab of whatever grab of its own is active then).
        server.calls.removeAll()
        server.windowManagerAnswers = true
        router.handle(touch(.begin, 2, 100, 200, at: 2000))
        router.handle(touch(.update, 2, 120, 200, at: 2010))
        let answers = { server.calls.filter { $0 != "probe pointer grab" } }
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
        let (server, router, _) = make()
        // Window 42 on top at the left, over window 41; window 43 at the right.
        router.touches.windowAt = { p in p.x < 300 ? 42 : 43 }
        router.handle(touch(.begin, 7, 100, 100, at: 2000))
        router.windowDestroyed(41)
        router.windowDestroyed(42)
        #expect(server.calls == ["accept 7"], "at once, while it is down: accepted after its end, a touch driving the pointer leaves the server's button 1 down")
        router.handle(touch(.begin, 8, 600, 600, at: 2010))  // a second finger: the long press gives up on both
        #expect(server.calls == ["accept 7", "reject 8"], "the touch elsewhere is replayed as ever")
    }

    /// The same when the daemon has not read the window's DestroyNotify yet (busy, its queue
    /// behind; make soak at full pace under xfwm4 crashed the server so): the rejection asks
    /// the server whether the window is there and is an acceptance when it is not.
    @Test func aTouchWhoseWindowIsGoneUnbeknownToTheDaemonIsAcceptedNotReplayed() {
        let (server, router, _) = make()
        router.touches.windowAt = { p in p.x < 300 ? 42 : 43 }
        router.handle(touch(.begin, 7, 100, 100, at: 2000))
        server.goneWindows = [42]
        router.handle(touch(.begin, 8, 600, 600, at: 2010))
        #expect(server.calls == ["accept 7", "reject 8"])
    }

    /// The session may name a window on top that is not: a newer window mapped over it that it
    /// has not read yet (make soak at full pace under xfwm4: touches for the newest window
    /// accepted, their presses lost, when the older window under it closed). The server's
    /// top-level window under the touch decides: a touch in another frame than the one holding
    /// the session's window is replayed as ever when that window goes.
    @Test func aTouchInAnotherFrameThanTheSessionsWindowIsReplayedWhenThatWindowGoes() {
        let (server, router, _) = make()
        server.topLevels = [42: 500]
        router.touches.windowAt = { _ in 42 }
        func begin(_ id: UInt32, in frame: UInt, at ms: XTime) -> XInputEvent {
            .touch(XTouchEvent(phase: .begin, device: 2, source: 10, touch: id, root: Point(x: 100 + 80 * Double(id), y: 100), time: ms, child: frame, emulatesPointer: false))
        }
        let answers = { server.calls.filter { !$0.hasPrefix("top-level") } }
        router.handle(begin(7, in: 600, at: 2000))  // over the newer window's frame
        server.goneWindows = [42]
        router.windowDestroyed(42)
        router.handle(begin(8, in: 700, at: 2010))  // a second finger elsewhere: the long press gives up on both
        #expect(answers() == ["reject 7", "reject 8"], "7 did not land on 42")
        // Over 42's frame, it did (a new daemon).
        let (server2, router2, _) = make()
        server2.topLevels = [42: 500]
        router2.touches.windowAt = { _ in 42 }
        router2.handle(begin(9, in: 500, at: 3000))
        server2.goneWindows = [42]
        router2.windowDestroyed(42)
        router2.handle(begin(10, in: 700, at: 3010))
        #expect(server2.calls == ["top-level of 42", "accept 9", "top-level of 42", "reject 10"], "asked for 9; for 10 again after the destroy (gone)")
    }

    /// A touch over a top-level window the session does not know (a newer window not read
    /// yet, an unmanaged one) is accepted when that window is gone by its rejection: its
    /// frame's grabs were copied into its listeners as well.
    @Test func aTouchWhoseTopLevelWindowIsGoneIsAcceptedNotReplayed() {
        let (server, router, _) = make()
        router.touches.windowAt = { _ in nil }
        router.handle(.touch(XTouchEvent(phase: .begin, device: 2, source: 10, touch: 7, root: Point(x: 100, y: 100), time: 2000, child: 800, emulatesPointer: false)))
        server.goneWindows = [800]
        router.handle(.touch(XTouchEvent(phase: .begin, device: 2, source: 10, touch: 8, root: Point(x: 600, y: 600), time: 2010, child: 900, emulatesPointer: false)))
        #expect(server.calls == ["accept 7", "reject 8"])
    }

    /// A window closed under the one a touch landed on (the soak closes older windows while
    /// touches on the newest are in flight): the touch is replayed as ever, its press reaches
    /// the window on top. (Accepted, it reached no one.)
    @Test func aTouchOverAWindowDestroyedBelowTheOneItLandedOnIsReplayed() {
        let (server, router, _) = make()
        router.touches.windowAt = { p in p.x < 300 ? 42 : 43 }
        router.handle(touch(.begin, 7, 100, 100, at: 2000))
        router.windowDestroyed(41)
        router.handle(touch(.begin, 8, 600, 600, at: 2010))
        #expect(server.calls == ["reject 7", "reject 8"])
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
        let answers = { server.calls.filter { $0 != "probe pointer grab" } }
        // The drag (2) is let go first; the tap (1), older, is still undecided.
        ownership.answer(TouchID(2), .released, at: Instant(milliseconds: 1150))
        #expect(answers() == [], "the newer waits for the older")
        #expect(ownership.nextRejectRetry == Instant(milliseconds: 2150), "at most a second")
        ownership.answer(TouchID(1), .released, at: Instant(milliseconds: 1400))
        #expect(answers() == ["reject 1", "reject 2"])
        // An older touch claimed instead lets the newer go at once.
        server.calls.removeAll()
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
        let answers = { server.calls.filter { $0 != "probe pointer grab" } }
        // Taps back to back: 1 and 2 begin in one millisecond, 3 in the next.
        ownership.handle(event(.begin, 1, at: 1000))
        ownership.handle(event(.end, 1, at: 1000))
        ownership.handle(event(.begin, 2, at: 1000))
        ownership.handle(event(.end, 2, at: 1000))
        ownership.handle(event(.begin, 3, at: 1001))
        ownership.handle(event(.end, 3, at: 1001))
        ownership.answer(TouchID(1), .released, at: Instant(milliseconds: 1002))
        ownership.answer(TouchID(2), .released, at: Instant(milliseconds: 1002))
        ownership.answer(TouchID(3), .released, at: Instant(milliseconds: 1002))
        #expect(answers() == ["reject 1", "ask the window manager"], "2 waits for the answer, 3 behind it")
        #expect(ownership.nextRejectRetry == Instant(milliseconds: 2002), "a second at most")
        ownership.windowManagerAnswered(at: Instant(milliseconds: 1005))
        #expect(answers() == ["reject 1", "ask the window manager", "reject 2", "reject 3"], "3 began a millisecond later: no question")

        // Unanswered, the rejection goes after a second.
        server.calls.removeAll()
        ownership.handle(event(.begin, 4, at: 3000))
        ownership.handle(event(.end, 4, at: 3000))
        ownership.handle(event(.begin, 5, at: 3000))
        ownership.handle(event(.end, 5, at: 3000))
        ownership.answer(TouchID(4), .released, at: Instant(milliseconds: 3001))
        ownership.answer(TouchID(5), .released, at: Instant(milliseconds: 3001))
        #expect(answers() == ["reject 4", "ask the window manager"])
        ownership.rejectWhenThePointerIsFree(at: Instant(milliseconds: 3500))
        #expect(answers() == ["reject 4", "ask the window manager"])
        ownership.rejectWhenThePointerIsFree(at: Instant(milliseconds: 4001))
        #expect(answers() == ["reject 4", "ask the window manager", "reject 5"])

        // No window manager that answers: no wait.
        server.calls.removeAll()
        server.windowManagerAnswers = false
        ownership.handle(event(.begin, 6, at: 5000))
        ownership.handle(event(.end, 6, at: 5000))
        ownership.handle(event(.begin, 7, at: 5000))
        ownership.handle(event(.end, 7, at: 5000))
        ownership.answer(TouchID(6), .released, at: Instant(milliseconds: 5001))
        ownership.answer(TouchID(7), .released, at: Instant(milliseconds: 5001))
        #expect(answers() == ["reject 6", "ask the window manager", "reject 7"])
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
        #expect(!server.calls.contains { $0.hasPrefix("accept") }, "\(server.calls)")
        #expect(server.calls.filter { $0.hasPrefix("reject") }.count == 2, "a scroll: both handed back at once: \(server.calls)")
        // An event of another time ends the frame before it is gathered.
        server.calls.removeAll()
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
        #expect(server.calls == ["reject 11", "reject 12", "ungrab touch", "ungrab gestures"])
    }

    @Test func whenTheGrabIsRefusedTouchesAreObservedThroughRawEventsAndNeverAnswered() {
        let (server, router, session) = make(refuse: true)
        #expect(router.touchMode == .observer)
        router.handle(.rawTouch(XRawTouchEvent(phase: .begin, source: 10, touch: 3, x: 500, y: 250, time: 1000)))
        #expect(session.engine.activeTouches.map(\.location) == [Point(x: 500, y: 250)])
        session.engine.advance(to: Instant(milliseconds: 1500))
        router.settle()
        router.handle(.rawTouch(XRawTouchEvent(phase: .end, source: 10, touch: 3, x: 500, y: 250, time: 1600)))
        #expect(server.calls == [], "no ownership to answer for")
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

/// The X display's owner check (debug builds assert it on every Xlib call): it knows the
/// thread that took it, and no other.
@Suite struct DisplayThreadTests {
    @Test func anOwnerIsCurrentOnlyOnItsOwnThread() {
        let owner = ThreadIdentity.current
        #expect(owner.isCurrent)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var elsewhere: Bool?
        Thread.detachNewThread {
            elsewhere = owner.isCurrent
            done.signal()
        }
        done.wait()
        #expect(elsewhere == false)
    }
}
