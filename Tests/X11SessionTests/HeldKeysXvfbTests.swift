import Foundation
import Testing
import TestSupport
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// `hold:` against a real X server (Xvfb): a profile's window switcher, driven in-process by
/// touches on the engine harness, its actions performed through XTest. A real client window
/// reports every key event as Xlib gives it (press and release, keysym and modifier state);
/// XQueryKeymap says what is still down afterwards.
@Suite(.serialized) struct HeldKeysXvfbTests {

    static let mod1: UInt32 = 0x8


    /// A profile made live on the engine harness, its actions performed on the X server.
    final class Driver {
        let hand = EngineHarness(width: 1280, height: 800)
        let runtime: ProfileRuntime
        let performer: ActionPerformer
        let file: ProfileFile

        init(_ yaml: String = WindowSwitcher.profile(), server: XlibServer) throws {
            file = try #require(ProfileLoader.load(yaml: yaml, path: "t.yaml").file)
            runtime = ProfileRuntime(configuration: file, engine: hand.engine)
            performer = ActionPerformer(server: server)
            runtime.sink = performer
        }

        /// One frame of the three fingers, `dx` right of where they landed; `pause` seconds of
        /// real time after it (for a window manager that acts on each key as it comes).
        func frame(_ phase: TouchPhase, _ dx: Double, pause: Double = 0) {
            hand.nextFrame(phase, WindowSwitcher.fingers, movedBy: Vector(dx: dx, dy: 0))
            if pause > 0 { Thread.sleep(forTimeInterval: pause) }
        }

        /// The fingers land and move 40 px: Alt goes down, one Tab is typed (at 30).
        func landAndStepOnce() {
            frame(.began, 0)
            for dx in [15.0, 40] { frame(.moved, dx) }
        }
    }

    /// The key events `window` reported since `before`, once `count` have come (or after 5 s).
    static func keys(of window: XvfbSession.TestWindow, since before: Int, count: Int) -> [WindowKeyEvent] {
        _ = window.output.wait { _ in window.output.lines(from: before).compactMap(WindowKeyEvent.init(line:)).count >= count }
        // A moment for one too many to show.
        Thread.sleep(forTimeInterval: 0.1)
        return window.output.lines(from: before).compactMap(WindowKeyEvent.init(line:))
    }

    /// Three fingers right 100 px (Tab at 30, 60, 90) and lifted: the window receives Alt
    /// down, three Tabs pressed and released with Alt (Mod1) in their state, Alt up — Alt is
    /// never let up between the steps — and no key is down afterwards. Then the same switch
    /// cut short: by the fingers being cancelled, by a reload, and by the daemon stopping
    /// (which lets held keys up): each time Alt comes up and nothing stays pressed.
    @Test func aHeldAltWithThreeTabStepsArrivesAsOneAltAroundThem() throws {
        let x = try XvfbSession(windowManager: nil)
        let w = try x.openWindow(class: "Editor", title: "editor", keyState: true, keyReleases: true)
        try KeysLayoutXvfbTests.setLayout("us", on: x, window: w)
        // No window manager: the focus is PointerRoot; the pointer goes over the window.
        x.server.fakeMotion(to: Point(x: 300, y: 250))
        x.server.sync()
        let d = try Driver(server: x.server)
        let alt: [WindowKeyEvent] = [.press("Alt_L", 0)], altUp: [WindowKeyEvent] = [.release("Alt_L", Self.mod1)]
        let tab: [WindowKeyEvent] = [.press("Tab", Self.mod1), .release("Tab", Self.mod1)]

        let before = w.output.count
        d.frame(.began, 0)
        for dx in [15.0, 40, 70, 100] { d.frame(.moved, dx) }
        d.frame(.ended, 100)
        let received = Self.keys(of: w, since: before, count: 8)
        #expect(received == alt + tab + tab + tab + altUp, "\(received)")
        x.server.sync()
        #expect(x.server.keycodesDown() == [], "keys left down: \(x.server.keycodesDown())")

        /// One step cut short by `stop`: Alt down, one Tab under it, Alt up, nothing left down.
        func oneStepCutShort(_ what: Comment, by stop: () -> Void) {
            let before = w.output.count
            d.landAndStepOnce()
            stop()
            #expect(Self.keys(of: w, since: before, count: 4) == alt + tab + altUp, what)
            x.server.sync()
            #expect(x.server.keycodesDown() == [], what)
        }
        oneStepCutShort("cancelled by the device") { d.frame(.cancelled, 40) }
        oneStepCutShort("a reload mid-gesture; the fingers going on type nothing more") {
            d.runtime.apply(d.file)
            d.frame(.moved, 100)
            d.frame(.ended, 100)
        }
        oneStepCutShort("the daemon stopping mid-gesture (SIGTERM: Daemon.shutdown lets held keys up)") {
            #expect(d.performer.releaseHeldKeys() == [KeyCombo(keys: ["Alt_L"])])
        }
    }

    /// What the hold is for: openbox's window switcher (its default rc.xml binds A-Tab to
    /// NextWindow, which cycles while Alt is held and focuses the window chosen when Alt comes
    /// up). Three windows focused w1, w2, w3 in turn; two Tab steps with Alt held walk the list
    /// to w1, where `alt+Tab` at each step (Alt let up each time, as Tactus imported Touchégg's
    /// switcher before) ends a switch at each step, and a chord as fast as XTest types it
    /// races openbox's keyboard grab (the Alt release can reach the window before openbox).
    @Test func openboxsSwitcherWalksTheWindowsWhileAltIsHeld() throws {
        let x = try XvfbSession()
        let setup = ActionPerformer(server: x.server)
        var windows: [XvfbSession.TestWindow] = []
        for i in 1...3 {
            let w = try x.openWindow(class: "W\(i)", title: "w\(i)", geometry: "300x200+\(100 * i)+\(80 * i)")
            setup.perform(ActionRequest(gesture: "t", state: .recognized, action: .window(.raise, window: UInt64(w.id)), window: nil, values: GestureValues(), time: .zero))
            #expect(x.poll { x.server.focusIsWithin(w.id) }, "w\(i) did not take the focus")
            windows.append(w)
        }
        let focused = { windows.firstIndex { x.server.focusIsWithin($0.id) }.map { "w\($0 + 1)" } ?? "none" }

        let held = try Driver(server: x.server)
        held.frame(.began, 0, pause: 0.1)
        for dx in [15.0, 40, 70] { held.frame(.moved, dx, pause: 0.2) }
        held.frame(.ended, 70, pause: 0.1)
        #expect(x.poll { focused() == "w1" }, "focus on \(focused()) after two steps with Alt held")
        x.server.sync()
        #expect(x.server.keycodesDown() == [])
    }
}
