import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// `XlibServer.touchSelectedByAnotherClient(in:)` against real programs (Debian's packages) on
/// Xorg with the dummy video and `inputtest` input drivers: the server has a touchscreen, so
/// the toolkits that select touch only when one exists do. Each program's client window (the
/// one with `WM_STATE`) is asked once the window manager manages it mapped. What a toolkit
/// selects, and on which device id (found with this server): GTK 3, Qt 5 and Firefox with
/// XInput 2 select XIAllMasterDevices on the client window (Firefox also on a window
/// below it), Chromium XIAllDevices; xterm, Tk, GTK 2 and Firefox without XInput 2 select none.
/// The probe must leave nothing behind: a second connection asking after it gets the same
/// answer, and a program that takes touches still gets them afterwards.
@Suite(.serialized) struct TouchSelectionXorgTests {
    /// One Xorg with openbox and a touchscreen, and the programs started on it, each with an
    /// empty home of its own; everything is stopped when it is released.
    final class Desk {
        let x: XvfbSession
        let scratch: String
        private var programs: [Child] = []
        private var homes = 0

        init() throws {
            x = try XvfbSession(backend: .xorg)
            scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-touch-selection-\(UUID().uuidString.prefix(8))").path
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        }

        deinit {
            for p in programs { p.stop(timeout: 5) }
            x.tearDown()
            try? FileManager.default.removeItem(atPath: scratch)
        }

        var server: XlibServer { x.server }

        /// Starts `argv` in a process group of its own (stopping it stops the helper processes
        /// a browser starts), with `environment` added to a plain X11 session's.
        func start(_ argv: [String], environment extra: [String] = []) throws -> Child {
            homes += 1
            let home = "\(scratch)/home-\(homes)", runtime = "\(scratch)/runtime-\(homes)"
            for path in [home, runtime] {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            let environment = ["PATH=/usr/bin:/bin", "DISPLAY=\(x.display)", "HOME=\(home)", "XDG_RUNTIME_DIR=\(runtime)", "LANG=C.UTF-8",
                               "NO_AT_BRIDGE=1", "GSETTINGS_BACKEND=memory", "GDK_BACKEND=x11", "QT_QPA_PLATFORM=xcb"] + extra
            let group = ["setsid", "sh", "-c", "trap 'trap - TERM; kill 0' TERM; \"$0\" \"$@\" & wait"]
            let child = try Child(group + argv, environment: environment, capture: true, captureErrors: true)
            programs.append(child)
            return child
        }

        /// Waits until the window manager manages a mapped client window whose WM_CLASS
        /// (instance, class) and title `match` accepts: that window and how long it took.
        func client(timeout: Double = 60, _ match: (_ instance: String, _ windowClass: String, _ title: String) -> Bool) throws -> (id: XWindowID, seconds: Double) {
            let started = Date()
            var found: XWindowID?
            _ = x.poll(timeout: timeout) {
                found = (server.numbers(server.root, "_NET_CLIENT_LIST") ?? []).map { XWindowID($0) }.first { id in
                    let hint = server.classHint(id)
                    let title = server.text(id, "_NET_WM_NAME") ?? server.text(id, "WM_NAME") ?? ""
                    return match(hint?.instance ?? "", hint?.windowClass ?? "", title) && server.isMapped(id)
                }
                return found != nil
            }
            guard let found else { throw FixtureError(description: "no such window appeared in \(timeout) s") }
            return (found, Date().timeIntervalSince(started))
        }

        /// Starts a program, waits for its window and asks about it, from this connection and
        /// then from a new one (a probe that left a selection behind would make the second
        /// answer true). Returns the answers, the window and the time the window took.
        func ask(_ argv: [String], environment: [String] = [], _ match: (String, String, String) -> Bool) throws -> (answers: [Bool?], window: XWindowID, seconds: Double, program: Child) {
            let program = try start(argv, environment: environment)
            let (window, seconds) = try client(match)
            let first = server.touchSelectedByAnotherClient(in: window)
            let other = try XlibServer(display: x.display)
            let second = other.touchSelectedByAnotherClient(in: window)
            let third = server.touchSelectedByAnotherClient(in: window)
            return ([first, second, third], window, seconds, program)
        }

        /// How many windows the probe asks about `window` when no selection stops it early: its
        /// tree, breadth first, at most the probe's limit.
        func treeSize(_ window: XWindowID) -> Int {
            var queue = [window]
            var next = 0
            while next < queue.count, next < XlibServer.touchProbeWindowLimit {
                queue += server.children(of: queue[next])
                next += 1
            }
            return min(queue.count, XlibServer.touchProbeWindowLimit)
        }

        /// The probe's cost on `window`: `count` probes, the median and the fastest in µs.
        func cost(_ window: XWindowID, count: Int = 200) -> (median: Double, fastest: Double) {
            var times: [Double] = []
            for _ in 0..<count {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = server.touchSelectedByAnotherClient(in: window)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
            }
            times.sort()
            return (times[times.count / 2], times[0])
        }

        /// Whether another client can make a round trip within 10 s: the server is not left
        /// grabbed.
        func serverAnswersOthers() throws -> Bool {
            let tool = try Child(["xprop", "-display", x.display, "-root", "_NET_SUPPORTED"], environment: ["PATH=/usr/bin:/bin"], capture: false)
            guard let status = tool.waitForExit(timeout: 10) else {
                tool.stop(signal: SIGKILL)
                return false
            }
            return status == 0
        }

        /// A tap at `p` with the inputtest touchscreen (down, then up), once `window` is what
        /// is there (openbox shows the desktop's name over the middle of the screen for a
        /// moment after the fixture switches desktops).
        func tap(_ touch: InputTestDevice, at p: Point, on window: XWindowID) throws {
            let tracker = WindowTracker(server: server)
            guard x.poll(timeout: 10, { tracker.clientWindow(at: p) == window }) else {
                throw FixtureError(description: "window \(window) is not what is at \(p)")
            }
            try touch.touches([(.begin, 1, p)])
            try touch.touches([(.end, 1, p)])
        }
    }

