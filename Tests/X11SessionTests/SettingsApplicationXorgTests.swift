import Foundation
import Testing
@testable import GestureEngine
@testable import X11TestSupport

/// The settings application with real touches (Xorg with the dummy video and `inputtest`
/// input drivers), driven through AT-SPI by role and name: a gesture added by doing it while
/// the daemon runs, its action a shortcut recorded by pressing its keys on a keyboard.
@Suite(.serialized) struct SettingsApplicationXorgTests {
    /// Three fingers swiped up the screen, landing together.
    static func threeFingerSwipeUp(_ touch: InputTestDevice) throws {
        let start = [Point(x: 500, y: 600), Point(x: 580, y: 590), Point(x: 660, y: 600)]
        try touch.touches(start.enumerated().map { (.begin, UInt32($0.offset + 1), $0.element) })
        for step in 1...15 {
            usleep(8_000)
            try touch.touches(start.enumerated().map { (.update, UInt32($0.offset + 1), Point(x: $0.element.x, y: $0.element.y - 20 * Double(step))) })
        }
        try touch.touches(start.enumerated().map { (.end, UInt32($0.offset + 1), Point(x: $0.element.x, y: $0.element.y - 300)) })
    }

    @Test func aGestureIsAddedByDoingItWithAShortcutRecordedByPressingIt() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        defer { x.tearDown() }
        let keyboard = try InputTestDevice(path: x.deviceSockets["keyboard"]!)
        let app = try SettingsApplicationSession(display: x.display)
        defer { app.stop() }
        try SettingsApplicationXvfbTests.handWritten.write(toFile: app.userFile, atomically: true, encoding: .utf8)
        let daemon = try SettingsApplicationXvfbTests.startDaemon(x, app)
        try app.start()
        try app.select(page: "Everywhere")
        try app.click("push button", "Add gesture…")
        _ = try app.find("frame", "Add a gesture to Everywhere")
        try Self.threeFingerSwipeUp(touch)
        // What the daemon saw, offered in words.
        _ = try app.find("radio button", "Three fingers slide up")
        try app.click("radio button", "A keyboard shortcut")
        try app.click("push button", "Record shortcut")
        _ = try app.find("push button", "Press the keys…")
        // Ctrl+W on the keyboard: X keycodes 37 (Control_L) and 25 (w).
        try keyboard.key(37, pressed: true)
        try keyboard.key(25, pressed: true)
        try keyboard.key(25, pressed: false)
        try keyboard.key(37, pressed: false)
        _ = try app.find("push button", "Shortcut: Ctrl+W")
        try app.click("push button", "Add gesture")
        _ = try app.find("list item", "Three fingers slide up: Ctrl+W")
        try app.click("push button", "Save")
        #expect(daemon.output!.wait(timeout: 10) { $0.contains("configuration reloaded") } != nil, "the daemon reloads: \(daemon.output!.lines.suffix(5))")
        let saved = try String(contentsOfFile: app.userFile, encoding: .utf8)
        #expect(saved.contains("swipe: { direction: up, touches: 3 }") && saved.contains("keys: ctrl+w"), "the gesture in the file:\n\(saved)")
        // And the daemon now does it: the same swipe types Ctrl+W.
        let before = daemon.output!.lines.count
        try Self.threeFingerSwipeUp(touch)
        #expect(daemon.output!.wait(timeout: 10) { _ in daemon.output!.lines(from: before).contains { $0.contains("\"kind\":\"action\"") && $0.contains("keys Control_L+w") } } != nil,
                "the daemon fires the new gesture: \(daemon.output!.lines(from: before).filter { !$0.contains("debug") })\n\(saved)")
        // The thresholds page's try area says what the daemon decided, live.
        try app.select(page: "Thresholds")
        _ = try app.find("label", "Try it")
        try Self.threeFingerSwipeUp(touch)
        #expect(try app.poll { try app.texts("label").contains { $0.contains("three-fingers-slide-up") && $0.contains("recognized") } },
                "the try area: \((try? app.texts("label").filter { $0.contains("three") }) ?? [])")
    }
}

extension SettingsApplicationXorgTests {
    /// A touchpad gesture added by doing it on the touchpad (inputtest's XI 2.4 swipes): a
    /// three-finger swipe down, which the file's three-finger touchpad binding (up) lets the
    /// daemon follow; offered as a touchpad gesture and written under `touchpad:`.
    @Test func aTouchpadGestureIsAddedByDoingIt() throws {
        let (x, _) = try XvfbSession.withTouchscreen()
        defer { x.tearDown() }
        let touchpad = try InputTestDevice(path: x.deviceSockets["touchpad"]!)
        let app = try SettingsApplicationSession(display: x.display)
        defer { app.stop() }
        let file = SettingsApplicationXvfbTests.handWritten + """
                touchpad:
                  - name: tp-up
                    swipe: { fingers: 3, direction: up }
                    action: { window: toggle-maximize }

            """
        try file.write(toFile: app.userFile, atomically: true, encoding: .utf8)
        let daemon = try SettingsApplicationXvfbTests.startDaemon(x, app)
        try app.start()
        try app.select(page: "Everywhere")
        try app.click("push button", "Add gesture…")
        _ = try app.find("frame", "Add a gesture to Everywhere")
        try touchpad.swipe(.begin, fingers: 3)
        for _ in 0..<12 {
            usleep(8_000)
            try touchpad.swipe(.update, fingers: 3, dy: 25)
        }
        try touchpad.swipe(.end, fingers: 3)
        _ = try app.find("radio button", "Three fingers swipe down on the touchpad")
        try app.click("radio button", "Show desktop")
        try app.click("push button", "Add gesture")
        _ = try app.find("list item", "Three fingers swipe down on the touchpad: Show desktop")
        try app.click("push button", "Save")
        #expect(daemon.output!.wait(timeout: 10) { $0.contains("configuration reloaded") } != nil, "the daemon reloads")
        let saved = try String(contentsOfFile: app.userFile, encoding: .utf8)
        #expect(saved.hasPrefix(file.trimmingCharacters(in: .newlines)), "the person's text first:\n\(saved)")
        #expect(saved.contains("swipe: { fingers: 3, direction: down }") && saved.contains("action: { desktop: show }"), "the binding in the file:\n\(saved)")
    }
}
