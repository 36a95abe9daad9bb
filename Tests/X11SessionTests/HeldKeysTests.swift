import Testing
import TestSupport
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session

/// `hold:` at the X seam: the keycodes a hold presses stay down while its gesture's keys are
/// typed (never released and pressed again around each, nor taken for the user's own
/// modifiers), come up when it is released, and come up whatever happens — its window never
/// taking the focus, the daemon stopping. Against the fake server's keyboard map after pc105
/// `de` (evdev keycodes: Tab 23, Control_L 37, Shift_L 50, Alt_L 64, Shift_R 62); the windows
/// 10, 11 and 12 are no clients of its window manager, so they take the focus only when a
/// test gives it to them. What a real window receives is KeysLayoutXvfbTests' part.
@Suite struct HeldKeysTests {
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
        let x = FakeX()
        let injector = KeyInjector(server: x)
        injector.hold(Self.combo("alt"), id: 1)
        for _ in 0..<3 { injector.press(Self.combo("Tab")) }
        injector.press(Self.combo("shift+Tab"))
        #expect(injector.isHolding(1))
        injector.release(hold: 1)
        #expect(x.keyLog == ["key 64 down", "key 23 down", "key 23 up", "key 23 down", "key 23 up", "key 23 down", "key 23 up", "key 50 down", "key 23 down", "key 23 up", "key 50 up", "key 64 up"])
        #expect(x.down.isEmpty && !injector.isHolding(1))
        // With the user's Shift_R down: released for each combination and pressed again, Alt kept.
        x.log = []
        x.down = [62]
        injector.hold(Self.combo("alt"), id: 2)
        injector.press(Self.combo("Tab"))
        injector.release(hold: 2)
        #expect(x.keyLog == ["key 64 down", "key 62 up", "key 23 down", "key 23 up", "key 62 down", "key 64 up"])
        #expect(x.down == [62])
        // A combination naming a held key neither presses nor releases it.
        x.log = []
        x.down = []
        injector.hold(Self.combo("alt"), id: 3)
        injector.press(Self.combo("alt+Tab"))
        injector.release(hold: 3)
        #expect(x.keyLog == ["key 64 down", "key 23 down", "key 23 up", "key 64 up"])
    }

    /// Two holds sharing a key: it goes down once and up with the last of them. A key the user
    /// holds already is the user's: the hold neither presses nor releases it. A hold that
    /// cannot be typed presses nothing, and its release nothing.
    @Test func sharedKeysTheUsersKeysAndUntypableHolds() {
        let x = FakeX()
        let injector = KeyInjector(server: x)
        injector.hold(Self.combo("alt"), id: 1)
        injector.hold(Self.combo("ctrl+alt"), id: 2)
        injector.release(hold: 1)
        #expect(x.keyLog == ["key 64 down", "key 37 down"])
        injector.release(hold: 2)
        #expect(x.keyLog == ["key 64 down", "key 37 down", "key 64 up", "key 37 up"])
        x.log = []
        x.down = [64]
        injector.hold(Self.combo("alt"), id: 3)
        injector.release(hold: 3)
        #expect(x.keyLog == [] && x.down == [64])
        x.down = []
        var messages: [String] = []
        injector.log = { messages.append($0) }
        injector.hold(KeyCombo(keys: ["Control_L", "nosuchkey"]), id: 4)
        #expect(!injector.isHolding(4) && x.keyLog == [] && messages == ["unknown key nosuchkey"])
        injector.release(hold: 4)
        #expect(x.keyLog == [])
        // Releasing all: the newest first.
        injector.hold(Self.combo("ctrl"), id: 5)
        injector.hold(Self.combo("alt"), id: 6)
        #expect(injector.releaseAllHolds() == [Self.combo("ctrl"), Self.combo("alt")])
        #expect(x.keyLog == ["key 37 down", "key 64 down", "key 64 up", "key 37 up"] && x.down.isEmpty)
    }

    /// A keysym the layout lacks, held on a spare keycode longer than a spare binding lives:
    /// the binding stays while the key is down, and goes after it comes up.
    @Test func aHeldSpareKeycodeKeepsItsKeysymUntilItComesUp() {
        let x = FakeX()
        x.spareKeycodes = [255]
        let injector = KeyInjector(server: x)
        var now: UInt64 = 0
        injector.milliseconds = { now }
        injector.hold(Self.combo("ecircumflex"), id: 1)
        now = 10_000
        injector.press(Self.combo("Tab"))
        #expect(x.log == ["bind 255", "key 255 down", "key 23 down", "key 23 up"])
        injector.release(hold: 1)
        now = 20_000
        injector.press(Self.combo("Tab"))
        #expect(x.log.suffix(4) == ["key 255 up", "unbind 255", "key 23 down", "key 23 up"])
    }

    // MARK: The performer

    /// The hold goes down in its window (focused: at once); then a window switcher moves the
    /// focus, and the Tabs typed under the hold follow it rather than ask for the gesture's
    /// window again (which would undo the switch); the release likewise.
    @Test func keysTypedUnderAHoldFollowItWhereverTheFocusGoes() {
        let x = FakeX()
        x.focus = 10
        let performer = ActionPerformer(server: x)
        performer.perform(Self.request(.holdKeys(Self.combo("alt"), hold: 1), window: 10, hold: 1))
        performer.perform(Self.request(.keys(Self.combo("Tab")), window: 10, hold: 1))
        x.focus = 11  // the switcher shows its list, or focuses the next window
        performer.perform(Self.request(.keys(Self.combo("Tab")), window: 10, hold: 1))
        performer.perform(Self.request(.keys(Self.combo("Tab")), window: 10, hold: 1))
        performer.perform(Self.request(.releaseKeys(Self.combo("alt"), hold: 1), window: 10, hold: 1))
        #expect(x.log == ["key 64 down", "key 23 down", "key 23 up", "key 23 down", "key 23 up", "key 23 down", "key 23 up", "key 64 up"])
    }

    /// The hold's window is not focused: it is activated, and the hold and the keys under it
    /// wait for it, in order. It never takes the focus: nothing is typed anywhere, and the
    /// release that came meanwhile is performed all the same (nothing is down: it does nothing).
    @Test func aHoldWaitsForItsWindowAndItsReleaseIsNeverDropped() {
        let x = FakeX()
        x.focus = 11
        let performer = ActionPerformer(server: x)
        var reports: [String] = []
        performer.report = { subject, message, _ in reports.append("\(subject): \(message)") }
        performer.perform(Self.request(.holdKeys(Self.combo("alt"), hold: 1), window: 10, hold: 1))
        performer.perform(Self.request(.keys(Self.combo("Tab")), window: 10, hold: 1))
        performer.perform(Self.request(.releaseKeys(Self.combo("alt"), hold: 1), window: 10, hold: 1))
        #expect(x.log == ["_NET_ACTIVE_WINDOW 0xa 2 0 0"])
        // The window takes the focus: all three, in order.
        x.focus = 10
        performer.windowFocused(10)
        #expect(x.log == ["_NET_ACTIVE_WINDOW 0xa 2 0 0", "key 64 down", "key 23 down", "key 23 up", "key 64 up"])

        // Another gesture's keys wait for a window that never takes the focus; the hold's
        // release queued behind them still comes, when the wait is given up.
        x.log = []
        x.focus = 10
        performer.perform(Self.request(.holdKeys(Self.combo("alt"), hold: 2), window: 10, hold: 2))
        performer.perform(Self.request(.keys(Self.combo("a")), window: 12))
        performer.perform(Self.request(.keys(Self.combo("Tab")), window: 10, hold: 2))
        performer.perform(Self.request(.releaseKeys(Self.combo("alt"), hold: 2), window: 10, hold: 2))
        #expect(x.log == ["key 64 down", "_NET_ACTIVE_WINDOW 0xc 2 0 0"])
        let focused = performer.focusDeadline!
        performer.focusedInput.milliseconds = { focused + 1 }
        performer.expireFocusWait()
        #expect(x.log == ["key 64 down", "_NET_ACTIVE_WINDOW 0xc 2 0 0", "key 64 up"])
        #expect(reports.last == "window 0xc: did not take the focus within 1000 ms: not typed: keys a, keys Tab")
        #expect(x.down.isEmpty)

        // A hold whose window never took the focus: the keys typed under it later are not
        // typed (without the held keys they would be other keys).
        x.log = []
        x.focus = 11
        performer.perform(Self.request(.holdKeys(Self.combo("alt"), hold: 3), window: 10, hold: 3))
        let deadline = performer.focusDeadline!
        performer.focusedInput.milliseconds = { deadline + 1 }
        performer.expireFocusWait()
        performer.perform(Self.request(.keys(Self.combo("Tab")), window: 10, hold: 3))
        performer.perform(Self.request(.releaseKeys(Self.combo("alt"), hold: 3), window: 10, hold: 3))
        #expect(x.keyLog == [])
        #expect(reports.last == "switcher: not typed: keys Tab: the keys it is typed under are not down")
    }

    /// The daemon stopping mid-gesture lets every held key up.
    @Test func stoppingLetsEveryHeldKeyUp() {
        let x = FakeX()
        let performer = ActionPerformer(server: x)
        performer.perform(Self.request(.holdKeys(Self.combo("ctrl+alt"), hold: 1), hold: 1))
        performer.perform(Self.request(.keys(Self.combo("Tab")), hold: 1))
        #expect(performer.releaseHeldKeys() == [Self.combo("ctrl+alt")])
        #expect(x.keyLog == ["key 37 down", "key 64 down", "key 23 down", "key 23 up", "key 64 up", "key 37 up"])
        #expect(x.down.isEmpty)
    }

    // MARK: From the gesture to the keycodes

    /// The profile's switcher driven by touches on the engine harness, its actions performed at
    /// the X seam: the whole ordered trace of keycodes down and up — Alt down as the pan
    /// begins, Tab three times going right, Shift+Tab once coming back, Alt up at the lift; and
    /// for a pan cancelled by the device and one cut short by a reload, Alt up all the same.
    @Test func theSwitcherFromTouchesToKeycodes() throws {
        let file = try #require(ProfileLoader.load(yaml: WindowSwitcher.profile(), path: "t.yaml").file)
        let hand = EngineHarness()
        let runtime = ProfileRuntime(configuration: file, engine: hand.engine)
        let x = FakeX()
        let performer = ActionPerformer(server: x)  // the runtime holds its sink weakly
        runtime.sink = performer
        func swipe(_ path: [Double], end: TouchPhase?) -> [String] {
            x.log = []
            hand.nextFrame(.began, WindowSwitcher.fingers)
            for dx in path { hand.nextFrame(.moved, WindowSwitcher.fingers, movedBy: Vector(dx: dx, dy: 0)) }
            if let end { hand.nextFrame(end, WindowSwitcher.fingers, movedBy: Vector(dx: path.last ?? 0, dy: 0)) }
            return x.keyLog
        }
        let tab = ["key 23 down", "key 23 up"], backTab = ["key 50 down", "key 23 down", "key 23 up", "key 50 up"]
        #expect(swipe([15, 40, 70, 100, 50], end: .ended) == ["key 64 down"] + tab + tab + tab + backTab + ["key 64 up"])
        #expect(swipe([15, 40], end: .cancelled) == ["key 64 down"] + tab + ["key 64 up"])
        _ = swipe([15, 40], end: nil)
        runtime.apply(file)
        hand.nextFrame(.moved, WindowSwitcher.fingers, movedBy: Vector(dx: 90, dy: 0))
        hand.nextFrame(.ended, WindowSwitcher.fingers, movedBy: Vector(dx: 90, dy: 0))
        #expect(x.keyLog == ["key 64 down"] + tab + ["key 64 up"])
        #expect(x.down.isEmpty)
    }
}
