import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// The built-in profile's conventions for programs without touch with Firefox ESR as Debian
/// starts it (no MOZ_USE_XINPUT2 in its environment: it selects no touch events), on one Xorg
/// with the dummy video and `inputtest` drivers (`CompareBench`): the same touches without the
/// daemon, then with it running the built-in profile, a fresh Firefox with a new temporary
/// profile for each run. What happened is read back from the page
/// (Tests/X11TestSupport/Programs/long-page.html puts `scrollY`, the selection's length and the
/// button and context menu events it saw into `document.title`, which Firefox shows in the
/// window's _NET_WM_NAME) and from the server (Firefox's popup windows, the pointer's buttons),
/// never from the daemon's log. Figures are printed as `FIGURE …` lines.
@Suite(.serialized) struct FirefoxWithoutTouchXorgTests {
    typealias Programs = ProgramsWithoutTouchXorgTests

    /// What the page said in its title: "T n=COUNT sy=SCROLLY sel=SELECTED ctx=CONTEXTMENUS
    /// cb=ITS_BUTTON md=DOWNS mu=UPS wh=WHEEL_EVENTS wy=THEIR_DELTA_Y_SUMMED wm=THEIR_DELTA_MODE"
    /// (then Firefox's " — Mozilla Firefox").
    struct Page: Equatable, CustomStringConvertible {
        let n: Int, scrollY: Int, selected: Int, contextMenus: Int, contextButton: Int
        /// The `button` of each mousedown and mouseup the page saw (0 left, 2 right).
        let downs: [Int], ups: [Int]
        /// The wheel events the page saw, their deltaY summed, the last one's deltaMode (0
        /// pixels, 1 lines, 2 pages; -1 none).
        let wheels: Int, wheelY: Int, wheelMode: Int

        init?(_ title: String) {
            guard let start = title.range(of: "T n=") else { return nil }
            var fields: [String: String] = [:]
            for word in title[start.lowerBound...].split(separator: " ") {
                let pair = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
            }
            func list(_ key: String) -> [Int] { (fields[key] ?? "").split(separator: ",").compactMap { Int($0) } }
            guard let n = fields["n"].flatMap({ Int($0) }), let sy = fields["sy"].flatMap({ Int($0) }), let sel = fields["sel"].flatMap({ Int($0) }),
                  let ctx = fields["ctx"].flatMap({ Int($0) }), let cb = fields["cb"].flatMap({ Int($0) }) else { return nil }
            self.n = n
            scrollY = sy
            selected = sel
            contextMenus = ctx
            contextButton = cb
            downs = list("md")
            ups = list("mu")
            wheels = fields["wh"].flatMap { Int($0) } ?? 0
            wheelY = fields["wy"].flatMap { Int($0) } ?? 0
            wheelMode = fields["wm"].flatMap { Int($0) } ?? -1
        }

        var description: String {
            "scrollY \(scrollY), \(selected) characters selected, \(contextMenus) contextmenu (button \(contextButton)), mousedown \(downs), mouseup \(ups), \(wheels) wheel events (deltaY \(wheelY) in all, mode \(wheelMode)) (update \(n))"
        }
    }

    /// A Firefox showing the long page, its client window and where it is.
    struct Firefox {
        let program: Child
        let id: UInt64
        let frame: Rect
        let server: XlibServer
        /// What the page says now, nil while its title is not the page's.
        var page: Page? { server.text(XWindowID(id), "_NET_WM_NAME").flatMap(Page.init) }
        /// A point of the page (whole pixels), as fractions of the window.
        func at(_ fx: Double, _ fy: Double) -> Point {
            Point(x: (frame.x + frame.width * fx).rounded(), y: (frame.y + frame.height * fy).rounded())
        }
        /// Firefox's mapped override-redirect windows (its popups: menus, tooltips).
        func popups() -> Set<XWindowID> {
            Set(server.children(of: server.root).filter { w in
                var a = XWindowAttributes()
                guard XGetWindowAttributes(server.display, Window(w), &a) != 0 else {
                    _ = cx11_take_last_error()
                    return false
                }
                return a.override_redirect != 0 && a.map_state == IsViewable && server.classHint(w)?.windowClass.lowercased().contains("firefox") == true
            })
        }
    }

    static let page = repositoryRoot.appendingPathComponent("Tests/X11TestSupport/Programs/long-page.html")

