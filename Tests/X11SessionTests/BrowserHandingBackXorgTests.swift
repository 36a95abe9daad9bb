import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// Issue 32's measurement points in the browsers that take touches themselves (Firefox ESR with
/// MOZ_USE_XINPUT2=1, Chromium), and Qt 5's pinch gesture: the same touches on one Xorg with
/// the dummy video and `inputtest` drivers (`CompareBench`), the program alone, under a bare touch owner without
/// Tactus (`BareTouchOwner`: the reproducer of what the server's per-touch replay does to any
/// owner deciding at that point), and under the daemon with the built-in profile. What the
/// page did is read back from it: Tests/X11TestSupport/Programs/touch-page.html puts its
/// `scrollY`, `visualViewport.scale`, and the wall-clock times of its pointer events into
/// `document.title` (the window's _NET_WM_NAME); a mouse click loads it again as the next run
/// (Firefox; Chromium is pinched back instead, see `startChromium`).
/// Figures are printed as `FIGURE …` lines (docs/deciding-under-x-ownership.md, "Handing back").
///
/// Chromium runs at a real-time priority below the server's, the daemon's and the test's
/// pacing (5 against 10), so that the other tests' load does not change when it handles an
/// event; Firefox at its own (see `startFirefox`).
@Suite(.serialized) struct BrowserHandingBackXorgTests {
    typealias Programs = ProgramsWithoutTouchXorgTests

    /// What the page said in its title: "B k=RUN sy=SCROLLY s=SCALE×1000 pc=POINTERDOWNS
    /// pd=LAST_POINTERDOWN_MS pm=FIRST_POINTERMOVE_MS ps=FIRST_SCROLL_MS td=LAST_TOUCHSTART_MS
    /// fr=FRAMES_PAINTED_AFTER_LOAD_UP_TO_40 n=COUNT" (times: Date.now(), the wall clock).
    struct Page: Equatable, CustomStringConvertible {
        let k: Int, scrollY: Int, scale: Int, downs: Int, down: Double, move: Double, scroll: Double, touchStart: Double, frames: Int, n: Int

        init?(_ title: String) {
            guard let start = title.range(of: "B k=") else { return nil }
            var fields: [String: Double] = [:]
            for word in title[start.lowerBound...].split(separator: " ") {
                let pair = word.split(separator: "=", maxSplits: 1)
                if pair.count == 2, let v = Double(pair[1]) { fields[String(pair[0])] = v }
            }
            guard let k = fields["k"], let sy = fields["sy"], let s = fields["s"], let pc = fields["pc"], let pd = fields["pd"],
                  let pm = fields["pm"], let ps = fields["ps"], let td = fields["td"], let fr = fields["fr"], let n = fields["n"] else { return nil }
            (self.k, scrollY, scale, downs, down, move, scroll, touchStart, frames, self.n) = (Int(k), Int(sy), Int(s), Int(pc), pd, pm, ps, td, Int(fr), Int(n))
        }

        var description: String { "run \(k): scrollY \(scrollY), scale \(Double(scale) / 1000), \(downs) pointerdowns (update \(n))" }
    }

    /// A browser showing the page: its client window, where it is, the server to read its title.
    struct Browser {
        let program: Child
        let id: UInt64
        let frame: Rect
        let server: XlibServer
        var page: Page? { server.text(XWindowID(id), "_NET_WM_NAME").flatMap(Page.init) }
        func at(_ fx: Double, _ fy: Double) -> Point {
            Point(x: (frame.x + frame.width * fx).rounded(), y: (frame.y + frame.height * fy).rounded())
        }
    }

    static let page = repositoryRoot.appendingPathComponent("Tests/X11TestSupport/Programs/touch-page.html")

