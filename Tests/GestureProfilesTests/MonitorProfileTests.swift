import Testing
@testable import GestureEngine
@testable import GestureProfiles

/// Several monitors (issue 16): the screen's edges are each monitor's, a profile may be
/// limited to a monitor, windows match by the monitor they are on, `{monitor.*}` names it.
/// The layout is the issue's: a 1920×1080 laptop panel beside a 2560×1440 monitor.
@Suite struct MonitorProfileTests {
    static let panel = Monitor(name: "eDP-1", frame: Rect(x: 0, y: 0, width: 1920, height: 1080), primary: true, outputs: ["eDP-1"])
    static let external = Monitor(name: "HDMI-1", frame: Rect(x: 1920, y: 0, width: 2560, height: 1440), outputs: ["HDMI-1"])

    private func makeLive(_ yaml: String, monitors: [Monitor] = [panel, external]) throws -> Live {
        let live = try Live(yaml)
        live.runtime.setScreen(Rect(x: 0, y: 0, width: 4480, height: 1440))
        for m in monitors { live.runtime.updateMonitor(m) }
        return live
    }

    static let edges = """
        version: 1
        profiles:
          - name: desktop
            match: any
            gestures:
              - name: from-right
                edgePan: { edges: [right] }
                action: { log: "from the right of {monitor.name} ({monitor.width}x{monitor.height}+{monitor.x}+{monitor.y})" }
              - name: from-bottom
                edgePan: { edges: [bottom] }
                action: { log: "from the bottom of {monitor.name}" }
        """

