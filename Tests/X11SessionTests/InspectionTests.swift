import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces
@testable import X11Session
@testable import X11TestSupport

/// `tactus windows`, `devices` and `monitor` against real servers: Xvfb + openbox (windows,
/// the pointer trigger, the XTest devices) and Xorg + inputtest (a real touchscreen and
/// touchpad).
@Suite(.serialized) struct InspectionXvfbTests {
    static let config = DaemonConfiguration.desktop(pointerTrigger: true, gestures: """
        - name: screen-swipe
          swipe: { direction: left, touches: 3 }
          action: { log: "screen swipe" }
        """, otherProfiles: """
        - name: editor
          match: { class: Editor }
          gestures:
            - name: drag-right
              swipe: { direction: right }
              action: { keys: ctrl+c }
        - name: docs
          match: { title: "/manual/" }
          gestures:
            - name: drag-left
              swipe: { direction: left }
              action: { keys: ctrl+v }
        """)

    func writeConfig() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-inspect-\(UUID().uuidString).yaml").path
        try Self.config.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func windowsListsEachWindowWithTheProfileItMatches() throws {
        let x = try XvfbSession()
        let editor = try x.openWindow(class: "Editor", title: "notes.txt", geometry: "300x200+50+50")
        // The browser's program selects touch events, the others none.
        let docs = try x.openWindow(class: "Browser", title: "The manual — Browser", geometry: "300x200+400+50", touch: true)
        let plain = try x.openWindow(class: "Plain", title: "plain", geometry: "300x200+50+400")
        let config = try writeConfig()
        let (status, lines) = try x.tactus(["windows", "--config", config])
        #expect(status == 0, "\(lines)")
        // Top of the stack first: the last window opened is on top and focused.
        let hex = { (w: XvfbSession.TestWindow) in "0x" + String(w.id, radix: 16) }
        let rows = lines.dropFirst().prefix(3).map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true) == ["WINDOW", "CLASS", "INSTANCE", "TYPE", "PROFILE", "TOUCH", "TITLE"])
        #expect(rows.count == 3)
        #expect(rows[0] == [hex(plain) + "*", "Plain", "plain", "normal", "-", "mouse", "plain"], "\(lines)")
        #expect(rows[1] == [hex(docs), "Browser", "browser", "normal", "docs", "own", "The", "manual", "—", "Browser"], "\(lines)")
        #expect(rows[2] == [hex(editor), "Editor", "editor", "normal", "editor", "mouse", "notes.txt"], "\(lines)")
        #expect(lines.contains("screen profiles (match: any, under every window): desktop"), "\(lines)")

        let json = try x.tactus(["windows", "--config", config, "--format", "json"])
        #expect(json.status == 0)
        let objects = try json.lines.map { try JSONValue.parse(Substring($0)) }
        #expect(objects.count == 4, "three windows, then the window manager: \(json.lines)")
        if case .object(let o) = objects.last, case .object(let wm)? = o["windowManager"] {
            #expect(wm["name"] == .string("Openbox") && wm["speaksThrough"] == .string("EWMH requests"), "\(wm)")
        } else {
            Issue.record("no window manager line: \(json.lines)")
        }
        if case .object(let o) = objects[1] {
            #expect(o["id"] == .number(Double(docs.id)))
            #expect(o["profile"] == .string("docs"))
            #expect(o["title"] == .string("The manual — Browser"))
            #expect(o["focused"] == .bool(false))
            #expect(o["touch"] == .string("own") && o["touchSource"] == .string("server"))
        } else {
            Issue.record("not an object: \(objects[1])")
        }
        if case .object(let o) = objects[0] { #expect(o["profile"] == .null && o["focused"] == .bool(true)) }
    }

    @Test func windowsSaysWhenNoWindowManagerRuns() throws {
        let x = try XvfbSession(windowManager: nil)
        let (status, lines) = try x.tactus(["windows", "--config", try writeConfig()])
        #expect(status == 0)
        #expect(lines.contains { $0.hasPrefix("note: no EWMH window manager is running") }, "\(lines)")
    }

    @Test func devicesNamesTheXTestDevicesTheTriggerAndWhatIsMissing() throws {
        let x = try XvfbSession()
        let config = try writeConfig()
        let (status, lines) = try x.tactus(["devices", "--config", config])
        #expect(status == 0, "\(lines)")
        func row(_ name: String) -> String? { lines.first { $0.contains(name) } }
        #expect(row("Virtual core pointer")?.hasSuffix("pointer trigger (button 3)") == true, "\(lines)")
        #expect(row("Virtual core XTEST keyboard")?.hasSuffix("key actions (XTest)") == true, "\(lines)")
        #expect(row("Xvfb keyboard")?.hasSuffix(" -") == true, "\(lines)")
        #expect(lines.contains("note: XInput 2.4"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("note: no touchscreen: touch gestures get no input") })
        #expect(!lines.contains { $0.contains("held by another client") }, "the grab is free: \(lines)")

        // With a daemon running, the grab is Tactus's own and the note says whose.
        let daemon = try x.startDaemon(config: Self.config)
        let again = try x.tactus(["devices", "--config", config], runtime: daemon.runtimeDirectory)
        #expect(again.lines.contains { $0.hasPrefix("note: tactus run is running on this display (pid \(daemon.pid))") }, "\(again.lines)")
        // Another client (not Tactus) holding the grab is named as such.
        let other = try x.tactus(["devices", "--config", config])
        #expect(other.lines.contains { $0.hasPrefix("note: the touch grab on the root window is held by another client") }, "\(other.lines)")
    }

    @Test func monitorShowsTouchesStatesVerdictsAndActionsOfTheRunningDaemon() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Editor", title: "notes.txt", geometry: "400x300+100+100")
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: Self.config)
        let text = try x.startMonitor(for: daemon)
        let json = try x.startMonitor(for: daemon, arguments: ["--log", "json"])
        #expect(text.output!.lines.first?.hasPrefix("         s  kind     subject") == true, "\(text.output!.lines)")
        #expect(text.output!.lines.contains { $0.hasPrefix("tactus \(Daemon.version) on \(x.display) (pid \(daemon.pid)):") && $0.hasSuffix("3 profiles, touch owner") }, "\(text.output!.lines)")

        // A drag to the right with the trigger button over the editor.
        let start = Point(x: frame.x + 50, y: frame.y + 100)
        x.pointerDrag(from: start, to: Point(x: start.x + 200, y: start.y), steps: 10)

        #expect(text.output!.wait { $0.contains("action") && $0.contains("keys Control_L+c") } != nil, "\(text.output!.lines)")
        // The story ends with the gesture reset.
        #expect(text.output!.wait { $0.contains("state") && $0.contains("(reset)") } != nil, "\(text.output!.lines)")
        // The story in order, without times: the press lands in the editor's view, the drag
        // gesture begins and is recognized, the press is claimed, the action fires.
        let story = text.output!.lines.compactMap { line -> String? in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ")
            if columns.hasPrefix("pointer button 3 down") || columns.hasPrefix("state drag-right") || columns.hasPrefix("verdict touch p3") || columns.hasPrefix("action drag-right") {
                // How long the press was held depends on the machine: keep that it was said.
                return columns.replacingOccurrences(of: #"after [0-9.]+ ms"#, with: "after N ms", options: .regularExpression)
            }
            return nil
        }
        let view = "screen/editor:\(w.id)"
        let down = "pointer button 3 down at \(Int(start.x)),\(Int(start.y)) in Editor (0x\(String(w.id, radix: 16))) view \(view)"
        #expect(story == [
            down,
            "state drag-right possible -> recognized \(view)",
            "verdict touch p3 claimed after N ms by drag-right",
            "action drag-right keys Control_L+c recognized on 0x\(String(w.id, radix: 16))",
            "state drag-right recognized -> possible (reset) \(view)",
        ], "\(text.output!.lines)")
        // Moves are left out unless asked for.
        #expect(!text.output!.lines.contains { $0.contains("motion") })

        // The JSON stream carries the same, as lines a program reads.
        #expect(json.output!.wait { $0.contains("\"kind\":\"action\",\"gesture\":\"drag-right\"") } != nil, "\(json.output!.lines)")
        #expect(json.output!.lines.contains { $0.hasPrefix("{\"kind\":\"hello\"") })
        #expect(json.output!.lines.contains { $0.contains("\"kind\":\"pointer\",\"phase\":\"down\",\"button\":3") && $0.contains("\"class\":\"Editor\"") && $0.contains("\"view\":\"\(view)\"") })
        #expect(json.output!.lines.contains { $0.contains("\"kind\":\"pointer\",\"phase\":\"motion\"") }, "the JSON stream has every move")

        // A window opened while the monitor watches: its first line names the profile it matched.
        let later = try x.openWindow(class: "Viewer", title: "the manual", geometry: "300x200+600+100")
        #expect(json.output!.wait { $0.contains("\"kind\":\"window\",\"id\":\(later.id),") } != nil, "\(json.output!.lines.suffix(5))")
        #expect(json.output!.lines.first { $0.contains("\"kind\":\"window\",\"id\":\(later.id),") }?.contains("\"profile\":\"docs\"") == true,
                "\(json.output!.lines.suffix(5))")

        // The monitor ends when the daemon does, and says so.
        daemon.stop()
        #expect(text.waitForExit(timeout: 5) == 0)
        #expect(text.output!.wait { $0 == "tactus: the daemon stopped" } != nil)
    }

    @Test func monitorWithoutADaemonSaysHowToStartOne() throws {
        let x = try XvfbSession(windowManager: nil)
        let (status, lines) = try x.tactus(["monitor"])
        #expect(status == 1)
        #expect(lines.contains { $0.hasPrefix("tactus: no tactus daemon is running on display \(x.display)") && $0.hasSuffix("start one with 'tactus run' or 'systemctl --user start tactus'") }, "\(lines)")
    }

    @Test func aSecondDaemonFromAutostartLeavesTheFirstQuietly() throws {
        let x = try XvfbSession(windowManager: nil)
        let daemon = try x.startDaemon(config: Self.config)
        let config = try writeConfig()
        let plain = try x.tactus(["run", "--config", config], runtime: daemon.runtimeDirectory)
        #expect(plain.status == Daemon.alreadyRunningStatus)
        #expect(plain.lines.contains { $0.contains("already running on display \(x.display) (pid \(daemon.pid))") }, "\(plain.lines)")
        let autostart = try x.tactus(["run", "--autostart", "--config", config], runtime: daemon.runtimeDirectory)
        #expect(autostart.status == 0, "\(autostart.lines)")
        #expect(daemon.isRunning)
    }
}