    /// Starts Firefox ESR on the page with a new profile (no first-run pages, no updates, no
    /// session restore, no smooth scrolling) in a process group of its own, an empty home and
    /// runtime folder, the X11 backend and no MOZ_USE_XINPUT2; waits until its window shows
    /// the loaded page, is placed and is what is under the page's middle, and (with the
    /// daemon) the daemon has said its program selects no touch events.
    static func startFirefox(_ bench: CompareBench, _ daemon: Child?) throws -> Firefox {
        let root = "\(bench.scratch)/firefox-\(UUID().uuidString.prefix(8))"
        let home = "\(root)/home", runtime = "\(root)/runtime", profile = "\(root)/profile"
        for path in [home, runtime, profile] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        try """
            user_pref("browser.shell.checkDefaultBrowser", false);
            user_pref("browser.startup.homepage_override.mstone", "ignore");
            user_pref("startup.homepage_override_url", "");
            user_pref("browser.startup.page", 0);
            user_pref("startup.homepage_welcome_url", "");
            user_pref("startup.homepage_welcome_url.additional", "");
            user_pref("browser.aboutwelcome.enabled", false);
            user_pref("trailhead.firstrun.didSeeAboutWelcome", true);
            user_pref("datareporting.policy.dataSubmissionEnabled", false);
            user_pref("datareporting.policy.firstRunURL", "");
            user_pref("datareporting.healthreport.uploadEnabled", false);
            user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
            user_pref("browser.sessionstore.resume_from_crash", false);
            user_pref("browser.sessionstore.max_resumed_crashes", 0);
            user_pref("app.update.auto", false);
            user_pref("app.update.enabled", false);
            user_pref("browser.tabs.warnOnClose", false);
            user_pref("browser.uitour.enabled", false);
            user_pref("browser.translations.enable", false);
            user_pref("general.smoothScroll", false);
            user_pref("layout.css.devPixelsPerPx", "1.0");
            """.write(toFile: "\(profile)/user.js", atomically: true, encoding: .utf8)
        let environment = ["PATH=/usr/bin:/bin", "DISPLAY=\(bench.x.display)", "HOME=\(home)", "XDG_RUNTIME_DIR=\(runtime)", "LANG=C.UTF-8",
                           "NO_AT_BRIDGE=1", "GSETTINGS_BACKEND=memory", "GDK_BACKEND=x11"]
        // Stopping the group's shell stops the content processes too.
        let group = ["setsid", "sh", "-c", "trap 'trap - TERM; kill 0' TERM; \"$0\" \"$@\" & wait"]
        let program = try Child(group + ["firefox-esr", "-profile", profile, "-no-remote", "--new-instance", page.absoluteString],
                                environment: environment, capture: true, captureErrors: true)
        var started = false
        defer { if !started { program.stop(timeout: 5) } }
        guard let window = bench.client(timeout: 90, { $0.windowClass == "firefox-esr" && $0.title.contains("T n=") }) else {
            throw FixtureError(description: "Firefox did not show the page: \(WindowTracker(server: bench.x.server).clients().map { "\($0.windowClass) \($0.title)" }); \(program.output!.lines.suffix(10))")
        }
        let firefox = Firefox(program: program, id: window.id, frame: window.frame, server: bench.x.server)
        let tracker = WindowTracker(server: bench.x.server)
        guard bench.x.poll(timeout: 10, { tracker.clientWindow(at: firefox.at(0.5, 0.5)) == XWindowID(window.id) && firefox.page?.scrollY == 0 }) else {
            throw FixtureError(description: "Firefox's page is not what is at the middle of the screen, or is scrolled: \(firefox.page.map(String.init(describing:)) ?? "-")")
        }
        if let daemon { try Programs.waitUntilRead(daemon, window.id, touch: false) }
        started = true
        return firefox
    }

    /// Stops Firefox's process group and waits until its window has gone.
    static func stop(_ bench: CompareBench, _ firefox: Firefox) {
        firefox.program.stop(timeout: 5)
        _ = bench.x.poll(timeout: 10) { bench.x.server.geometry(XWindowID(firefox.id)) == nil }
    }

    /// What the page says once `done` holds of it and it has stayed the same for `quiet` s
    /// (updates come as the page gets events; none in that time: the gesture's are all in), or
    /// after `timeout` s: the last and whether `done` held.
    static func settled(_ firefox: Firefox, timeout: Double = 15, quiet: Double = 0.6, _ done: (Page) -> Bool) -> (page: Page?, done: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = firefox.page, since = Date()
        while Date() < deadline {
            usleep(20_000)
            let now = firefox.page
            if now != last {
                last = now
                since = Date()
            } else if let now, done(now), Date().timeIntervalSince(since) >= quiet {
                return (now, true)
            }
        }
        return (last, last.map(done) ?? false)
    }

    static func keep(_ bench: CompareBench, _ firefox: Firefox, as name: String) {
        if let shot = try? bench.screenshot(of: firefox.frame, name: "firefox") { bench.keep(shot.shot, firefox.frame, as: name) }
    }

    // MARK: Dragging

