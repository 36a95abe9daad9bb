import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session

/// `hold:` at the X seam: the keycodes a hold presses stay down while its gesture's keys are
/// typed (never released and pressed again around each, nor taken for the user's own
/// modifiers), come up when it is released, and come up whatever happens — its window never
/// taking the focus, the daemon stopping. Against a keyboard map after pc105 `de` (evdev
/// keycodes: Tab 23, Control_L 37, Shift_L 50, Alt_L 64, Shift_R 62). What a real window
/// receives is KeysLayoutXvfbTests' part.
@Suite struct HeldKeysTests {
    /// The X server as the action performer sees it: a keyboard (KeyInjectorTests' layout
    /// plus Tab), the focus, and the window manager's activations.
    final class FakeDesktop: KeyInjectorTests.FakeKeyboard, InputDevices, WindowQueries, WindowManagerRequests, FocusControl, ServerClock, ScreenLayout {
        /// The window with the focus.
        var focus: XWindowID?

        init() {
            var layout = KeyInjectorTests.germanLayout()
            layout.levels[23] = [.init(keysym: KeyInjectorTests.sym("Tab"), modifierChoices: [[]]), .init(keysym: KeyInjectorTests.sym("ISO_Left_Tab"), modifierChoices: [.shift])]
            super.init(layout: layout)
        }

        /// The key events, without the other calls.
        var keys: [String] { calls.filter { $0.hasSuffix(" down") || $0.hasSuffix(" up") } }

        let root: XWindowID = 1
        func atom(_ name: String) -> UInt { 1 }
        func atomName(_ atom: UInt) -> String? { nil }
        func numbers(_ window: XWindowID, _ property: String) -> [UInt]? { nil }
        func text(_ window: XWindowID, _ property: String) -> String? { nil }
        func classHint(_ window: XWindowID) -> (instance: String, windowClass: String)? { nil }
        func geometry(_ window: XWindowID) -> Rect? { nil }
        func isMapped(_ window: XWindowID) -> Bool { true }
        func topLevelWindow(at point: Point) -> XWindowID? { nil }
        func children(of window: XWindowID) -> [XWindowID] { [] }
        func watchWindow(_ window: XWindowID) {}
        func sendRootMessage(about window: XWindowID, type: String, data: [Int]) { calls.append("\(type) \(window)") }
        func focusIsWithin(_ window: XWindowID) -> Bool { focus == window }
        func devices() -> [InputDevice] { [] }
        func transformationMatrix(device: Int32) -> [Double]? { nil }
        func pointerPosition() -> Point? { nil }
        func screenSize() -> (width: Double, height: Double) { (1920, 1080) }
        func monitors() -> [XMonitor] { [] }
        func watchScreenChanges() {}
        func serverTime() -> XTime { 1000 }
    }

    static func combo(_ text: String) -> KeyCombo {
        guard case .success(let k) = KeyCombo.parse(text) else { fatalError("bad combo \(text)") }
        return k
    }

    static func request(_ action: ResolvedAction, window: UInt64? = nil, hold: Int? = nil) -> ActionRequest {
        ActionRequest(gesture: "switcher", state: .changed, action: action, window: window.map { WindowInfo(id: $0, frame: .zero) },
                      values: GestureValues(), time: .zero, hold: hold)
    }

    // MARK: The injector

    /// Alt held, Tab three times, Shift+Tab once, Alt let go: Alt goes down once and up once;
    /// the user's Shift_R, held meanwhile, is set aside for each combination as ever, Alt not.
    @Test func aHeldKeyStaysDownThroughTheKeysTypedUnderIt() {
        let x = FakeDesktop()
        let injector = KeyInjector(server: x)
        injector.hold(Self.combo("alt"), id: 1)
        for _ in 0..<3 { injector.press(Self.combo("Tab")) }
        injector.press(Self.combo("shift+Tab"))
        #expect(injector.isHolding(1))
        injector.release(hold: 1)
        #expect(x.keys == ["64 down", "23 down", "23 up", "23 down", "23 up", "23 down", "23 up", "50 down", "23 down", "23 up", "50 up", "64 up"])
        #expect(x.down.isEmpty && !injector.isHolding(1))
        // With the user's Shift_R down: released for each combination and pressed again, Alt kept.
        x.calls = []
        x.down = [62]
        injector.hold(Self.combo("alt"), id: 2)
        injector.press(Self.combo("Tab"))
        injector.release(hold: 2)
        #expect(x.keys == ["64 down", "62 up", "23 down", "23 up", "62 down", "64 up"])
        #expect(x.down == [62])
        // A combination naming a held key neither presses nor releases it.
        x.calls = []
        x.down = []
        injector.hold(Self.combo("alt"), id: 3)
        injector.press(Self.combo("alt+Tab"))
        injector.release(hold: 3)
        #expect(x.keys == ["64 down", "23 down", "23 up", "64 up"])
    }

