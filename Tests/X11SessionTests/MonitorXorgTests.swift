import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// Several monitors on a real Xorg (dummy video 1280×800, `inputtest` touches): two 640×800
/// monitors declared with `xrandr --setmonitor` over the dummy output's own, real touches,
/// the daemon's log read back. Issue 16.
@Suite(.serialized) struct MonitorXorgTests {
    static let edges = DaemonConfiguration.profiles("""
        - name: edges
          match: any
          gestures:
            - name: from-right
              edgePan: { edges: [right] }
              action: { log: "from the right of {monitor.name}" }
            - name: from-left
              edgePan: { edges: [left] }
              action: { log: "from the left of {monitor.name}" }
        - name: right-only
          match: { monitor: right }
          gestures:
            - name: tap-right
              tap: {}
              action: { log: "tap on {monitor.name}" }
        """)

    /// Runs `xrandr ARGUMENTS` on the display to its end.
    func xrandr(_ x: XvfbSession, _ arguments: String...) throws {
        let child = try Child(["xrandr"] + arguments, environment: ["PATH=/usr/bin:/bin", "DISPLAY=\(x.display)"], capture: true, captureErrors: true)
        guard child.output!.waitUntilFinished(), child.waitForExit(timeout: 5) == 0 else {
            throw FixtureError(description: "xrandr \(arguments.joined(separator: " ")) failed: \(child.output!.lines)")
        }
    }

    /// The left and right halves of the screen as monitors of their own.
    func declareHalves(_ x: XvfbSession) throws {
        try xrandr(x, "--setmonitor", "left", "640/169x800/212+0+0", "none")
        try xrandr(x, "--setmonitor", "right", "640/169x800/212+640+0", "none")
    }