    static func summary(_ name: String, _ r: (answers: [Bool?], window: XWindowID, seconds: Double, program: Child)) -> String {
        "\(name): window 0x\(String(r.window, radix: 16)) up in \(String(format: "%.2f", r.seconds)) s, answers \(r.answers.map { $0.map(String.init) ?? "nil" })"
    }

    @Test func tactusTestWindowWithAndWithoutTouch() throws {
        let desk = try Desk()
        let plain = try desk.x.openWindow(class: "Plain", title: "no touch", geometry: "300x200+50+50")
        let touchy = try desk.x.openWindow(class: "Touchy", title: "touch", geometry: "300x200+500+300", touch: true)
        let other = try XlibServer(display: desk.x.display)
        for server in [desk.server, other, desk.server] {
            #expect(server.touchSelectedByAnotherClient(in: plain.id) == false)
            #expect(server.touchSelectedByAnotherClient(in: touchy.id) == true)
        }
        // The window still gets its touches after being asked five times more.
        for _ in 0..<5 { _ = desk.server.touchSelectedByAnotherClient(in: touchy.id) }
        let frame = try #require(desk.server.geometry(touchy.id))
        let touch = try InputTestDevice(path: desk.x.deviceSockets["touch"]!)
        try desk.tap(touch, at: Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2), on: touchy.id)
        #expect(touchy.output.wait { $0.hasPrefix("touch begin") } != nil, "\(touchy.output.lines)")
        #expect(touchy.output.wait { $0.hasPrefix("touch end") } != nil, "\(touchy.output.lines)")
        #expect(desk.server.touchSelectedByAnotherClient(in: touchy.id) == true)
    }