    /// Two holds sharing a key: it goes down once and up with the last of them. A key the user
    /// holds already is the user's: the hold neither presses nor releases it. A hold that
    /// cannot be typed presses nothing, and its release nothing.
    @Test func sharedKeysTheUsersKeysAndUntypableHolds() {
        let x = FakeDesktop()
        let injector = KeyInjector(server: x)
        injector.hold(Self.combo("alt"), id: 1)
        injector.hold(Self.combo("ctrl+alt"), id: 2)
        injector.release(hold: 1)
        #expect(x.keys == ["64 down", "37 down"])
        injector.release(hold: 2)
        #expect(x.keys == ["64 down", "37 down", "64 up", "37 up"])
        x.calls = []
        x.down = [64]
        injector.hold(Self.combo("alt"), id: 3)
        injector.release(hold: 3)
        #expect(x.keys == [] && x.down == [64])
        x.down = []
        var messages: [String] = []
        injector.log = { messages.append($0) }
        injector.hold(KeyCombo(keys: ["Control_L", "nosuchkey"]), id: 4)
        #expect(!injector.isHolding(4) && x.keys == [] && messages == ["unknown key nosuchkey"])
        injector.release(hold: 4)
        #expect(x.keys == [])
        // Releasing all: the newest first.
        injector.hold(Self.combo("ctrl"), id: 5)
        injector.hold(Self.combo("alt"), id: 6)
        #expect(injector.releaseAllHolds() == [Self.combo("ctrl"), Self.combo("alt")])
        #expect(x.keys == ["37 down", "64 down", "64 up", "37 up"] && x.down.isEmpty)
    }

    /// A keysym the layout lacks, held on a spare keycode longer than a spare binding lives:
    /// the binding stays while the key is down, and goes after it comes up.
    @Test func aHeldSpareKeycodeKeepsItsKeysymUntilItComesUp() {
        let x = FakeDesktop()
        x.spareKeycodes = [255]
        let injector = KeyInjector(server: x)
        var now: UInt64 = 0
        injector.milliseconds = { now }
        injector.hold(Self.combo("ecircumflex"), id: 1)
        now = 10_000
        injector.press(Self.combo("Tab"))
        #expect(x.calls == ["bind 255", "255 down", "23 down", "23 up"])
        injector.release(hold: 1)
        now = 20_000
        injector.press(Self.combo("Tab"))
        #expect(x.calls.suffix(4) == ["255 up", "unbind 255", "23 down", "23 up"])
    }

    // MARK: The performer

    /// The hold goes down in its window (focused: at once); then a window switcher moves the
    /// focus, and the Tabs typed under the hold follow it rather than ask for the gesture's
    /// window again (which would undo the switch); the release likewise.
    @Test func keysTypedUnderAHoldFollowItWhereverTheFocusGoes() {
        let x = FakeDesktop()
        x.focus = 10
        let performer = ActionPerformer(server: x)
        performer.perform(Self.request(.holdKeys(Self.combo("alt"), hold: 1), window: 10, hold: 1))
        performer.perform(Self.request(.keys(Self.combo("Tab")), window: 10, hold: 1))
        x.focus = 11  // the switcher shows its list, or focuses the next window
        performer.perform(Self.request(.keys(Self.combo("Tab")), window: 10, hold: 1))
        performer.perform(Self.request(.keys(Self.combo("Tab")), window: 10, hold: 1))
        performer.perform(Self.request(.releaseKeys(Self.combo("alt"), hold: 1), window: 10, hold: 1))
        #expect(x.calls == ["64 down", "23 down", "23 up", "23 down", "23 up", "23 down", "23 up", "64 up"])
    }