    @Test func thePanelsRightAndBottomBezelsAreEdges() throws {
        let live = try makeLive(Self.edges)
        live.drag(1, from: Point(x: 1918, y: 500), to: Point(x: 1700, y: 500), start: 0, duration: 200)
        live.drag(2, from: Point(x: 900, y: 1078), to: Point(x: 900, y: 850), start: 1000, duration: 200)
        // The external monitor's own right edge, and its bottom (the root's).
        live.drag(3, from: Point(x: 4478, y: 500), to: Point(x: 4200, y: 500), start: 2000, duration: 200)
        live.drag(4, from: Point(x: 3000, y: 1438), to: Point(x: 3000, y: 1200), start: 3000, duration: 200)
        #expect(live.sink.lines == [
            "from-right ended: log from the right of eDP-1 (1920x1080+0+0)",
            "from-bottom ended: log from the bottom of eDP-1",
            "from-right ended: log from the right of HDMI-1 (2560x1440+1920+0)",
            "from-bottom ended: log from the bottom of HDMI-1",
        ])
    }

    @Test func withoutMonitorsOnlyTheRootsEdgesCount() throws {
        let live = try makeLive(Self.edges, monitors: [])
        live.drag(1, from: Point(x: 1918, y: 500), to: Point(x: 1700, y: 500), start: 0, duration: 200)
        live.drag(2, from: Point(x: 4478, y: 500), to: Point(x: 4200, y: 500), start: 1000, duration: 200)
        // No monitor: {monitor.*} is the screen, nameless.
        #expect(live.sink.lines == ["from-right ended: log from the right of  (4480x1440+0+0)"])
    }

    @Test func aMonitorUnpluggedTakesItsEdgesAway() throws {
        let live = try makeLive(Self.edges)
        live.runtime.removeMonitor(named: "HDMI-1")
        live.runtime.setScreen(Rect(x: 0, y: 0, width: 1920, height: 1080))
        live.drag(1, from: Point(x: 1918, y: 500), to: Point(x: 1700, y: 500), start: 0, duration: 200)
        #expect(live.sink.lines == ["from-right ended: log from the right of eDP-1 (1920x1080+0+0)"])
        #expect(live.engine.root.monitors == [Self.panel.frame])
    }

    static let limited = """
        version: 1
        profiles:
          - name: panel
            match: { monitor: eDP-1 }
            gestures:
              - name: panel-tap
                tap: {}
                action: { log: "tap on {monitor.name}" }
            regions:
              - name: corner
                frame: { right: 0, bottom: 0, width: 100, height: 100 }
                action: { log: "corner" }
          - name: big
            match: { monitor: /HDMI-.*/ }
            gestures:
              - name: big-swipe
                swipe: { direction: left, touches: 1 }
                action: { log: "swipe on {monitor.name}" }
        """

    @Test func aScreenProfileLimitedToAMonitorSeesOnlyTouchesStartingThere() throws {
        let live = try makeLive(Self.limited)
        #expect(live.runtime.configuration.profiles.allSatisfy { $0.appliesToScreen })
        live.tap(1, 500, 500, at: 0)
        live.tap(2, 2500, 500, at: 1000)
        live.drag(3, from: Point(x: 3000, y: 500), to: Point(x: 2700, y: 500), start: 2000, duration: 100)
        live.drag(4, from: Point(x: 1500, y: 500), to: Point(x: 1200, y: 500), start: 3000, duration: 100)
        live.drain()
        #expect(live.sink.lines == ["panel-tap recognized: log tap on eDP-1", "big-swipe recognized: log swipe on HDMI-1"])
    }

    @Test func aLimitedProfilesRegionsAreMeasuredFromItsMonitor() throws {
        let live = try makeLive(Self.limited)
        let corner = try #require(live.engine.root.subviews.first { $0.name == "corner" })
        #expect(corner.frame == Rect(x: 1820, y: 980, width: 100, height: 100))
        live.tap(1, 1870, 1030, at: 0)
        live.drain()
        #expect(live.sink.lines == ["corner recognized: log corner"])
        // The panel goes (the lid closed): its region with it.
        live.runtime.removeMonitor(named: "eDP-1")
        #expect(corner.isHidden)
        live.runtime.updateMonitor(Self.panel)
        #expect(!corner.isHidden && corner.frame == Rect(x: 1820, y: 980, width: 100, height: 100))
    }

    @Test func aMonitorIsNamedByItsOutputToo() throws {
        let declared = Monitor(name: "left-half", frame: Rect(x: 0, y: 0, width: 960, height: 1080), outputs: ["eDP-1"])
        let live = try makeLive(Self.limited, monitors: [declared, Self.external])
        live.tap(1, 500, 500, at: 0)
        live.drain()
        #expect(live.sink.lines == ["panel-tap recognized: log tap on left-half"])
    }

    static let windows = """
        version: 1
        profiles:
          - name: presenter
            match: { class: evince, monitor: HDMI-1 }
            gestures:
              - name: next-slide
                tap: {}
                action: { log: "next slide on {monitor.name}" }
          - name: reader
            match: { class: evince }
            gestures:
              - name: page
                tap: {}
                action: { log: "page" }
        """

    @Test func aWindowMatchesByTheMonitorItIsMostlyOn() throws {
        let live = try makeLive(Self.windows)
        #expect(!live.runtime.configuration.profiles[0].appliesToScreen)
        // Mostly on the external monitor: the presenter profile.
        live.runtime.updateWindow(WindowInfo(id: 5, windowClass: "Evince", frame: Rect(x: 1800, y: 0, width: 1000, height: 800)))
        #expect(live.engine.root.subviews.map(\.name) == ["presenter:5"])
        live.tap(1, 2200, 400, at: 0)
        live.drain()
        // Moved to the panel: the reader profile.
        live.runtime.updateWindow(WindowInfo(id: 5, windowClass: "Evince", frame: Rect(x: 100, y: 0, width: 1000, height: 800)))
        #expect(live.engine.root.subviews.map(\.name) == ["reader:5"])
        live.tap(2, 500, 400, at: 1000)
        live.drain()
        #expect(live.sink.lines == ["next-slide recognized: log next slide on HDMI-1 @5", "page recognized: log page @5"])
    }

    @Test func windowsMatchAgainWhenMonitorsChange() throws {
        let live = try makeLive(Self.windows)
        live.runtime.updateWindow(WindowInfo(id: 5, windowClass: "Evince", frame: Rect(x: 2000, y: 0, width: 1000, height: 800)))
        #expect(live.engine.root.subviews.map(\.name) == ["presenter:5"])
        live.runtime.removeMonitor(named: "HDMI-1")
        #expect(live.engine.root.subviews.map(\.name) == ["reader:5"])
        live.runtime.updateMonitor(Self.external)
        #expect(live.engine.root.subviews.map(\.name) == ["presenter:5"])
    }

    @Test func monitorPlaceholdersAndKeysAreChecked() {
        let unknown = ProfileLoader.load(yaml: """
            version: 1
            profiles:
              - name: p
                match: any
                gestures:
                  - name: t
                    tap: {}
                    action: { log: "{monitor.size}" }
            """, path: "t.yaml")
        #expect(unknown.file == nil)
        #expect(unknown.diagnostics.contains { $0.message.contains("monitor.size") })
        let badRegex = ProfileLoader.load(yaml: "version: 1\nprofiles:\n  - name: p\n    match: { monitor: \"/(/\" }\n    gestures: []\n", path: "t.yaml")
        #expect(badRegex.file == nil)
        #expect(badRegex.diagnostics.contains { $0.message.contains("bad regular expression") })
    }

    @Test func aShellActionSeesTheMonitorInItsEnvironment() throws {
        let live = try makeLive("""
            version: 1
            profiles:
              - name: p
                match: any
                gestures:
                  - name: t
                    tap: {}
                    action: { shell: "echo $TACTUS_MONITOR_NAME" }
            """)
        live.tap(1, 2500, 500, at: 0)
        live.drain()
        guard case .shell(_, let environment)? = live.sink.requests.first?.action else { Issue.record("no shell action"); return }
        #expect(environment["TACTUS_MONITOR_NAME"] == "HDMI-1")
        #expect(environment["TACTUS_MONITOR_WIDTH"] == "2560")
    }
}

