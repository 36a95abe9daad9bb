import Foundation
import Testing
import TestSupport
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// Against a real X server (Xvfb) with a real window manager (openbox): windows are read
/// back from the server, actions are checked by their effect on the server and on a real
/// client window.
@Suite(.serialized) struct XvfbIntegrationTests {
    private func request(_ action: ResolvedAction, window: WindowInfo? = nil) -> ActionRequest {
        ActionRequest(gesture: "test", state: .recognized, action: action, window: window, values: GestureValues(), time: .zero)
    }

    @Test func trackerReadsClientWindowsThroughEWMH() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Firefox", title: "Mozilla Firefox — ünïcode", geometry: "400x300+100+100")
        let info = try #require(WindowTracker(server: x.server).clients().first { $0.id == UInt64(w.id) })
        #expect(info.windowClass == "Firefox")
        #expect(info.instance == "firefox")
        #expect(info.title == "Mozilla Firefox — ünïcode")
        #expect(info.type == "normal")
        #expect(info.frame.width == 400 && info.frame.height == 300)
        // The profiles match it as the daemon will.
        let file = ProfileLoader.load(yaml: configExample, path: "c.yaml").file!
        let runtime = ProfileRuntime(configuration: file, engine: EngineHarness(width: 1280, height: 800).engine)
        #expect(runtime.matchingProfile(for: info)?.name == "browser")
    }

    @Test func toggleMaximizeIsSeenInNetWMState() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Demo", title: "demo")
        let tracker = WindowTracker(server: x.server)
        let performer = ActionPerformer(server: x.server)
        let info = tracker.info(w.id)
        performer.perform(request(.window(.toggleMaximize, window: UInt64(w.id)), window: info))
        #expect(x.poll { tracker.states(w.id).contains("_NET_WM_STATE_MAXIMIZED_VERT") && tracker.states(w.id).contains("_NET_WM_STATE_MAXIMIZED_HORZ") })
        #expect(x.poll { (tracker.info(w.id)?.frame.width ?? 0) > 1000 })
        performer.perform(request(.window(.toggleMaximize, window: UInt64(w.id)), window: info))
        #expect(x.poll { !tracker.states(w.id).contains("_NET_WM_STATE_MAXIMIZED_VERT") })
    }

    @Test func desktopNextAndPreviousChangeNetCurrentDesktop() throws {
        let x = try XvfbSession()
        let tracker = WindowTracker(server: x.server)
        let performer = ActionPerformer(server: x.server)
        let count = try #require(tracker.numberOfDesktops)
        #expect(count > 1)
        let start = tracker.currentDesktop ?? 0
        performer.perform(request(.desktop(.next)))
        #expect(x.poll { tracker.currentDesktop == (start + 1) % count })
        performer.perform(request(.desktop(.previous)))
        #expect(x.poll { tracker.currentDesktop == start })
        performer.perform(request(.desktop(.previous)))
        #expect(x.poll { tracker.currentDesktop == (start - 1 + count) % count })
        performer.perform(request(.desktop(.number(1))))
        #expect(x.poll { tracker.currentDesktop == 1 })
    }

    @Test func keysReachTheFocusedWindowWithTheRightCharactersAndNoKeyStaysDown() throws {
        let x = try XvfbSession()
        let performer = ActionPerformer(server: x.server)
        // As the daemon does when it loads a configuration: ê has no keycode in Xvfb's map,
        // so a spare one is bound ahead, before the window (any application) reads the map.
        #expect(performer.prepareKeys(["Shift_L", "a", "b", "Control_L", "c", "ecircumflex", "XF86AudioMute"]) == ["ecircumflex"])
        let w = try x.openWindow(class: "Editor", title: "editor")
        performer.perform(request(.window(.raise, window: UInt64(w.id))))
        #expect(w.output.wait { $0 == "focus-in" } != nil)
        for combo in ["shift+a", "b", "ctrl+c", "ecircumflex", "XF86AudioMute"] {
            guard case .success(let k) = KeyCombo.parse(combo) else { Issue.record("bad combo \(combo)"); continue }
            performer.perform(request(.keys(k)))
        }
        #expect(w.output.wait { $0 == "key ê ecircumflex" } != nil, "\(w.output.lines)")
        let keys = w.output.lines.filter { $0.hasPrefix("key ") }
        #expect(Array(keys.prefix(5)) == ["key - Shift_L", "key A A", "key b b", "key - Control_L", "key \u{3} c"])
        #expect(x.server.keycodesDown() == [])
        // The prepared binding stays while the configuration needs it; shutdown undoes it.
        #expect(x.server.keycode(forKeysym: UInt(Keysyms.byName["ecircumflex"]!)) != nil)
        performer.releaseTemporaryKeycodes()
        x.server.sync()
        #expect(x.server.keycode(forKeysym: UInt(Keysyms.byName["ecircumflex"]!)) == nil)
    }

    @Test func clickGoesToTheWindowAtTheGestureLocation() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Demo", title: "demo", geometry: "400x300+100+100")
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        ActionPerformer(server: x.server).perform(request(.click(button: 3, at: Point(x: frame.x + 50, y: frame.y + 60))))
        #expect(w.output.wait { $0 == "button-press 3 50 60" } != nil, "\(w.output.lines)")
        #expect(w.output.wait { $0 == "button-release 3 50 60" } != nil)
    }

    @Test func commandsRunWithoutAShellAndAreReaped() throws {
        let x = try XvfbSession()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-cmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let performer = ActionPerformer(server: x.server)
        let odd = dir.appendingPathComponent("a b; rm -rf x $(echo no)").path  // one argument, never parsed by a shell
        performer.perform(request(.command(["touch", odd])))
        performer.perform(request(.shell(script: "printf %s \"$TACTUS_WINDOW_TITLE\" > \"$OUT\"", environment: ["TACTUS_WINDOW_TITLE": "$(whoami); x", "OUT": dir.appendingPathComponent("env").path])))
        #expect(x.poll { FileManager.default.fileExists(atPath: odd) })
        #expect(x.poll { (try? String(contentsOfFile: dir.appendingPathComponent("env").path, encoding: .utf8)) == "$(whoami); x" })
        #expect(x.poll { performer.reapChildren(); return performer.runningChildren == 0 })
    }

    @Test func aWindowThatVanishesIsSurvived() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Gone", title: "gone")
        w.process.stop()
        let tracker = WindowTracker(server: x.server)
        #expect(x.poll { tracker.info(w.id) == nil })
        // Requests about it go out and fail quietly on the server: no crash, no exit.
        ActionPerformer(server: x.server).perform(request(.window(.toggleMaximize, window: UInt64(w.id))))
        x.server.sync()
        #expect(!tracker.clients().contains { $0.id == UInt64(w.id) })
    }

    /// Frame → WM_STATE: a point on a window's decorations belongs to that window; a point on
    /// the bare root to none.
    @Test func theClientUnderAPointIncludesItsDecorations() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Framed", title: "framed", geometry: "300x200+200+200")
        let tracker = WindowTracker(server: x.server)
        let frame = try #require(tracker.info(w.id)?.frame)
        let extents = try #require(x.server.numbers(w.id, "_NET_FRAME_EXTENTS"))
        #expect(extents.count == 4 && extents[2] > 0, "openbox gives the window a title bar: \(extents)")
        #expect(tracker.clientWindow(at: Point(x: frame.midX, y: frame.midY)) == w.id)
        let titleBar = Point(x: frame.midX, y: frame.y - Double(extents[2]) / 2)
        #expect(tracker.clientWindow(at: titleBar) == w.id)
        #expect(x.server.geometry(w.id).map { !$0.contains(titleBar) } == true, "the title bar is outside the client's geometry")
        #expect(tracker.clientWindow(at: Point(x: 5, y: 790)) == nil)
    }
}