    /// Starts `argv` in a session of its own with an empty home, waits for its window showing
    /// the page (placed, under the middle of the screen, at run 0, top, scale 1, painted), puts
    /// every thread of the session at real-time priority 5 (with `realTime`), and (with the
    /// daemon) waits until the daemon has said the window's program selects touch events.
    static func startBrowser(_ bench: CompareBench, _ daemon: Child?, name: String, _ argv: [String], environment extra: [String] = [], realTime: Bool = true) throws -> Browser {
        let root = "\(bench.scratch)/\(name)-\(UUID().uuidString.prefix(8))"
        let home = "\(root)/home", runtime = "\(root)/runtime"
        for path in [home, runtime] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let environment = ["PATH=/usr/bin:/bin", "DISPLAY=\(bench.x.display)", "HOME=\(home)", "XDG_RUNTIME_DIR=\(runtime)", "LANG=C.UTF-8",
                           "NO_AT_BRIDGE=1", "GSETTINGS_BACKEND=memory", "GDK_BACKEND=x11"] + extra
        // Stopping the group's shell stops the helper processes too.
        let group = ["setsid", "sh", "-c", "trap 'trap - TERM; kill 0' TERM; \"$0\" \"$@\" & wait"]
        let program = try Child(group + argv, environment: environment, capture: true, captureErrors: true)
        var started = false
        defer { if !started { program.stop(timeout: 5) } }
        guard let window = bench.client(timeout: 90, { $0.title.contains("B k=0 ") && $0.title.contains(" fr=40 ") }) else {
            throw FixtureError(description: "\(name) did not show the page: \(WindowTracker(server: bench.x.server).clients().map { "\($0.windowClass) \($0.title)" }); \(program.output!.lines.suffix(10))")
        }
        let browser = Browser(program: program, id: window.id, frame: window.frame, server: bench.x.server)
        let tracker = WindowTracker(server: bench.x.server)
        guard bench.x.poll(timeout: 10, { tracker.clientWindow(at: browser.at(0.5, 0.5)) == XWindowID(window.id) && browser.page?.scrollY == 0 }) else {
            throw FixtureError(description: "\(name)'s page is not what is at the middle of the screen, or is scrolled: \(browser.page.map(String.init(describing:)) ?? "-")")
        }
        if realTime { runInRealTime(session: program.pid) }
        if let daemon { try Programs.waitUntilRead(daemon, window.id, touch: true) }
        started = true
        return browser
    }