/// `settings.touchscreens`: device names to monitors, and what is wrong with a bad entry.
@Suite struct TouchscreenSettingsTests {
    private func load(_ settings: String) -> ProfileLoader.Result {
        ProfileLoader.load(yaml: "version: 1\nsettings:\n  touchscreens:\n" + settings + "profiles: []\n", path: "t.yaml")
    }

    @Test func devicesMapOntoMonitorsInFileOrder() throws {
        let r = load("    \"ELAN Touchscreen\": { monitor: eDP-1 }\n    \"Wacom Pen\": { monitor: HDMI-1 }\n")
        let file = try #require(r.file, "\(r.diagnostics)")
        #expect(file.settings.touchscreens == [TouchscreenMapping(device: "ELAN Touchscreen", monitor: "eDP-1"),
                                               TouchscreenMapping(device: "Wacom Pen", monitor: "HDMI-1")])
    }

    @Test func aBadEntrySaysWhatIsWrongWhere() {
        let missing = load("    \"ELAN\": { }\n")
        #expect(missing.file == nil)
        #expect(missing.diagnostics.map(\.description).contains { $0.hasPrefix("t.yaml:4:") && $0.contains("needs a 'monitor'") })
        let typo = load("    \"ELAN\": { monitr: eDP-1 }\n")
        #expect(typo.diagnostics.map(\.description).contains { $0.contains("unknown key 'monitr'") && $0.contains("monitor") })
        let list = ProfileLoader.load(yaml: "version: 1\nsettings:\n  touchscreens: [eDP-1]\nprofiles: []\n", path: "t.yaml")
        #expect(list.diagnostics.map(\.description).contains { $0.contains("settings.touchscreens must be a mapping") })
    }
}