/// The same tools on a real Xorg with inputtest devices: a direct-touch screen, a touchpad
/// with the XI 2.4 gesture class.
@Suite(.serialized) struct InspectionXorgTests {
    static let config = DaemonConfiguration.desktop(gestures: """
        - name: tap
          tap: {}
          action: { log: "tapped" }
        """, touchpad: """
        - name: tp-left
          swipe: { fingers: 3, direction: left }
          action: { log: "touchpad swipe left" }
        """)

    @Test func devicesShowsTheTouchscreenAndTheTouchpadAndWhatTactusDoesWithThem() throws {
        let x = try XvfbSession(backend: .xorg)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-xorg-\(UUID().uuidString).yaml").path
        try Self.config.write(toFile: path, atomically: true, encoding: .utf8)
        let (status, lines) = try x.tactus(["devices", "--config", path])
        #expect(status == 0, "\(lines)")
        let touch = try #require(lines.first { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first == "touch" })
        #expect(touch.contains("touchscreen (") && touch.hasSuffix("touch gestures"), "\(lines)")
        let pad = try #require(lines.first { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first == "touchpad" })
        #expect(pad.contains("touchpad gestures (") && pad.hasSuffix("touchpad bindings"), "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("note: no touchscreen") }, "\(lines)")

        let json = try x.tactus(["devices", "--config", path, "--format", "json"])
        let touchObject = try #require(json.lines.first { $0.contains("\"name\":\"touch\"") })
        #expect(touchObject.contains("\"touch\":\"direct\"") && touchObject.contains("\"usedFor\":\"touch gestures\""), "\(touchObject)")
    }

    @Test func monitorShowsARealTouchWithItsWindowViewAndVerdict() throws {
        let (x, device) = try XvfbSession.withTouchscreen()
        let w = try x.openWindow(class: "Plain", title: "plain", geometry: "400x300+100+100", touch: true)
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: Self.config)
        let monitor = try x.startMonitor(for: daemon)
        let p = Point(x: frame.x + 100, y: frame.y + 100)
        try device.touches([(.begin, 1, p), (.end, 1, p)])
        #expect(monitor.output!.wait { $0.contains("log tapped") } != nil, "\(monitor.output!.lines)")
        let began = try #require(monitor.output!.lines.first { $0.contains("touch") && $0.contains("1 began") })
        #expect(began.contains("in Plain (0x\(String(w.id, radix: 16)))  view screen/window:\(w.id)"), "\(began)")
        #expect(monitor.output!.lines.contains { $0.contains("verdict") && $0.contains("touch 1") && $0.contains("claimed") }, "\(monitor.output!.lines)")
    }
}