    /// Every thread of every process of session `sid` at SCHED_FIFO priority 5 (processes that
    /// go meanwhile are skipped).
    static func runInRealTime(session sid: pid_t) {
        let procs = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for pid in procs.compactMap({ pid_t($0) }) {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "pid (comm)": state ppid pgrp session …
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, pid_t(fields[3]) == sid else { continue }
            for task in ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).compactMap({ pid_t($0) }) {
                var parameters = sched_param(sched_priority: 5)
                _ = sched_setscheduler(task, SCHED_FIFO, &parameters)
            }
        }
    }

    /// Firefox ESR with XInput 2 (MOZ_USE_XINPUT2=1: it selects touch events and scrolls with
    /// APZ) and a new profile, showing the page. At its normal priority: at real-time priority
    /// its flicks alone scattered over 720–1,020 px in one run of six (why is not known), at
    /// its normal priority over 700–730 px in each run.
    /// `prefs`: more user.js lines.
    static func startFirefox(_ bench: CompareBench, _ daemon: Child?, prefs: String = "") throws -> Browser {
        let profile = "\(bench.scratch)/firefox-profile-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
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
            \(prefs)
            """.write(toFile: "\(profile)/user.js", atomically: true, encoding: .utf8)
        return try startBrowser(bench, daemon, name: "firefox", ["firefox-esr", "-profile", profile, "-no-remote", "--new-instance", page.absoluteString],
                                environment: ["MOZ_USE_XINPUT2=1"], realTime: false)
    }

    /// Chromium as an app window (no tabs, the title the page's), touch events on, one device
    /// pixel per CSS pixel, no GPU. (Here it took nothing of the first touch, mouse button or
    /// key after a pinch, alone: its tests do not load the page again, they pinch back.)
    static func startChromium(_ bench: CompareBench, _ daemon: Child?) throws -> Browser {
        try startBrowser(bench, daemon, name: "chromium", [
            "chromium", "--no-sandbox", "--user-data-dir=\(bench.scratch)/chromium-\(UUID().uuidString.prefix(8))", "--no-first-run",
            "--no-default-browser-check", "--disable-gpu", "--ozone-platform=x11", "--password-store=basic", "--disable-background-networking",
            "--force-device-scale-factor=1", "--touch-events=enabled", "--window-size=1000,700", "--app=\(page.absoluteString)",
        ])
    }

    static func stop(_ bench: CompareBench, _ browser: Browser) {
        browser.program.stop(timeout: 5)
        _ = bench.x.poll(timeout: 10) { bench.x.server.geometry(XWindowID(browser.id)) == nil }
    }

    /// The page loaded again as the next run (button 1 of the inputtest mouse pressed on it,
    /// near its top right): waits until the title says so, at the top and scale 1, and painted
    /// (40 animation frames after the load: a flick right after the load event was sometimes not
    /// taken by Firefox at all, nor a pinch by Chromium 5 frames after it).
    static func reload(_ bench: CompareBench, _ browser: Browser) throws {
        let k = try #require(browser.page, "the page says nothing").k
        let mouse = try bench.pointer()
        // A point of its own each time: the same one again would move nothing.
        try mouse.motion(to: browser.at(0.9, 0.15 + 0.01 * Double(k % 10)))
        try mouse.button(1, pressed: true)
        try mouse.button(1, pressed: false)
        guard bench.x.poll(timeout: 15, { browser.page.map { $0.k == k + 1 && $0.scrollY == 0 && $0.scale == 1000 && $0.frames >= 40 } ?? false }) else {
            throw FixtureError(description: "the page did not load again as run \(k + 1): \(browser.page.map(String.init(describing:)) ?? "-")")
        }
    }

    /// What the page says once `done` holds of it and it has stayed the same for `quiet` s, or
    /// after `timeout` s: the last and whether `done` held.
    static func settled(_ browser: Browser, timeout: Double = 15, quiet: Double = 0.6, _ done: (Page) -> Bool) -> (page: Page?, done: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = browser.page, since = Date()
        while Date() < deadline {
            usleep(20_000)
            let now = browser.page
            if now != last {
                last = now
                since = Date()
            } else if let now, done(now), Date().timeIntervalSince(since) >= quiet {
                return (now, true)
            }
        }
        return (last, last.map(done) ?? false)
    }

    /// Mean, standard deviation, smallest and largest.
    struct Spread: CustomStringConvertible {
        let values: [Double]
        var mean: Double { values.reduce(0, +) / Double(max(values.count, 1)) }
        var deviation: Double {
            guard values.count > 1 else { return 0 }
            let m = mean
            return (values.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
        }
        var median: Double {
            let s = values.sorted()
            guard !s.isEmpty else { return 0 }
            return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }
        var description: String {
            String(format: "median %.0f, mean %.0f ± %.0f (%.0f–%.0f, n %d)", median, mean, deviation, values.min() ?? 0, values.max() ?? 0, values.count)
        }
        /// For times in milliseconds.
        var milliseconds: String {
            String(format: "median %.1f ms (%.1f–%.1f, n %d)", median, values.min() ?? 0, values.max() ?? 0, values.count)
        }
    }

    // MARK: The flick

    /// A flick at a 60 Hz touchscreen's pace. (At 8 ms a frame, 12 px each, Firefox's flicks
    /// alone scattered over 776–1,511 px, Firefox at real-time priority then.)
    static let flickStep = 20.0, flickInterval = 16.0

    /// One finger flicked up on the page: 6 moves of 12 px, 8 ms apart by the test's clock
    /// (steps 0.3 ms into milliseconds of the server's clock), lifted 8 ms after the last;
    /// how far the page scrolled by the time it comes to rest, or nil when it did not scroll.
    static func flick(_ bench: CompareBench, _ browser: Browser, step: Double = flickStep, interval: Double = flickInterval) throws -> (scrollY: Double?, late: Double, down: Double?, detail: String) {
        let start = try #require(browser.page)
        let k = start.k
        let p = browser.at(0.5, 0.75)
        let (late, landed) = try bench.paced { pace in
            pace.restart(millisecondPhase: 0.3)
            let landed = Date().timeIntervalSince1970 * 1000
            try bench.pacedStroke(&pace, from: p, by: Vector(dx: 0, dy: -step), moves: 6, interval: interval)
            return (pace.worstDelay, landed)
        }
        try bench.touch.sync()
        let result = settled(browser) { $0.k == k && $0.scrollY > start.scrollY }
        guard result.done, let page = result.page else { return (nil, late, nil, "the page did not scroll: \(result.page.map(String.init(describing:)) ?? "-")") }
        return (Double(page.scrollY - start.scrollY), late, page.touchStart > 0 ? page.touchStart - landed : nil, "\(page)")
    }

    /// Issue 32, point 5: Firefox stamps touches with the time it handles them, so a touch
    /// begin handed back late makes its fling faster. `runs` flicks under each condition on one
    /// Firefox, the page loaded again before each (and one first, not counted): alone, under a
    /// bare owner rejecting each touch at its begin, under one rejecting each on its first
    /// update, and under the daemon (started for its flick and stopped after it), these four in
    /// turn, round after round: what drifts during the run falls on all of them alike, and the
    /// daemon's flick is compared with the owner's of its own round. Also printed: when the
    /// page's touchstart came after the finger landed.
    @Test func firefoxFlickFliesAsUnderAnOwnerDecidingOnTheFirstUpdate() throws {
        let runs = 6
        let bench = try CompareBench()
        let firefox = try Self.startFirefox(bench, nil)
        defer { Self.stop(bench, firefox) }
        var alone: [Double] = [], atBegin: [Double] = [], onUpdate: [Double] = [], tactus: [Double] = []
        var notes: [String] = []
        /// Per round: how much further the flick flew under Tactus than under the owner letting
        /// go on the first update, in that round.
        var pastTheOwner: [Double] = []
        var touchStarts: [String: [Double]] = [:]
        func run(_ label: String, _ rule: BareTouchOwner.Rule?) throws -> Double? {
            try Self.reload(bench, firefox)
            let owner = try rule.map { try BareTouchOwner(display: bench.x.display, rule: $0) }
            let f = try Self.flick(bench, firefox)
            owner?.stop()
            if let owner { #expect(owner.answers.rejected == 1, "\(label): the bare owner answered \(owner.answers)") }
            notes.append("\(label) \(f.scrollY.map { String(Int($0)) } ?? "-") (touchstart \(f.down.map { String(format: "%.0f", $0) } ?? "-") ms after the landing, late \(String(format: "%.1f", f.late)) ms)")
            if f.scrollY == nil { Issue.record("\(label): \(f.detail)") }
            if let d = f.down { touchStarts[label, default: []].append(d) }
            return f.scrollY
        }
        _ = try run("warm-up", nil)
        for _ in 0..<runs {
            if let v = try run("alone", nil) { alone.append(v) }
            if let v = try run("at-begin", .rejectAtBegin) { atBegin.append(v) }
            let owner = try run("on-update", .rejectOnUpdate(1))
            if let owner { onUpdate.append(owner) }
            let daemon = try bench.startDaemon(asUsersRunIt: true)
            try Programs.waitUntilRead(daemon, firefox.id, touch: true)
            let underTactus = try run("tactus", nil)
            bench.stop(daemon)
            if let underTactus { tactus.append(underTactus) }
            if let owner, let underTactus { pastTheOwner.append(underTactus - owner) }
        }
        let a = Spread(values: alone), b = Spread(values: atBegin), u = Spread(values: onUpdate), t = Spread(values: tactus)
        let figures = "alone \(a); bare owner rejecting at the begin \(b) (\(percent(b.median, of: a.median))); bare owner rejecting on the first update \(u) (\(percent(u.median, of: a.median))); Tactus \(t) (\(percent(t.median, of: a.median))) (percentages of the medians)"
        print("FIGURE Firefox ESR MOZ_USE_XINPUT2=1 one-finger flick (6 × \(Int(Self.flickStep)) px / \(Int(Self.flickInterval)) ms), scrollY at rest: \(figures)")
        let paired = Spread(values: pastTheOwner)
        print("FIGURE Firefox flicks in order: \(notes.joined(separator: ", ")); Tactus past the owner letting go on the first update, round by round: \(pastTheOwner.map { String(Int($0)) }.joined(separator: ", ")) px (median \(Int(paired.median)))")
        print("FIGURE Firefox touchstart after the finger lands: " + ["alone", "at-begin", "on-update", "tactus"].map { "\($0) \(Spread(values: touchStarts[$0] ?? []).milliseconds)" }.joined(separator: ", "))
        #expect(a.values.count == runs && b.values.count == runs && u.values.count == runs && t.values.count == runs, "\(figures)")
        // The reproducer: an owner that lets the touch go on its first update makes Firefox's
        // flick fly further without Tactus (+19–24 % measured); one that lets it go at the begin
        // does less (+2–3 %).
        // Medians: a flick in a run of six now and then flies twice as far (1,774 px alone, once).
        #expect(u.median > a.median * 1.08, "the bare owner on the first update: \(figures)")
        #expect(b.median < u.median, "the bare owner at the begin: \(figures)")
        // Tactus decides a lone finger on that update (it moved 4 px): no further than that
        // owner, within the runs' spread (measured: −2 to +2 % of that owner's median), compared
        // round by round (run after the owners, as it was, one full swift test's six flicks
        // under Tactus spread 805–1,131 px against 848–890 under the owner).
        #expect(paired.values.count == runs && paired.median <= 0.08 * a.median, "Tactus past the owner on the same update, round by round: \(pastTheOwner); \(figures)")
    }
}

// MARK: Chromium

extension BrowserHandingBackXorgTests {
    /// Two fingers 100 px apart at the page's middle landing together, resting `rest` ms,
    /// spreading 6 px each per 8 ms frame five times (100 → 160 px, as `CompareXorgTests.gtkZoom`),
    /// resting 100 ms and lifting: the page's `visualViewport.scale` once it has settled.
    static func pinch(_ bench: CompareBench, _ browser: Browser, restingFirst rest: Double) throws -> (scale: Double?, detail: String) {
        let k = try #require(browser.page).k
        try bench.paced { pace in
            pace.restart(millisecondPhase: 0.3)
            try bench.pacedSpread(&pace, around: browser.at(0.5, 0.5), restingFirst: rest, lift: 100)
        }
        try bench.touch.sync()
        let result = settled(browser) { $0.k == k && $0.scale != 1000 }
        guard result.done, let page = result.page else { return (nil, "the page did not zoom: \(result.page.map(String.init(describing:)) ?? "-")") }
        return (Double(page.scale) / 1000, "\(page)")
    }

    /// Back to scale 1 without loading the page again: two fingers 400 px apart pinched in to
    /// 40 px (the page's smallest scale is 1, so it stops there exactly); waits for scale 1.
    static func unzoom(_ bench: CompareBench, _ browser: Browser) throws {
        let c = browser.at(0.5, 0.5)
        // Alone, Chromium took nothing of the first touch (nor button, nor key) after a pinch
        // here: taps far from the fingers until one reaches the page (they change no scale).
        var taken = false
        for _ in 0..<5 where !taken {
            let before = browser.page?.downs ?? 0
            try bench.touch.touches([(.begin, 1, browser.at(0.2, 0.2))])
            taken = bench.x.poll(timeout: 1) { (browser.page?.downs ?? 0) > before }
            try bench.touch.touches([(.end, 1, browser.at(0.2, 0.2))])
        }
        guard taken else { throw FixtureError(description: "no tap reached the page after the pinch: \(browser.page.map(String.init(describing:)) ?? "-")") }
        var a = Point(x: c.x - 200, y: c.y), b = Point(x: c.x + 200, y: c.y)
        try bench.paced { pace in
            try bench.touch.touches([(.begin, 1, a), (.begin, 2, b)], sync: false)
            for _ in 1...9 {
                pace.wait(8)
                a.x += 20
                b.x -= 20
                try bench.touch.touches([(.update, 1, a), (.update, 2, b)], sync: false)
            }
            pace.wait(100)
            try bench.touch.touches([(.end, 1, a), (.end, 2, b)], sync: false)
        }
        try bench.touch.sync()
        let result = settled(browser, quiet: 0.3) { $0.scale == 1000 }
        guard result.done else { throw FixtureError(description: "the page did not come back to scale 1: \(result.page.map(String.init(describing:)) ?? "-")") }
    }

    /// Issue 32, point 4, in Chromium: a pinch spreading from the first frame after landing,
    /// alone, under a bare owner rejecting each touch on its first update (the reproducer: the
    /// server replays the first finger's begin and update before the second finger's begin)
    /// and under the daemon; and the same pinch with the fingers resting 100 ms first, alone and
    /// under the daemon (nothing held that moves: the same scale). Each pinch `runs` times,
    /// the page loaded again before each.
    @Test func chromiumPinchSpreadingAtOnceAndAfterARest() throws {
        let runs = 3
        let bench = try CompareBench()
        let chromium = try Self.startChromium(bench, nil)
        defer { Self.stop(bench, chromium) }
        var problems: [String] = []
        func pinches(_ label: String, rest: Double, _ rule: BareTouchOwner.Rule? = nil) throws -> Spread {
            var scales: [Double] = []
            for _ in 0..<runs {
                let owner = try rule.map { try BareTouchOwner(display: bench.x.display, rule: $0) }
                let p = try Self.pinch(bench, chromium, restingFirst: rest)
                owner?.stop()
                try Self.unzoom(bench, chromium)
                if let owner, owner.answers.rejected != 2 { problems.append("\(label): the bare owner answered \(owner.answers)") }
                if let s = p.scale { scales.append(s) } else { problems.append("\(label): \(p.detail)") }
            }
            return Spread(values: scales)
        }
        let alone = try pinches("alone", rest: 0)
        let underOwner = try pinches("bare owner", rest: 0, .rejectOnUpdate(1))
        let restingAlone = try pinches("resting alone", rest: 100)
        let daemon = try bench.startDaemon(asUsersRunIt: true)
        try Programs.waitUntilRead(daemon, chromium.id, touch: true)
        let tactus = try pinches("Tactus", rest: 0)
        let restingTactus = try pinches("resting Tactus", rest: 100)
        func f(_ s: Spread) -> String { String(format: "%.3f (%.3f–%.3f)", s.median, s.values.min() ?? 0, s.values.max() ?? 0) }
        let figures = "spreading at once: alone \(f(alone)), bare owner on the first update \(f(underOwner)) (\(percent(underOwner.median, of: alone.median))), Tactus \(f(tactus)) (\(percent(tactus.median, of: alone.median))); resting 100 ms first: alone \(f(restingAlone)), Tactus \(f(restingTactus)) (\(percent(restingTactus.median, of: restingAlone.median))); medians of \(runs)"
        print("FIGURE Chromium pinch 100 → 160 px, visualViewport.scale: \(figures)")
        #expect(problems.isEmpty, "\(problems); \(figures)")
        #expect([alone, underOwner, restingAlone, tactus, restingTactus].allSatisfy { $0.values.count == runs }, "\(figures)")
        // Fingers resting before they spread: nothing that moves is held, the scale is Chromium's own.
        #expect(abs(restingTactus.median - restingAlone.median) <= 0.01 * restingAlone.median, "resting first: \(figures)")
        // The reproducer: the server's replay of one frame of motion changes the scale without Tactus.
        #expect(underOwner.median < alone.median - 0.01, "the bare owner: \(figures)")
        // Tactus holds the pinch no longer than one frame of motion.
        #expect(tactus.median >= underOwner.median * 0.99, "Tactus: \(figures)")
    }

    /// Issue 32's waits, in Chromium: a lone finger's press (the page's pointerdown after the
    /// finger lands; the test notes the wall clock just before it writes the touch), a
    /// two-finger scroll's first update (fingers landing together and moving 5 px each per 8 ms
    /// at once: the page's first scroll event after the landing), and a one-finger flick's
    /// distance (6 × 20 px per 16 ms), alone and under the daemon. Figures; what is asserted
    /// is what the daemon's rules say: a resting finger reaches the page 75 ms after it landed.
    @Test func chromiumPressScrollAndFlickWithAndWithoutTactus() throws {
        let bench = try CompareBench()
        let chromium = try Self.startChromium(bench, nil)
        defer { Self.stop(bench, chromium) }
        var problems: [String] = []
        func presses(_ label: String) throws -> Spread {
            var times: [Double] = []
            for i in 0..<5 {
                let before = try #require(chromium.page).downs
                let p = chromium.at(0.3 + 0.1 * Double(i), 0.4)
                let landed = Date().timeIntervalSince1970 * 1000
                try bench.touch.touches([(.begin, 1, p)], sync: false)
                let seen = bench.x.poll(timeout: 3) { (chromium.page?.downs ?? 0) > before }
                let page = chromium.page
                try bench.touch.touches([(.end, 1, p)])
                if seen, let page { times.append(page.down - landed) } else { problems.append("\(label): no pointerdown for press \(i)") }
                // Presses apart by more than a double tap's interval (input paced, not a wait for a result).
                usleep(400_000)
            }
            return Spread(values: times)
        }
        var firstMoves: [String: [Double]] = [:]
        func scrolls(_ label: String) throws -> Spread {
            var times: [Double] = []
            for i in 0..<3 {
                let k = try #require(chromium.page).k
                let start = chromium.at(0.45, 0.7)
                let landed = try bench.paced { pace in
                    pace.restart(millisecondPhase: 0.3)
                    let landed = Date().timeIntervalSince1970 * 1000
                    try bench.pacedStroke(&pace, ids: [1, 2], from: start, by: Vector(dx: 0, dy: -5), moves: 12, interval: 8, lift: 150)
                    return landed
                }
                try bench.touch.sync()
                let result = Self.settled(chromium) { $0.k == k && $0.scroll > landed }
                if let page = result.page, page.move > landed { firstMoves[label, default: []].append(page.move - landed) }
                if result.done, let page = result.page { times.append(page.scroll - landed) } else { problems.append("\(label): scroll \(i) did not scroll: \(result.page.map(String.init(describing:)) ?? "-")") }
            }
            return Spread(values: times)
        }
        func flicks(_ label: String) throws -> Spread {
            var distances: [Double] = []
            // The first flick after the scrolls went a third as far, alone: not counted.
            _ = try Self.flick(bench, chromium, step: 20, interval: 16)
            for _ in 0..<5 {
                let f = try Self.flick(bench, chromium, step: 20, interval: 16)
                if let d = f.scrollY { distances.append(d) } else { problems.append("\(label): \(f.detail)") }
            }
            return Spread(values: distances)
        }
        let pressAlone = try presses("alone"), scrollAlone = try scrolls("alone"), flickAlone = try flicks("alone")
        let daemon = try bench.startDaemon(asUsersRunIt: true)
        try Programs.waitUntilRead(daemon, chromium.id, touch: true)
        let pressTactus = try presses("Tactus"), scrollTactus = try scrolls("Tactus"), flickTactus = try flicks("Tactus")
        print("FIGURE Chromium pointerdown after a lone finger lands: alone \(pressAlone.milliseconds), Tactus \(pressTactus.milliseconds)")
        print("FIGURE Chromium two-finger scroll (5 px each per 8 ms from the landing), first scroll event after the landing: alone \(scrollAlone.milliseconds), Tactus \(scrollTactus.milliseconds); first pointermove: alone \(Spread(values: firstMoves["alone"] ?? []).milliseconds), Tactus \(Spread(values: firstMoves["Tactus"] ?? []).milliseconds)")
        print("FIGURE Chromium one-finger flick (6 × 20 px / 16 ms), scrollY at rest: alone \(flickAlone), Tactus \(flickTactus) (\(percent(flickTactus.median, of: flickAlone.median)))")
        #expect(problems.isEmpty, "\(problems)")
        // The landing pause (75 ms) and what the page adds alone; not sooner than the pause.
        #expect(pressTactus.median >= 75 && pressTactus.median <= 75 + pressAlone.median + 25, "pointerdown: alone \(pressAlone.milliseconds), Tactus \(pressTactus.milliseconds)")
    }
}

// MARK: Qt 5

extension BrowserHandingBackXorgTests {
    /// Qt 5's imagegestures example (qtbase5-examples: a QPinchGesture zooming an image)
    /// pinched as `pinch` does, restarted for each pinch; the pinch's total scale as the example
    /// logs it ("pinchTriggered(): zoom by F -> TOTAL", its debug category on), the last one
    /// once its log has been quiet for 0.5 s after the lift.
    static func qtPinch(_ bench: CompareBench, restingFirst rest: Double, owner rule: BareTouchOwner.Rule? = nil) throws -> (scale: Double?, detail: String) {
        let folder = "\(bench.scratch)/qt-images"
        if !FileManager.default.fileExists(atPath: "\(folder)/a.png") {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try bench.run(["sh", "-c", "ppmmake rgb:20/60/c0 400 300 | pnmtopng > '\(folder)/a.png'"])
        }
        let example = "/usr/lib/x86_64-linux-gnu/qt5/examples/widgets/gestures/imagegestures/imagegestures"
        let home = "\(bench.scratch)/qt-home-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let program = try Child([example, folder], environment: ["PATH=/usr/bin:/bin", "DISPLAY=\(bench.x.display)", "HOME=\(home)", "XDG_RUNTIME_DIR=\(home)",
                                                             "LANG=C.UTF-8", "QT_QPA_PLATFORM=xcb", "QT_LOGGING_RULES=qt.examples.imagegestures.debug=true"],
                                capture: true, captureErrors: true)
        defer { program.stop(timeout: 5) }
        try CompareBench.runInRealTime(program.pid)
        guard let window = bench.client(timeout: 30, { $0.title.contains("Image Gestures") }) else {
            throw FixtureError(description: "imagegestures did not show its window: \(program.output!.lines.suffix(5))")
        }
        let c = Point(x: (window.frame.x + window.frame.width / 2).rounded(), y: (window.frame.y + window.frame.height / 2).rounded())
        let tracker = WindowTracker(server: bench.x.server)
        guard bench.x.poll(timeout: 10, { tracker.clientWindow(at: c) == XWindowID(window.id) }) else {
            throw FixtureError(description: "imagegestures' window is not at the middle of the screen")
        }
        let owner = try rule.map { try BareTouchOwner(display: bench.x.display, rule: $0) }
        defer { owner?.stop() }
        try bench.paced { pace in
            pace.restart(millisecondPhase: 0.3)
            try bench.pacedSpread(&pace, around: c, restingFirst: rest, lift: 100)
        }
        try bench.touch.sync()
        let zooms = { program.output!.lines.filter { $0.contains("zoom by") } }
        var count = -1, since = Date()
        _ = bench.x.poll(timeout: 10) {
            let now = zooms().count
            if now != count { count = now; since = Date() }
            return now > 0 && Date().timeIntervalSince(since) >= 0.5
        }
        guard let last = zooms().last, let total = last.components(separatedBy: "->").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) else {
            return (nil, "no zoom logged: \(program.output!.lines.suffix(5))")
        }
        return (total, last)
    }

    /// Issue 32, point 4, in Qt 5: the pinch spreading at once alone, under the bare owner
    /// rejecting on the first update and under the daemon; and after a 100 ms rest, alone and
    /// under the daemon. Asserted: the rest costs nothing (within 1 %); the owner's replay changes
    /// the zoom; the daemon does no worse than that owner.
    @Test func qtPinchSpreadingAtOnceAndAfterARest() throws {
        let bench = try CompareBench()
        let alone = try Self.qtPinch(bench, restingFirst: 0)
        let underOwner = try Self.qtPinch(bench, restingFirst: 0, owner: .rejectOnUpdate(1))
        let restingAlone = try Self.qtPinch(bench, restingFirst: 100)
        try bench.startDaemon(asUsersRunIt: true)
        let tactus = try Self.qtPinch(bench, restingFirst: 0)
        let restingTactus = try Self.qtPinch(bench, restingFirst: 100)
        func f(_ r: (scale: Double?, detail: String)) -> String { r.scale.map { String(format: "%.3f", $0) } ?? "- (\(r.detail))" }
        let figures = "spreading at once: alone \(f(alone)), bare owner on the first update \(f(underOwner)), Tactus \(f(tactus)); resting 100 ms first: alone \(f(restingAlone)), Tactus \(f(restingTactus))"
        print("FIGURE Qt 5 imagegestures QPinchGesture 100 → 160 px, total scale: \(figures)")
        let r = try #require(restingAlone.scale, "\(figures)"), t = try #require(restingTactus.scale, "\(figures)")
        #expect(Swift.abs(t - r) <= 0.01 * r, "\(figures)")
        let a = try #require(alone.scale, "\(figures)"), o = try #require(underOwner.scale, "\(figures)"), d = try #require(tactus.scale, "\(figures)")
        // The reproducer: the server's replay of a frame of motion changes the zoom without Tactus.
        #expect(o < a - 0.01, "the bare owner: \(figures)")
        #expect(d >= o * 0.99, "Tactus holds the pinch no longer than one frame of motion: \(figures)")
    }
}