    /// One finger dragged from `a` to `b` in 8 moves.
    func drag(_ d: InputTestDevice, id: UInt32, from a: Point, to b: Point) throws {
        try d.touch(.begin, id: id, at: a)
        for k in 1...8 {
            let f = Double(k) / 8
            usleep(15_000)
            try d.touch(.update, id: id, at: Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
        }
        try d.touch(.end, id: id, at: b)
    }

    func verdict(_ daemon: Child, touch id: Int) -> String? {
        daemon.output!.wait { $0.contains("\"kind\":\"touch\",\"id\":\(id),\"verdict\"") }
    }

    /// Waits for the event log's line of the action `log WORDS` (the debug log on stderr, a
    /// pipe of its own, says the same words, maybe first), so that ``actions(_:)`` has it.
    func fired(_ daemon: Child, _ words: String) -> Bool {
        daemon.output!.wait { $0.contains("\"kind\":\"action\"") && $0.contains("log \(words)") } != nil
    }

    func actions(_ daemon: Child) -> [String] {
        daemon.output!.lines.compactMap { line in
            guard line.contains("\"kind\":\"action\""), let r = line.range(of: "\"action\":\"log ") else { return nil }
            return String(line[r.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test func anEdgePanFromTheInnerEdgeOfEachMonitorFires() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        try declareHalves(x)
        let daemon = try x.startDaemon(config: Self.edges)
        #expect(daemon.output!.wait { $0.contains("monitor right added: 640x800+640+0") } != nil, "\(daemon.output!.lines.suffix(20))")
        // The right edge of the left monitor, then the left edge of the right one.
        try drag(touch, id: 1, from: Point(x: 638, y: 400), to: Point(x: 450, y: 400))
        #expect(verdict(daemon, touch: 1)?.contains("\"claimed\"") == true, "\(daemon.output!.lines.suffix(30))")
        try drag(touch, id: 2, from: Point(x: 642, y: 300), to: Point(x: 830, y: 300))
        #expect(verdict(daemon, touch: 2)?.contains("\"claimed\"") == true, "\(daemon.output!.lines.suffix(30))")
        #expect(fired(daemon, "from the left of right"), "\(daemon.output!.lines.suffix(40))")
        #expect(actions(daemon) == ["from the right of left", "from the left of right"])
    }

    @Test func aProfileLimitedToOneMonitorDoesNotFireOnTheOther() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        try declareHalves(x)
        let daemon = try x.startDaemon(config: Self.edges)
        #expect(daemon.output!.wait { $0.contains("monitor right added") } != nil)
        try touch.touch(.begin, id: 1, at: Point(x: 300, y: 400))
        try touch.touch(.end, id: 1, at: Point(x: 300, y: 400))
        #expect(verdict(daemon, touch: 1)?.contains("\"released\"") == true, "\(daemon.output!.lines.suffix(30))")
        try touch.touch(.begin, id: 2, at: Point(x: 900, y: 400))
        try touch.touch(.end, id: 2, at: Point(x: 900, y: 400))
        #expect(fired(daemon, "tap on right"), "\(daemon.output!.lines.suffix(30))")
        #expect(actions(daemon) == ["tap on right"])
    }

    @Test func aMonitorAddedOrRemovedWhileTheDaemonRunsIsPickedUp() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        let daemon = try x.startDaemon(config: Self.edges)
        // One monitor: x = 638 is the middle of the screen, no edge.
        try drag(touch, id: 1, from: Point(x: 638, y: 400), to: Point(x: 450, y: 400))
        #expect(verdict(daemon, touch: 1)?.contains("\"released\"") == true, "\(daemon.output!.lines.suffix(30))")
        try declareHalves(x)
        #expect(daemon.output!.wait { $0.contains("monitor right added: 640x800+640+0") } != nil, "\(daemon.output!.lines.suffix(20))")
        try drag(touch, id: 2, from: Point(x: 638, y: 400), to: Point(x: 450, y: 400))
        #expect(fired(daemon, "from the right of left"), "\(daemon.output!.lines.suffix(30))")
        try xrandr(x, "--delmonitor", "left")
        try xrandr(x, "--delmonitor", "right")
        #expect(daemon.output!.wait { $0.contains("monitor right removed") } != nil, "\(daemon.output!.lines.suffix(20))")
        try drag(touch, id: 3, from: Point(x: 638, y: 400), to: Point(x: 450, y: 400))
        #expect(verdict(daemon, touch: 3)?.contains("\"released\"") == true, "\(daemon.output!.lines.suffix(30))")
        #expect(actions(daemon) == ["from the right of left"])
    }

    @Test func recordWritesTheMonitorsAndTheirChanges() throws {
        let x = try XvfbSession(backend: .xorg)
        try xrandr(x, "--setmonitor", "left", "640/169x800/212+0+0", "none")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-monitors-\(UUID().uuidString).jsonl").path
        let recorder = try Child([x.tactusBinary, "record", "--display", x.display, "--verbose", path], environment: ["PATH=/usr/bin:/bin", "HOME=\(NSTemporaryDirectory())"],
                                 capture: true, captureErrors: true)
        #expect(recorder.output!.wait(timeout: 10) { $0.contains("running on") } != nil, "\(recorder.output!.lines)")
        try xrandr(x, "--delmonitor", "left")
        #expect(recorder.output!.wait { $0.contains("monitor left removed") } != nil, "\(recorder.output!.lines)")
        #expect(recorder.stop() == 0)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains { $0.contains("\"kind\":\"monitor\",\"name\":\"left\",\"frame\":[0,0,640,800]") }, "\(lines)")
        #expect(lines.contains { $0.contains("\"kind\":\"monitor\",\"name\":\"left\",\"removed\":true") }, "\(lines)")
        // The dummy output's own monitor, named after it.
        #expect(lines.contains { $0.contains("\"kind\":\"monitor\"") && $0.contains("\"outputs\":[\"DUMMY0\"]") }, "\(lines)")
    }

    @Test func aWindowProfileForOneMonitorAppliesToTheWindowsOnIt() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        try declareHalves(x)
        let onRight = try x.openWindow(class: "Slides", title: "on the right", geometry: "400x300+760+100", touch: true)
        let onLeft = try x.openWindow(class: "Slides", title: "on the left", geometry: "400x300+100+100", touch: true)
        let config = DaemonConfiguration.profiles("""
            - name: presenter
              match: { class: Slides, monitor: right }
              gestures:
                - name: next-slide
                  tap: {}
                  action: { log: "next slide on {monitor.name}" }
            """)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-monitors-\(UUID().uuidString).yaml").path
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let windows = try x.tactus(["windows", "--config", path])
        #expect(windows.lines.contains { $0.hasPrefix("0x" + String(onRight.id, radix: 16)) && $0.contains(" presenter ") }, "\(windows.lines)")
        #expect(windows.lines.contains { $0.hasPrefix("0x" + String(onLeft.id, radix: 16)) && $0.contains(" - ") }, "\(windows.lines)")

        let daemon = try x.startDaemon(config: config, configPath: path)
        let tracker = WindowTracker(server: x.server)
        let left = try #require(tracker.info(onLeft.id)?.frame), right = try #require(tracker.info(onRight.id)?.frame)
        try touch.touch(.begin, id: 1, at: Point(x: left.midX, y: left.midY))
        try touch.touch(.end, id: 1, at: Point(x: left.midX, y: left.midY))
        #expect(verdict(daemon, touch: 1)?.contains("\"released\"") == true, "\(daemon.output!.lines.suffix(30))")
        #expect(onLeft.output.wait { $0.hasPrefix("touch end") } != nil, "the window on the left gets its touch: \(onLeft.output.lines)")
        try touch.touch(.begin, id: 2, at: Point(x: right.midX, y: right.midY))
        try touch.touch(.end, id: 2, at: Point(x: right.midX, y: right.midY))
        #expect(fired(daemon, "next slide on right"), "\(daemon.output!.lines.suffix(30))")
        #expect(actions(daemon) == ["next slide on right"])
    }

    // MARK: Touchscreen mapping

    static let identity: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
    static let ontoRight: [Double] = [0.5, 0, 0.5, 0, 1, 0, 0, 0, 1]
    static let mapped = edges + "\nsettings:\n  touchscreens:\n    touch: { monitor: right }\n"

    func matrix(_ x: XvfbSession, _ id: Int32, is expected: [Double]) -> Bool {
        x.poll { x.server.transformationMatrix(device: id).map { TouchscreenPlacement.same($0, expected) } ?? false }
    }

    /// The `tactus devices` row of the device named `name`.
    func row(_ lines: [String], _ name: String) -> String? {
        lines.first { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.map(String.init) == name }
    }

    @Test func aTouchscreenIsMappedOntoItsMonitorWhileItIsThereAndGivenBackWhatItHad() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        try declareHalves(x)
        let devices = x.server.devices()
        let touchID = try #require(devices.first { $0.name == "touch" }?.id)
        let pointerID = try #require(devices.first { $0.name == "pointer" }?.id)
        // Unmapped, the touchscreen spans both monitors, and `tactus devices` says so.
        let before = try x.tactus(["devices"])
        #expect(row(before.lines, "touch")?.hasSuffix("touch gestures on all monitors") == true, "\(before.lines)")
        #expect(before.lines.contains { $0.hasPrefix("note: touchscreen \"touch\" spans all monitors") }, "\(before.lines)")
        // A matrix another program set on another device.
        let custom: [Double] = [0.5, 0, 0, 0, 0.5, 0, 0, 0, 1]
        x.server.setTransformationMatrix(device: pointerID, custom)

        let daemon = try x.startDaemon(config: Self.mapped)
        #expect(daemon.output!.wait { $0.contains("touchscreen \(touchID) mapped onto right (640x800+640+0)") } != nil, "\(daemon.output!.lines.suffix(20))")
        #expect(matrix(x, touchID, is: Self.ontoRight))
        // The device's left quarter now lands on the right monitor: its profile's tap fires there.
        try touch.touch(.begin, id: 1, at: Point(x: 300, y: 400))
        try touch.touch(.end, id: 1, at: Point(x: 300, y: 400))
        #expect(fired(daemon, "tap on right"), "\(daemon.output!.lines.suffix(20))")
        let during = try x.tactus(["devices"], runtime: daemon.runtimeDirectory)
        #expect(row(during.lines, "touch")?.hasSuffix("touch gestures on right") == true, "\(during.lines)")
        #expect(!during.lines.contains { $0.contains("spans all monitors") }, "\(during.lines.joined(separator: "\n"))")

        // The monitor goes: the touchscreen gets back the matrix it had; it comes back: mapped again.
        try xrandr(x, "--delmonitor", "right")
        #expect(daemon.output!.wait { $0.contains("touchscreen \(touchID): mapping removed, its matrix restored") } != nil, "\(daemon.output!.lines.suffix(20))")
        #expect(matrix(x, touchID, is: Self.identity))
        try xrandr(x, "--setmonitor", "right", "640/169x800/212+640+0", "none")
        #expect(x.poll { daemon.output!.lines.filter { $0.contains("touchscreen \(touchID) mapped onto right") }.count == 2 }, "\(daemon.output!.lines.suffix(20))")
        #expect(matrix(x, touchID, is: Self.ontoRight))

        // Stopping gives back what Tactus set, and only that.
        #expect(daemon.stop() == 0)
        #expect(matrix(x, touchID, is: Self.identity))
        #expect(matrix(x, pointerID, is: custom))
    }

    @Test func aMatrixChangedByHandWhileMappedIsLeftAsItIs() throws {
        let x = try XvfbSession(backend: .xorg)
        try declareHalves(x)
        let touchID = try #require(x.server.devices().first { $0.name == "touch" }?.id)
        let daemon = try x.startDaemon(config: Self.mapped)
        #expect(matrix(x, touchID, is: Self.ontoRight))
        // The user maps it by hand (xinput map-to-output would): not Tactus's to undo.
        let byHand: [Double] = [0.5, 0, 0, 0, 1, 0, 0, 0, 1]
        x.server.setTransformationMatrix(device: touchID, byHand)
        #expect(matrix(x, touchID, is: byHand))
        #expect(daemon.stop() == 0)
        #expect(matrix(x, touchID, is: byHand))
    }
}