    /// The hold's window is not focused: it is activated, and the hold and the keys under it
    /// wait for it, in order. It never takes the focus: nothing is typed anywhere, and the
    /// release that came meanwhile is performed all the same (nothing is down: it does nothing).
    @Test func aHoldWaitsForItsWindowAndItsReleaseIsNeverDropped() {
        let x = FakeDesktop()
        x.focus = 11
        let performer = ActionPerformer(server: x)
        var reports: [String] = []
        performer.report = { subject, message, _ in reports.append("\(subject): \(message)") }
        performer.perform(Self.request(.holdKeys(Self.combo("alt"), hold: 1), window: 10, hold: 1))
        performer.perform(Self.request(.keys(Self.combo("Tab")), window: 10, hold: 1))
        performer.perform(Self.request(.releaseKeys(Self.combo("alt"), hold: 1), window: 10, hold: 1))
        #expect(x.calls == ["_NET_ACTIVE_WINDOW 10"])
        // The window takes the focus: all three, in order.
        x.focus = 10
        performer.windowFocused(10)
        #expect(x.calls == ["_NET_ACTIVE_WINDOW 10", "64 down", "23 down", "23 up", "64 up"])

        // Another gesture's keys wait for a window that never takes the focus; the hold's
        // release queued behind them still comes, when the wait is given up.
        x.calls = []
        x.focus = 10
        performer.perform(Self.request(.holdKeys(Self.combo("alt"), hold: 2), window: 10, hold: 2))
        performer.perform(Self.request(.keys(Self.combo("a")), window: 12))
        performer.perform(Self.request(.keys(Self.combo("Tab")), window: 10, hold: 2))
        performer.perform(Self.request(.releaseKeys(Self.combo("alt"), hold: 2), window: 10, hold: 2))
        #expect(x.calls == ["64 down", "_NET_ACTIVE_WINDOW 12"])
        let focused = performer.focusDeadline!
        performer.focusedInput.milliseconds = { focused + 1 }
        performer.expireFocusWait()
        #expect(x.calls == ["64 down", "_NET_ACTIVE_WINDOW 12", "64 up"])
        #expect(reports.last == "window 0xc: did not take the focus within 1000 ms: not typed: keys a, keys Tab")
        #expect(x.down.isEmpty)

        // A hold whose window never took the focus: the keys typed under it later are not
        // typed (without the held keys they would be other keys).
        x.calls = []
        x.focus = 11
        performer.perform(Self.request(.holdKeys(Self.combo("alt"), hold: 3), window: 10, hold: 3))
        let deadline = performer.focusDeadline!
        performer.focusedInput.milliseconds = { deadline + 1 }
        performer.expireFocusWait()
        performer.perform(Self.request(.keys(Self.combo("Tab")), window: 10, hold: 3))
        performer.perform(Self.request(.releaseKeys(Self.combo("alt"), hold: 3), window: 10, hold: 3))
        #expect(x.keys == [])
        #expect(reports.last == "switcher: not typed: keys Tab: the keys it is typed under are not down")
    }

    /// The daemon stopping mid-gesture lets every held key up.
    @Test func stoppingLetsEveryHeldKeyUp() {
        let x = FakeDesktop()
        let performer = ActionPerformer(server: x)
        performer.perform(Self.request(.holdKeys(Self.combo("ctrl+alt"), hold: 1), hold: 1))
        performer.perform(Self.request(.keys(Self.combo("Tab")), hold: 1))
        #expect(performer.releaseHeldKeys() == [Self.combo("ctrl+alt")])
        #expect(x.keys == ["37 down", "64 down", "23 down", "23 up", "64 up", "37 up"])
        #expect(x.down.isEmpty)
    }

    // MARK: From the gesture to the keycodes

    /// The profile's switcher driven by touches on a manual clock, its actions performed at
    /// the X seam: the whole ordered trace of keycodes down and up — Alt down as the pan
    /// begins, Tab three times going right, Shift+Tab once coming back, Alt up at the lift; and
    /// for a pan cancelled by the device and one cut short by a reload, Alt up all the same.
    @Test func theSwitcherFromTouchesToKeycodes() throws {
        let yaml = """
            version: 1
            profiles:
              - name: desktop
                match: any
                gestures:
                  - name: switcher
                    pan: { touches: 3, direction: right }
                    hold: { keys: alt }
                    repeat: { every: 30, action: { keys: Tab }, reverse: { keys: shift+Tab } }
            """
        let file = try #require(ProfileLoader.load(yaml: yaml, path: "t.yaml").file)
        let clock = ManualClock()
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1920, height: 1080), clock: clock)
        let runtime = ProfileRuntime(configuration: file, engine: engine)
        let x = FakeDesktop()
        let performer = ActionPerformer(server: x)
        runtime.sink = performer
        let fingers: [(Int64, Double, Double)] = [(1, 800, 600), (2, 860, 590), (3, 920, 605)]
        var t = 0.0
        func frame(_ phase: TouchPhase, _ dx: Double) {
            t += 16
            clock.advance(to: Instant(milliseconds: t))
            engine.process(TouchFrame(time: Instant(milliseconds: t), touches: fingers.map { TouchPoint(id: TouchID($0.0), phase: phase, location: Point(x: $0.1 + dx, y: $0.2)) }))
        }
        func swipe(_ path: [Double], end: TouchPhase?) -> [String] {
            x.calls = []
            frame(.began, 0)
            for dx in path { frame(.moved, dx) }
            if let end { frame(end, path.last ?? 0) }
            return x.keys
        }
        let tab = ["23 down", "23 up"], backTab = ["50 down", "23 down", "23 up", "50 up"]
        #expect(swipe([15, 40, 70, 100, 50], end: .ended) == ["64 down"] + tab + tab + tab + backTab + ["64 up"])
        #expect(swipe([15, 40], end: .cancelled) == ["64 down"] + tab + ["64 up"])
        _ = swipe([15, 40], end: nil)
        runtime.apply(file)
        frame(.moved, 90)
        frame(.ended, 90)
        #expect(x.keys == ["64 down"] + tab + ["64 up"])
        #expect(x.down.isEmpty)
    }
}