    /// One finger dragged up 300 px over the long page: without the daemon the server's
    /// button 1 selects text and the page stays where it is; with it the page scrolls down by
    /// about the finger's travel (wheel steps of Firefox's 114 px, one per 114 px of finger,
    /// the built-in profile's wheelNotch for browsers: within one notch of the 300 px) and
    /// nothing is selected, no button pressed on the page.
    @Test func firefoxDragScrollsWithTheDaemonAndSelectsWithoutIt() throws {
        let bench = try CompareBench()
        func run(_ daemon: Child?) throws -> (page: Page?, done: Bool, seconds: Double) {
            let firefox = try Self.startFirefox(bench, daemon)
            defer { Self.stop(bench, firefox) }
            let started = Date()
            try Programs.drag(bench.touch, [firefox.at(0.5, 0.85)], by: Vector(dx: 0, dy: -300))
            let result = daemon == nil
                ? Self.settled(firefox) { $0.ups.contains(0) }
                : Self.settled(firefox) { $0.scrollY >= 200 }
            #expect(bench.x.poll { Programs.buttonsDown(bench.x) == 0 }, "a button is left down (0x\(String(Programs.buttonsDown(bench.x), radix: 16))) after the drag \(daemon == nil ? "without" : "with") the daemon")
            Self.keep(bench, firefox, as: "firefox-drag-\(daemon == nil ? "without" : "with")")
            return (result.page, result.done, Date().timeIntervalSince(started))
        }
        let without = try run(nil)
        let daemon = try bench.startDaemon()
        let with = try run(daemon)
        let w = try #require(without.page, "without the daemon the page said nothing")
        // Without the daemon the page never scrolls: the server's button 1 selects (or, when
        // Firefox takes the first press on a window for its focus, only its release arrives:
        // seen once on a clean clone), never a wheel.
        #expect(without.done && w.scrollY == 0 && w.wheels == 0 && w.ups == [0] && w.contextMenus == 0, "without the daemon: \(w)")
        let p = try #require(with.page, "with the daemon the page said nothing")
        #expect(with.done && abs(p.scrollY - 300) <= 114 && p.wheels >= 1 && p.wheelY > 0, "with the daemon the page scrolled \(p.scrollY) px for 300 px of finger: \(p)")
        #expect(p.selected == 0 && p.downs.isEmpty && p.ups.isEmpty && p.contextMenus == 0, "with the daemon: \(p)")
        Programs.figure(String(format: "Firefox one finger dragged up 300 px: with the daemon scrollY %d (%@), %d wheel events (deltaY %d in all, mode %d), %d selected, settled in %.1f s; without: scrollY %d, %d characters selected, mousedown %@ mouseup %@",
                               p.scrollY, with.done ? "done" : "not done", p.wheels, p.wheelY, p.wheelMode, p.selected, with.seconds, w.scrollY, w.selected, "\(w.downs)", "\(w.ups)"))
    }

    // MARK: Holding

    /// A press held still 1 s and lifted over the page: without the daemon the page sees
    /// button 0's mousedown and mouseup and no contextmenu; with it a contextmenu event of
    /// button 2 and Firefox's own context menu opens (a popup window of Firefox mapped after
    /// the lift), no button 0. No button is left down either way.
    @Test func firefoxHoldIsAContextMenuWithTheDaemonOnly() throws {
        let bench = try CompareBench()
        func run(_ daemon: Child?) throws -> (page: Page?, done: Bool, menu: Bool, early: Page?) {
            let firefox = try Self.startFirefox(bench, daemon)
            defer { Self.stop(bench, firefox) }
            let p = firefox.at(0.5, 0.5)
            try bench.touch.touches(Programs.frame(.begin, [p]))
            usleep(1_000_000)
            let early = firefox.page, before = firefox.popups()
            try bench.touch.touches(Programs.frame(.end, [p]))
            let result = daemon == nil
                ? Self.settled(firefox) { $0.ups.contains(0) }
                : Self.settled(firefox) { $0.contextMenus >= 1 }
            let menu = bench.x.poll(timeout: daemon == nil ? 0.5 : 5) { !firefox.popups().subtracting(before).isEmpty }
            let opened = firefox.popups().subtracting(before).compactMap { bench.x.server.geometry($0) }
            Programs.figure("Firefox hold \(daemon == nil ? "without" : "with") the daemon: popups opened after the lift \(opened), the finger at \(p)")
            #expect(bench.x.poll { Programs.buttonsDown(bench.x) == 0 }, "a button is left down (0x\(String(Programs.buttonsDown(bench.x), radix: 16))) after the hold \(daemon == nil ? "without" : "with") the daemon")
            Self.keep(bench, firefox, as: "firefox-hold-\(daemon == nil ? "without" : "with")")
            return (result.page, result.done, menu, early)
        }
        let without = try run(nil)
        let daemon = try bench.startDaemon()
        let with = try run(daemon)
        let w = try #require(without.page, "without the daemon the page said nothing")
        #expect(without.done && w.contextMenus == 0 && w.downs == [0] && w.ups == [0], "without the daemon: \(w)")
        #expect(!without.menu, "without the daemon a Firefox popup opened")
        let p = try #require(with.page, "with the daemon the page said nothing")
        #expect(with.done && p.contextMenus == 1 && p.contextButton == 2, "with the daemon: \(p)")
        #expect(!p.downs.contains(0) && !p.ups.contains(0) && p.selected == 0, "with the daemon the page saw button 0 or a selection: \(p)")
        #expect(with.early.map { $0.contextMenus == 0 && $0.downs.isEmpty } ?? false, "with the daemon, something before the lift: \(with.early.map(String.init(describing:)) ?? "-")")
        #expect(with.menu, "with the daemon Firefox's context menu did not open: \(p)")
        Programs.figure("Firefox hold 1 s lifted: with the daemon \(p), context menu \(with.menu ? "opened" : "not opened"); without: \(w), popup \(without.menu ? "opened" : "none")")
    }
}