    /// A touch selection for any one device id is found: XIAllDevices, XIAllMasterDevices, the
    /// master pointer and the touchscreen itself, each made by another connection on a window
    /// below the client window; and gone once that connection deselects it.
    @Test func aSelectionForAnyDeviceIdOnAWindowBelowIsFound() throws {
        let desk = try Desk()
        let window = try desk.x.openWindow(class: "Plain", title: "no touch")
        let other = try XlibServer(display: desk.x.display)
        // A window two levels below the client window.
        let d = other.display
        let child = XCreateSimpleWindow(d, Window(window.id), 0, 0, 100, 100, 0, 0, 0)
        let grandchild = XCreateSimpleWindow(d, child, 0, 0, 50, 50, 0, 0, 0)
        XMapWindow(d, child)
        XMapWindow(d, grandchild)
        XSync(d, 0)
        let touchscreen = try #require(desk.server.devices().first { $0.touchMode == .direct }).id
        let masterPointer = try #require(desk.server.devices().first { $0.use == .masterPointer }).id
        func select(_ device: Int32, _ on: Bool) {
            var bytes = [UInt8](repeating: 0, count: Int(cx11_xi_mask_len(XI_LASTEVENT)))
            if on { for e in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] { cx11_xi_set_mask(&bytes, e) } }
            bytes.withUnsafeMutableBufferPointer { b in
                var mask = XIEventMask(deviceid: device, mask_len: Int32(b.count), mask: b.baseAddress)
                XISelectEvents(d, grandchild, &mask, 1)
            }
            XSync(d, 0)
        }
        #expect(desk.server.touchSelectedByAnotherClient(in: window.id) == false)
        for device in [XIAllDevices, XIAllMasterDevices, masterPointer, touchscreen] {
            select(device, true)
            #expect(cx11_take_last_error() == 0, "device \(device)")
            #expect(desk.server.touchSelectedByAnotherClient(in: window.id) == true, "device \(device)")
            select(device, false)
            #expect(desk.server.touchSelectedByAnotherClient(in: window.id) == false, "device \(device)")
        }
    }

    /// A window that is gone, and the root window, cannot be told; the server is not left
    /// grabbed after either.
    @Test func aWindowGoneOrTheRootIsNil() throws {
        let desk = try Desk()
        let window = try desk.x.openWindow(class: "Brief", title: "soon gone")
        window.process.stop()
        #expect(desk.x.poll { desk.server.geometry(window.id) == nil })
        #expect(desk.server.touchSelectedByAnotherClient(in: window.id) == nil)
        #expect(try desk.serverAnswersOthers())
        #expect(desk.server.touchSelectedByAnotherClient(in: desk.server.root) == nil)
        #expect(try desk.serverAnswersOthers())
    }

    @Test func xtermSelectsNoTouch() throws {
        let desk = try Desk()
        let r = try desk.ask(["xterm", "-title", "xterm probe"]) { _, _, title in title == "xterm probe" }
        #expect(r.answers == [false, false, false], "\(Self.summary("xterm", r))")
        let cost = desk.cost(r.window)
        print("TouchSelectionXorgTests: \(Self.summary("xterm", r)); \(1 + desk.treeSize(r.window)) round trips, median \(Int(cost.median)) µs, fastest \(Int(cost.fastest)) µs")
        #expect(try desk.serverAnswersOthers())
    }

    /// `wish` showing a Tk text widget.
    @Test func tkSelectsNoTouch() throws {
        let desk = try Desk()
        let script = "\(desk.scratch)/text.tcl"
        try """
            wm title . {tk text}
            text .t -width 60 -height 20
            .t insert end [string repeat "a line of text\\n" 200]
            pack .t -fill both -expand 1
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let r = try desk.ask(["wish", script]) { _, _, title in title == "tk text" }
        #expect(r.answers == [false, false, false], "\(Self.summary("Tk", r))")
        let cost = desk.cost(r.window)
        print("TouchSelectionXorgTests: \(Self.summary("Tk", r)); \(1 + desk.treeSize(r.window)) round trips, median \(Int(cost.median)) µs, fastest \(Int(cost.fastest)) µs")
    }

    /// gtk-demo (gtk2.0-examples): GTK 2 knows no XInput 2.
    @Test func gtk2SelectsNoTouch() throws {
        let desk = try Desk()
        let r = try desk.ask(["gtk-demo"]) { _, windowClass, _ in windowClass == "Gtk-demo" }
        #expect(r.answers == [false, false, false], "\(Self.summary("gtk-demo", r))")
        print("TouchSelectionXorgTests: \(Self.summary("gtk-demo", r))")
    }

    /// gtk3-demo (gtk-3-examples) selects touch; and a GTK 3 program still gets its touches
    /// after being asked (the repository's GTK probe prints the touch events GTK reads).
    @Test func gtk3SelectsTouchAndKeepsIt() throws {
        let desk = try Desk()
        let r = try desk.ask(["gtk3-demo"]) { _, windowClass, _ in windowClass == "Gtk3-demo" }
        #expect(r.answers == [true, true, true], "\(Self.summary("gtk3-demo", r))")
        // GTK 3 handles touch itself: its touches stay its own.
        let info = try #require(WindowTracker(server: desk.server).info(r.window, probeTouch: true))
        #expect(info.touch == .own && info.toolkit == nil, "\(info)")
        let cost = desk.cost(r.window)
        print("TouchSelectionXorgTests: \(Self.summary("gtk3-demo", r)); median \(Int(cost.median)) µs, fastest \(Int(cost.fastest)) µs")

        let script = repositoryRoot.appendingPathComponent("Tests/X11TestSupport/Programs/gtk3-probe.py").path
        let probe = try desk.start(["/usr/bin/python3", script, "list"])
        let ready = try #require(probe.output!.wait(timeout: 20) { $0.hasPrefix("ready ") }, "\(probe.output!.lines)")
        let n = ready.split(separator: " ").dropFirst().compactMap { Double($0) }
        try #require(n.count == 4)
        let (window, _) = try desk.client { _, _, title in title == "gtk3-probe list" }
        for _ in 0..<5 { #expect(desk.server.touchSelectedByAnotherClient(in: window) == true) }
        let touch = try InputTestDevice(path: desk.x.deviceSockets["touch"]!)
        try desk.tap(touch, at: Point(x: n[0] + n[2] / 2, y: n[1] + n[3] / 2), on: window)
        #expect(probe.output!.wait { $0.hasPrefix("touch begin") } != nil, "\(probe.output!.lines)")
        #expect(probe.output!.wait { $0.hasPrefix("touch end") } != nil, "\(probe.output!.lines)")
    }

    /// Qt 5's Calculator example (qtbase5-examples, widgets/widgets/calculator): a widgets
    /// program in which no widget accepts touch events. Qt's xcb plugin selects touch on every
    /// window all the same (and hands these widgets synthesized mouse events).
    @Test func qt5WidgetsSelectTouch() throws {
        let desk = try Desk()
        let r = try desk.ask(["/usr/lib/x86_64-linux-gnu/qt5/examples/widgets/widgets/calculator/calculator"]) { _, _, title in title == "Calculator" }
        #expect(r.answers == [true, true, true], "\(Self.summary("Qt 5 calculator", r))")
        print("TouchSelectionXorgTests: \(Self.summary("Qt 5 calculator", r))")
        // What the daemon makes of it: its process maps QtWidgets and no Qt Quick, named as
        // such, its touches left to it (a widget may take them: fingerpaint's canvas does).
        let info = try #require(WindowTracker(server: desk.server).info(r.window, probeTouch: true))
        #expect(info.touch == .own && info.toolkit == "Qt widgets", "\(info)")
    }

    @Test func chromiumSelectsTouch() throws {
        let desk = try Desk()
        let r = try desk.ask(["chromium", "--no-sandbox", "--user-data-dir=\(desk.scratch)/chromium", "--no-first-run", "--no-default-browser-check",
                              "--disable-gpu", "--ozone-platform=x11", "--password-store=basic", "--disable-background-networking", "about:blank"]) { _, windowClass, _ in
            windowClass == "Chromium"
        }
        #expect(r.answers == [true, true, true], "\(Self.summary("Chromium", r))")
        print("TouchSelectionXorgTests: \(Self.summary("Chromium", r))")
    }

    /// Firefox selects touch only with XInput 2, which MOZ_USE_XINPUT2=1 turns on.
    @Test(arguments: [false, true]) func firefoxSelectsTouchWithXInput2Only(xinput2: Bool) throws {
        let desk = try Desk()
        let profile = "\(desk.scratch)/profile"
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        try """
            user_pref("browser.shell.checkDefaultBrowser", false);
            user_pref("browser.startup.homepage_override.mstone", "ignore");
            user_pref("browser.startup.page", 0);
            user_pref("startup.homepage_welcome_url", "");
            user_pref("startup.homepage_welcome_url.additional", "");
            user_pref("browser.aboutwelcome.enabled", false);
            user_pref("datareporting.policy.dataSubmissionEnabled", false);
            user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
            user_pref("browser.sessionstore.resume_from_crash", false);
            user_pref("app.update.auto", false);
            """.write(toFile: "\(profile)/user.js", atomically: true, encoding: .utf8)
        let r = try desk.ask(["firefox-esr", "-profile", profile, "-no-remote", "about:blank"], environment: xinput2 ? ["MOZ_USE_XINPUT2=1"] : []) { _, windowClass, _ in
            windowClass == "firefox-esr"
        }
        #expect(r.answers == [xinput2, xinput2, xinput2], "\(Self.summary("Firefox", r))")
        print("TouchSelectionXorgTests: \(Self.summary("Firefox\(xinput2 ? " MOZ_USE_XINPUT2=1" : "")", r))")
    }
}
