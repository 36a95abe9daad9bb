import Foundation
import TestSupport
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces
@testable import X11Session
@testable import X11TestSupport

/// `tactus run` against Xvfb + openbox: the pointer trigger, keys reaching the focused
/// window, reload, a window vanishing mid-gesture, signals, the per-display lock, `record`.
@Suite(.serialized) struct DaemonXvfbTests {
    static let dragConfig = DaemonConfiguration.profiles(pointerTrigger: true, """
        - name: demo
          match: { class: Demo }
          gestures:
            - name: drag-right
              swipe: { direction: right }
              action: { keys: ctrl+c }
        """)

    func focus(_ x: XvfbSession, _ w: XvfbSession.TestWindow) {
        ActionPerformer(server: x.server).perform(ActionRequest(gesture: "t", state: .recognized, action: .window(.raise, window: UInt64(w.id)), window: nil, values: GestureValues(), time: .zero))
        _ = w.output.wait { $0 == "focus-in" }
    }

    @Test func aPointerDragFiresItsActionAndTheWindowNeverSeesThePress() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Demo", title: "demo", geometry: "400x300+100+100")
        focus(x, w)
        let daemon = try x.startDaemon(config: Self.dragConfig)
        x.pointerDrag(from: Point(x: 150, y: 200), by: Vector(dx: 20, dy: 0))
        #expect(daemon.output!.wait { $0.contains("\"kind\":\"action\",\"gesture\":\"drag-right\"") } != nil, "\(daemon.output!.lines)")
        #expect(w.output.wait { $0 == "key \u{3} c" } != nil, "\(w.output.lines)")
        #expect(daemon.output!.wait { $0.contains("\"id\":\"p3\",\"verdict\":\"claimed\"") } != nil)
        // Claimed: the press is never replayed nor given back, so the output read now is final.
        #expect(!w.output.lines.contains { $0.hasPrefix("button-press 3") || $0.hasPrefix("button-release 3") }, "\(w.output.lines)")
        #expect(x.server.keycodesDown() == [])
    }

    @Test func aPlainClickIsReplayedToTheWindowUnderIt() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Demo", title: "demo", geometry: "400x300+100+100")
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: Self.dragConfig)
        x.pointerClick(at: Point(x: frame.x + 50, y: frame.y + 100))
        #expect(w.output.wait { $0 == "button-press 3 50 100" } != nil, "\(w.output.lines)")
        #expect(w.output.wait { $0 == "button-release 3 50 100" } != nil, "\(w.output.lines)")
        #expect(daemon.output!.lines.contains { $0.contains("\"id\":\"p3\",\"verdict\":\"released\"") })
        // Exactly one press: the replay is not seen twice, and the grab is back for the next.
        #expect(w.output.lines.filter { $0.hasPrefix("button-press 3") }.count == 1)
        x.pointerDrag(from: Point(x: frame.x + 50, y: frame.y + 100), by: Vector(dx: 20, dy: 0))
        #expect(daemon.output!.wait { $0.contains("\"gesture\":\"drag-right\"") } != nil)
        #expect(w.output.lines.filter { $0.hasPrefix("button-press 3") }.count == 1)
    }

    @Test func aReloadWithABrokenFileKeepsTheOldBehaviour() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Demo", title: "demo", geometry: "400x300+100+100")
        focus(x, w)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-reload-\(UUID().uuidString).yaml").path
        let daemon = try x.startDaemon(config: Self.dragConfig, configPath: path)
        try "version: 1\nprofiles:\n  - name: demo\n    match: { clas: Demo }\n".write(toFile: path, atomically: true, encoding: .utf8)
        let complaint = daemon.output!.wait { $0.contains("keeping the configuration loaded before") }
        #expect(complaint != nil, "\(daemon.output!.lines)")
        #expect(daemon.output!.lines.contains { $0.contains("\(path):4:") && $0.contains("clas") }, "errors name FILE:LINE:COLUMN")
        x.pointerDrag(from: Point(x: 150, y: 200), by: Vector(dx: 20, dy: 0))
        #expect(w.output.wait { $0 == "key \u{3} c" } != nil, "the old profile still acts: \(w.output.lines)")
        // A valid file is taken, on SIGHUP as on a change.
        try Self.dragConfig.replacingOccurrences(of: "ctrl+c", with: "b").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(daemon.output!.wait { $0.contains("configuration reloaded") } != nil)
        x.pointerDrag(from: Point(x: 150, y: 250), by: Vector(dx: 20, dy: 0))
        #expect(w.output.wait { $0 == "key b b" } != nil, "\(w.output.lines)")
    }

    /// An editor's save reaches the daemon as several changes (Foundation's atomic write: a
    /// rename, then the close of the file): the same text again reloads nothing, so a gesture
    /// under way is not cut by a second reload.
    @Test func savingTheSameTextAgainReloadsNothing() throws {
        let x = try XvfbSession(windowManager: nil)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-same-\(UUID().uuidString).yaml").path
        let daemon = try x.startDaemon(config: Self.dragConfig, configPath: path)
        try Self.dragConfig.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(daemon.output!.wait { $0.contains("written again with the same text: not reloading") } != nil, "\(daemon.output!.lines.suffix(10))")
        // A new text is still taken.
        try Self.dragConfig.replacingOccurrences(of: "ctrl+c", with: "b").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(daemon.output!.wait { $0.contains("configuration reloaded") } != nil)
        #expect(daemon.stop(signal: SIGTERM) == 0)
        #expect(daemon.output!.lines.filter { $0.contains("configuration reloaded") }.count == 1, "one save, one reload: \(daemon.output!.lines.suffix(20))")
    }

    @Test func aWindowDestroyedMidGestureCausesNoCrashAndSigtermExitsCleanly() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Demo", title: "demo", geometry: "400x300+100+100")
        let daemon = try x.startDaemon(config: Self.dragConfig)
        x.pointerDrag(from: Point(x: 150, y: 200), by: Vector(dx: 2, dy: 0), steps: 3, release: false)
        w.process.stop()
        x.pointerMove(through: (1...10).map { Point(x: 160 + Double($0) * 20, y: 200) })
        x.pointerRelease()
        // Every touch got its verdict; the daemon lives on (it answers SIGTERM with 0).
        #expect(daemon.output!.wait { $0.contains("\"id\":\"p3\",\"verdict\"") } != nil)
        #expect(daemon.isRunning, "\(daemon.output!.lines.suffix(20))")
        #expect(daemon.stop(signal: SIGTERM) == 0)
        #expect(x.server.keycodesDown() == [])
    }

    @Test func afterSigtermTheButtonIsNoLongerGrabbedAndOneDaemonPerDisplay() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Demo", title: "demo", geometry: "400x300+100+100")
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: Self.dragConfig)
        // A second daemon on the same display is refused, with the first one's pid.
        let second = try Child([BuiltProducts.executable("tactus"), "run", "--display", x.display],
                               environment: ["PATH=/usr/bin:/bin", "HOME=/nonexistent", "XDG_RUNTIME_DIR=\(daemon.runtimeDirectory ?? "")"],
                               capture: true, captureErrors: true)
        #expect(second.output!.wait { $0.contains("already running on display") && $0.contains("pid \(daemon.pid)") } != nil, "\(second.output!.lines)")
        #expect(second.waitForExit(timeout: 5) == Daemon.alreadyRunningStatus)
        #expect(daemon.stop(signal: SIGINT) == 0)
        x.pointerDrag(from: Point(x: frame.x + 10, y: frame.y + 10), by: Vector(dx: 20, dy: 0))
        #expect(w.output.wait { $0.hasPrefix("button-press 3 10 10") } != nil, "the press goes straight to the window: \(w.output.lines)")
    }

    @Test func recordWritesATraceThatReplayReproduces() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Demo", title: "demo", geometry: "400x300+100+100")
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-rec-\(UUID().uuidString).jsonl").path
        let binary = BuiltProducts.executable("tactus")
        let recorder = try Child([binary, "record", "--display", x.display, "--verbose", trace], environment: ["PATH=/usr/bin:/bin", "HOME=/nonexistent"], capture: true, captureErrors: true)
        #expect(recorder.output!.wait { $0.contains("running on") } != nil, "\(recorder.output!.lines)")
        // The recorder reads the pointer's position when it handles each raw event: each event
        // is injected once the one before is in the trace (lines are written at once), so the
        // positions are exact whatever the machine's load.
        func recorded() -> Int { ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").components(separatedBy: "\"kind\":\"pointer\"").count - 1 }
        let start = Point(x: frame.x + 50, y: frame.y + 100)
        x.server.fakeMotion(to: start)
        x.server.sync()
        let steps: [() -> Void] = [{ x.server.fakeButton(1, pressed: true) }]
            + (1...10).map { i in { x.server.fakeMotion(to: Point(x: start.x + 20 * Double(i), y: start.y)) } }
            + [{ x.server.fakeButton(1, pressed: false) }]
        for (n, step) in steps.enumerated() {
            step()
            x.server.sync()
            #expect(x.poll { recorded() == n + 1 }, "event \(n + 1) is recorded")
        }
        #expect(recorder.stop(signal: SIGINT) == 0)
        // The application got its input: nothing was grabbed.
        #expect(w.output.wait { $0.hasPrefix("button-press 1 50 100") } != nil, "\(w.output.lines)")
        let lines = try TraceReader.read(path: trace, screen: (1280, 800))
        #expect(lines.contains { if case .window(let u) = $0.event { return u.id == UInt64(w.id) && u.windowClass == "Demo" }; return false })
        let pointer = lines.compactMap { l -> String? in if case .pointer(let p, let b, let at, _) = l.event { return "\(p.rawValue) \(b.map(String.init) ?? "-") \(Int(at.x)),\(Int(at.y))" }; return nil }
        #expect(pointer.first == "down 1 \(Int(frame.x) + 50),\(Int(frame.y) + 100)")
        #expect(pointer.last == "up 1 \(Int(frame.x) + 250),\(Int(frame.y) + 100)")
        #expect(pointer.count == 12)
        // Replayed with a profile that has a drag on that window class, it fires (a pan: the
        // recording's pace is the test's, which a swipe's speed limits would judge).
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-rec-\(UUID().uuidString).yaml").path
        try Self.dragConfig.replacingOccurrences(of: "swipe: { direction: right }", with: "pan: {}").write(toFile: config, atomically: true, encoding: .utf8)
        let replay = try Child([binary, "replay", "--config", config, trace], environment: ["PATH=/usr/bin:/bin"], capture: true, captureErrors: true)
        #expect(replay.output!.wait { $0.contains("\"gesture\":\"drag-right\"") } != nil, "\(replay.output!.lines)")
        #expect(replay.waitForExit(timeout: 10) == 0)
    }

    @Test func recordStrokeWritesATemplateFileTheProfilesAccept() throws {
        let x = try XvfbSession()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-stroke-\(UUID().uuidString).txt").path
        let binary = BuiltProducts.executable("tactus")
        let recorder = try Child([binary, "record", "--display", x.display, "--stroke", "vee", file], environment: ["PATH=/usr/bin:/bin", "HOME=/nonexistent"], capture: true, captureErrors: true)
        #expect(recorder.output!.wait { $0.contains("running on") } != nil)
        // A "V": down-right, then up-right, with button 1 held.
        x.pointerPress(button: 1, at: Point(x: 300, y: 300))
        for i in 1...20 {
            let p = i <= 10 ? Point(x: 300 + Double(i) * 10, y: 300 + Double(i) * 20) : Point(x: 400 + Double(i - 10) * 10, y: 500 - Double(i - 10) * 20)
            x.pointerMove(through: [p])
            usleep(5_000)
        }
        x.pointerRelease(button: 1)
        #expect(recorder.output!.wait { $0.contains("points written to \(file)") } != nil, "\(recorder.output!.lines)")
        #expect(recorder.waitForExit(timeout: 5) == 0, "record --stroke exits by itself after one stroke")
        // The pointer's position is read when each raw event is handled, so points may be
        // merged or shifted by the daemon's lag: the shape is what must be there.
        let points = try #require(parseStrokePoints(try String(contentsOfFile: file, encoding: .utf8)))
        func near(_ p: Point?, _ q: Point) -> Bool { p.map { abs($0.x - q.x) <= 25 && abs($0.y - q.y) <= 45 } ?? false }
        #expect(points.count >= 8, "\(points)")
        #expect(near(points.first, Point(x: 300, y: 300)), "\(points)")
        #expect(near(points.last, Point(x: 500, y: 300)), "\(points)")
        #expect(points.contains { near($0, Point(x: 400, y: 500)) }, "\(points)")
        let yaml = "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - name: v\n        stroke: { templates: [{ name: vee, file: \(file) }] }\n        action: { log: v }\n"
        #expect(ProfileLoader.load(yaml: yaml, path: "/tmp/x.yaml").file != nil)
    }

    @Test func losingTheXServerExitsWithStatus3AndSaysWhy() throws {
        let x = try XvfbSession(windowManager: nil)
        let daemon = try x.startDaemon(config: Self.dragConfig)
        x.killServer()
        #expect(daemon.waitForExit(timeout: 5) == 3)
        #expect(daemon.output!.wait { $0 == "tactus: lost the connection to the X server \(x.display) (the server exited or the session ended)" } != nil, "\(daemon.output!.lines.suffix(5))")
    }

    @Test func aWaylandSessionWithoutXIsAClearError() throws {
        let x = try XvfbSession(windowManager: nil)
        // No DISPLAY, a Wayland socket name: the session has no X server for Tactus.
        let child = try Child([x.tactusBinary, "run"], environment: ["PATH=/usr/bin:/bin", "WAYLAND_DISPLAY=wayland-0", "XDG_RUNTIME_DIR=/tmp"],
                              capture: true, captureErrors: true)
        #expect(child.output!.waitUntilFinished())
        #expect(child.waitForExit(timeout: 5) == 1)
        #expect(child.output!.lines == ["tactus: this is a Wayland session (WAYLAND_DISPLAY=wayland-0) without an X display: Tactus is an X11 client and needs DISPLAY (log in to an X11 session, or use XWayland for X applications only)"])
        // And with neither: what to do.
        let bare = try Child([x.tactusBinary, "run"], environment: ["PATH=/usr/bin:/bin"], capture: true, captureErrors: true)
        #expect(bare.output!.waitUntilFinished())
        #expect(bare.waitForExit(timeout: 5) == 1)
        #expect(bare.output!.lines == ["tactus: DISPLAY is not set: start Tactus inside an X session, or pass --display :0"])
    }

    /// A screen gesture on a window's title bar acts on that window: the target comes from
    /// the server (frame → WM_STATE), not from the client geometry, which excludes the bar.
    @Test func aScreenGestureOnATitleBarActsOnThatWindow() throws {
        let x = try XvfbSession()
        let below = try x.openWindow(class: "Below", title: "below", geometry: "600x500+50+50")
        let w = try x.openWindow(class: "Framed", title: "framed", geometry: "300x200+200+250")
        let tracker = WindowTracker(server: x.server)
        let frame = try #require(tracker.info(w.id)?.frame)
        let top = try #require(x.server.numbers(w.id, "_NET_FRAME_EXTENTS")?[2])
        let config = DaemonConfiguration.desktop(pointerTrigger: true, gestures: """
            - name: maximize
              swipe: { direction: right }
              action: { window: toggle-maximize }
            """)
        let daemon = try x.startDaemon(config: config)
        // Along the title bar (the window below is under it geometrically).
        x.pointerDrag(from: Point(x: frame.x + 20, y: frame.y - Double(top) / 2), by: Vector(dx: 15, dy: 0))
        #expect(daemon.output!.wait { $0.contains("\"action\":\"window toggle-maximize\",\"window\":\(w.id)") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { tracker.states(w.id).contains("_NET_WM_STATE_MAXIMIZED_VERT") })
        #expect(!tracker.states(below.id).contains("_NET_WM_STATE_MAXIMIZED_VERT"))
    }
}
