import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// What Tactus lets go must reach applications, toolkits and window managers exactly as
/// without it. Each test runs real programs (GTK 3, Qt 5, window managers; Debian's packages)
/// on one Xorg with the dummy video and `inputtest` input drivers, injects the same touches
/// twice — first without the daemon, then with the daemon running the built-in default
/// profile (or, for the long-press right click, a profile that binds it) — restarting the
/// program between the runs so that both start from the same state, and compares what the
/// program did, read back from the server (geometry, `_NET_WM_STATE`, mapped menus,
/// screenshots) or from the program. Every failure states both figures.
///
/// Input that a hand paces is paced by the test's clock and written without waiting for the
/// server between events (`CompareBench.paced`, `touches(_:sync: false)`): a touchscreen does
/// not wait for the X server, so the server stamps each event when it reads it, in both runs
/// alike. The tests run one after another, and the test's pacing thread, the X server, the
/// programs compared and the daemon run in real time (SCHED_FIFO), so that the other tests'
/// load on two cores changes neither when input is stamped nor the toolkits' own timers.
@Suite(.serialized) struct CompareXorgTests {}

/// One Xorg with a window manager and a touchscreen, and the programs and daemon a comparison
/// test starts on it. Everything it started is stopped when it is released: the programs
/// first, then the session (daemon, windows, window manager, server), then its folders.
final class CompareBench {
    let x: XvfbSession
    let touch: InputTestDevice
    /// Homes of the programs (one new empty home each start), the daemon's home, profiles.
    let scratch: String
    private var programs: [Child] = []
    private var homes = 0
    private var pointerDevice: InputTestDevice?

    init(windowManager: XvfbSession.WindowManager = .openbox) throws {
        (x, touch) = try XvfbSession.withTouchscreen(windowManager: windowManager)
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-compare-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        // The fixture checks that the window manager answers by switching to desktop 1 and
        // back; openbox then shows the desktop's name in the middle of the screen for a
        // moment, over whatever is there. Touches must not land on it.
        guard x.poll(timeout: 10, { popupsInTheMiddle().isEmpty }) else {
            throw FixtureError(description: "\(windowManager) keeps a popup in the middle of the screen: \(popupsInTheMiddle().map { String($0, radix: 16) })")
        }
        // Xorg stamps input when it reads it. On two cores busy with the other tests, events
        // were stamped up to 14 ms after the test wrote them unless the whole server (its input
        // thread alone was not enough) runs before that work: in real time.
        let tasks = "/proc/\(x.serverProcess)/task"
        for thread in try FileManager.default.contentsOfDirectory(atPath: tasks).compactMap({ pid_t($0) }) {
            try Self.runInRealTime(thread)
        }
    }

    /// SCHED_FIFO (priority 10) for a process or thread: it runs as soon as it is ready.
    static func runInRealTime(_ id: pid_t) throws {
        var parameters = sched_param(sched_priority: 10)
        guard sched_setscheduler(id, SCHED_FIFO, &parameters) == 0 else {
            throw FixtureError(description: "sched_setscheduler(\(id), SCHED_FIFO): \(String(cString: strerror(errno)))")
        }
    }

    /// Runs `body`, the test's input paced by `Pacer`, with this thread in real time (restored
    /// after): a step goes out at its deadline however busy the machine is.
    func paced<T>(_ body: (inout Pacer) throws -> T) throws -> T {
        var policy: Int32 = 0
        var saved = sched_param()
        pthread_getschedparam(pthread_self(), &policy, &saved)
        var parameters = sched_param(sched_priority: 10)
        guard pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters) == 0 else {
            throw FixtureError(description: "pthread_setschedparam(SCHED_FIFO) failed")
        }
        defer { pthread_setschedparam(pthread_self(), policy, &saved) }
        var pace = Pacer()
        return try body(&pace)
    }

    deinit {
        for p in programs { p.stop() }
        x.tearDown()
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// Override-redirect windows over the middle of the screen (a window manager's popups;
    /// not fluxbox's toolbar at the bottom edge, nor an input-only window: muffin's and
    /// mutter's "guard window" spans the screen below every window).
    func popupsInTheMiddle() -> [XWindowID] {
        let (width, height) = x.server.screenSize()
        let middle = Rect(x: width / 4, y: height / 4, width: width / 2, height: height / 2)
        return x.server.children(of: x.server.root).filter { w in
            var a = XWindowAttributes()
            guard XGetWindowAttributes(x.server.display, Window(w), &a) != 0 else {
                _ = cx11_take_last_error()  // gone meanwhile
                return false
            }
            let r = Rect(x: Double(a.x), y: Double(a.y), width: Double(a.width), height: Double(a.height))
            return a.override_redirect != 0 && a.map_state == IsViewable && a.`class` == InputOutput
                && r.maxX > middle.minX && r.minX < middle.maxX && r.maxY > middle.minY && r.minY < middle.maxY
        }
    }

    /// The `inputtest` absolute pointer (a mouse). Each device socket serves one client per
    /// server, so it is opened once, when first wanted.
    func pointer() throws -> InputTestDevice {
        if let pointerDevice { return pointerDevice }
        let device = try InputTestDevice(path: x.deviceSockets["pointer"]!)
        pointerDevice = device
        return device
    }

    /// Starts a program on the display with an empty home of its own (nothing remembered from
    /// an earlier run), no accessibility bus, settings in memory, the X11 backends. Its
    /// stdout is collected (and stderr, with `captureErrors`).
    func start(_ argv: [String], captureErrors: Bool = false) throws -> Child {
        homes += 1
        let home = "\(scratch)/home-\(homes)", runtime = "\(scratch)/runtime-\(homes)"
        for path in [home, runtime] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let environment = ["PATH=/usr/bin:/bin", "DISPLAY=\(x.display)", "HOME=\(home)", "XDG_RUNTIME_DIR=\(runtime)", "LANG=C.UTF-8",
                           "NO_AT_BRIDGE=1", "GSETTINGS_BACKEND=memory", "GDK_BACKEND=x11", "QT_QPA_PLATFORM=xcb"]
        let child = try Child(argv, environment: environment, capture: true, captureErrors: captureErrors)
        programs.append(child)
        // Toolkits time things by their own clock (GTK's auto-repeat, Qt's reading of its
        // queue): in real time, the load of other tests does not change what they do.
        try Self.runInRealTime(child.pid)
        return child
    }

    /// Starts the repository's GTK 3 probe (Tests/X11TestSupport/Programs/gtk3-probe.py) showing
    /// `kind`, and waits for its `ready X Y WIDTH HEIGHT` line: the widget in root coordinates.
    func startProbe(_ kind: String) throws -> (program: Child, widget: Rect) {
        let script = repositoryRoot.appendingPathComponent("Tests/X11TestSupport/Programs/gtk3-probe.py").path
        // Debian's Python, which python3-gi is for.
        let probe = try start(["/usr/bin/python3", script, kind], captureErrors: true)
        guard let ready = probe.output!.wait(timeout: 20, { $0.hasPrefix("ready ") || !probe.isRunning }), ready.hasPrefix("ready ") else {
            throw FixtureError(description: "gtk3-probe \(kind) did not start: \(probe.output!.lines.suffix(10))")
        }
        let n = ready.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard n.count == 4 else { throw FixtureError(description: "gtk3-probe: \(ready)") }
        return (probe, Rect(x: n[0], y: n[1], width: n[2], height: n[3]))
    }

    /// Stops a program (SIGTERM, then SIGKILL) and waits until it has gone.
    func stop(_ program: Child) {
        program.stop()
        programs.removeAll { $0 === program }
    }

    /// The daemon: the built-in default profile (`config` nil), or `config` (YAML text).
    /// `asUsersRunIt` (the built-in profile only): the release build, without the event log,
    /// for comparisons whose figures depend on how soon it answers (``ReleaseDaemon``); else
    /// the tests' debug build. Both write their debug log, which tests read.
    @discardableResult
    func startDaemon(config: String? = nil, asUsersRunIt: Bool = false) throws -> Child {
        precondition(config == nil || !asUsersRunIt, "the release daemon is compared with its built-in profile")
        let daemon = try config.map { try x.startDaemon(config: $0, configPath: "\(scratch)/profile.yaml") }
            ?? x.startDaemonWithBuiltInProfile(in: "\(scratch)/daemon-\(UUID().uuidString.prefix(8))", asUsersRunIt: asUsersRunIt)  // a folder per start: a test may start it again
        // In real time like the server and the programs: the whole path of a touch runs before
        // the other tests' work. (Left behind them, the daemon delayed the server's input
        // thread while it decided a touch, and the next update was stamped late: a measure of
        // the test machine's load, not of what the application gets.)
        let tasks = "/proc/\(daemon.pid)/task"
        for thread in try FileManager.default.contentsOfDirectory(atPath: tasks).compactMap({ pid_t($0) }) {
            try Self.runInRealTime(thread)
        }
        return daemon
    }

    /// Waits until the window manager manages a mapped client window that `match` accepts
    /// and its geometry reads the same twice in a row (placed): that window.
    func client(timeout: Double = 20, _ match: (WindowInfo) -> Bool) -> WindowInfo? {
        let tracker = WindowTracker(server: x.server)
        var found: WindowInfo?
        var previous: Rect?
        _ = x.poll(timeout: timeout) {
            found = tracker.clients().first { match($0) && x.server.isMapped(XWindowID($0.id)) }
            defer { previous = found?.frame }
            return found != nil && found?.frame == previous
        }
        return found?.frame == previous ? found : nil
    }

    /// Waits until no client holds the pointer (master device 2) grabbed — a window manager's
    /// move or button loop is over — asking as the daemon does (`pointerGrabbedByAnotherClient`,
    /// a grab that cannot succeed); false after `timeout` s.
    @discardableResult
    func waitUntilThePointerIsFree(timeout: Double = 5) -> Bool {
        x.poll(timeout: timeout) { !x.server.pointerGrabbedByAnotherClient(device: 2, serverTime: x.server.serverTime()) }
    }

    /// Runs a tool to its end (10 s at most) through `Child`, not Foundation's Process: Process
    /// learns that its child ended from a socket the child inherits, and a program another
    /// test starts meanwhile inherits it too, so waitUntilExit would wait for that program.
    func run(_ argv: [String]) throws {
        let tool = try Child(argv, environment: ["PATH=/usr/bin:/bin"], capture: false)
        guard let status = tool.waitForExit(timeout: 10) else {
            tool.stop(signal: SIGKILL)
            throw FixtureError(description: "\(argv.joined(separator: " ")) did not finish")
        }
        guard status == 0 else { throw FixtureError(description: "\(argv.joined(separator: " ")) exited \(status)") }
    }

    /// A screenshot of the screen (`xwd -root`) and the pixels of `rect` in it (root
    /// coordinates; a window's own capture would depend on its visual).
    func screenshot(of rect: Rect, name: String = "shot") throws -> (shot: Screenshot, pixels: Pixels) {
        let file = "\(scratch)/\(name).xwd"
        try run(["xwd", "-root", "-silent", "-display", x.display, "-out", file])
        let shot = try Screenshot(xwd: Array(Data(contentsOf: URL(fileURLWithPath: file))), file: file)
        return (shot, Pixels(shot, rect))
    }

    /// Keeps `rect` of `shot` for people: `.build/screenshots/NAME.png` (netpbm).
    func keep(_ shot: Screenshot, _ rect: Rect, as name: String) {
        try? FileManager.default.createDirectory(atPath: Self.keep, withIntermediateDirectories: true)
        let cut = "\(Int(rect.x)) \(Int(rect.y)) \(Int(rect.width)) \(Int(rect.height))"
        try? run(["sh", "-c", "xwdtopnm '\(shot.file)' 2>/dev/null | pnmcut \(cut) | pnmtopng > '\(Self.keep)/\(name).png'"])
    }

    /// Screenshots until `rect` is the same pixel for pixel in two in a row and `ready`
    /// accepts it (what the program draws is the event waited for), or `timeout` passes:
    /// the last one and whether it settled.
    func stableScreenshot(of rect: Rect, timeout: Double = 10, name: String = "shot", _ ready: (Pixels) -> Bool = { _ in true }) throws -> (shot: Screenshot, pixels: Pixels, settled: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var previous = try screenshot(of: rect, name: name)
        while Date() < deadline {
            usleep(20_000)
            let next = try screenshot(of: rect, name: name)
            if next.pixels == previous.pixels, ready(next.pixels) { return (next.shot, next.pixels, true) }
            previous = next
        }
        return (previous.shot, previous.pixels, false)
    }

    /// Where screenshots are kept for people (`.build/screenshots/`).
    static let keep = repositoryRoot.appendingPathComponent(".build/screenshots").path
}

/// The pixels of a rectangle of a screenshot, row by row.
struct Pixels: Equatable {
    let width: Int
    let height: Int
    let colors: [Screenshot.Color]

    init(_ shot: Screenshot, _ rect: Rect) {
        width = Int(rect.width)
        height = Int(rect.height)
        var colors: [Screenshot.Color] = []
        colors.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width { colors.append(shot.color(rect.x + Double(x), rect.y + Double(y))) }
        }
        self.colors = colors
    }

    /// The colour at `x`, `y` (the rectangle's coordinates).
    func color(_ x: Int, _ y: Int) -> Screenshot.Color { colors[y * width + x] }

    /// The pixels that differ from `other` (same size expected): how many, and the smallest
    /// rectangle holding them (x, y, width, height).
    func differences(from other: Pixels) -> (count: Int, box: (Int, Int, Int, Int)?) {
        guard width == other.width, height == other.height else { return (width * height, (0, 0, width, height)) }
        var count = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for i in colors.indices where colors[i] != other.colors[i] {
            let x = i % width, y = i / width
            count += 1
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
        }
        return (count, count == 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1))
    }
}

extension CompareBench {
    /// Fingers `ids`, 60 px apart rightwards from `start`, land together, move by `step`
    /// `moves` times `interval` ms apart and lift `lift` ms after (`interval` when nil), each
    /// event written unsynced at its deadline: the server stamps it when it reads it, as a
    /// touchscreen's. Each step's lateness is noted (`Pacer.stepDone`). Where the first
    /// finger lifted.
    @discardableResult
    func pacedStroke(_ pace: inout Pacer, ids: [UInt32] = [1], from start: Point, by step: Vector, moves: Int, interval: Double, lift: Double? = nil) throws -> Point {
        func fingers(_ phase: InputTestDevice.TouchPhase, after n: Int) -> [(phase: InputTestDevice.TouchPhase, id: UInt32, at: Point)] {
            ids.enumerated().map { (phase, $0.element, Point(x: start.x + Double($0.offset) * 60 + step.dx * Double(n), y: start.y + step.dy * Double(n))) }
        }
        try touch.touches(fingers(.begin, after: 0), sync: false)
        pace.stepDone()
        for n in stride(from: 1, through: moves, by: 1) {
            pace.wait(interval)
            try touch.touches(fingers(.update, after: n), sync: false)
            pace.stepDone()
        }
        pace.wait(lift ?? interval)
        let end = fingers(.end, after: moves)
        try touch.touches(end, sync: false)
        pace.stepDone()
        return end[0].at
    }

    /// The pinch of issue 32 (as `CompareGtkXorgTests.gtkZoom` first made it): two fingers
    /// 100 px apart around `centre` landing together, resting `rest` ms, spreading 6 px each
    /// per 8 ms frame five times (100 → 160 px), lifting `lift` ms later (nil: they stay down).
    /// Where the two fingers are at the end.
    @discardableResult
    func pacedSpread(_ pace: inout Pacer, around centre: Point, restingFirst rest: Double, lift: Double?) throws -> (Point, Point) {
        var a = Point(x: centre.x - 50, y: centre.y), b = Point(x: centre.x + 50, y: centre.y)
        try touch.touches([(.begin, 1, a), (.begin, 2, b)], sync: false)
        if rest > 0 { pace.wait(rest) }
        for _ in 1...5 {
            pace.wait(8)
            a.x -= 6
            b.x += 6
            try touch.touches([(.update, 1, a), (.update, 2, b)], sync: false)
        }
        if let lift {
            pace.wait(lift)
            try touch.touches([(.end, 1, a), (.end, 2, b)], sync: false)
        }
        return (a, b)
    }

    /// One `pacedStroke` in real time (`paced`), then a sync: the server has read it all.
    func stroke(ids: [UInt32] = [1], from start: Point, by step: Vector, moves: Int, interval: Double, lift: Double? = nil) throws {
        _ = try paced { try pacedStroke(&$0, ids: ids, from: start, by: step, moves: moves, interval: interval, lift: lift) }
        try touch.sync()
    }
}

/// Deadlines on CLOCK_MONOTONIC: input paced by the test's own clock, as a hand paces it
/// (`CompareBench.paced`). Each deadline is counted from the previous deadline, not from when
/// the previous step ended, so a step that ran late does not push the rest later.
struct Pacer {
    private var deadline = timespec()
    /// The most a step ended after its deadline (`stepDone`), in milliseconds.
    private(set) var worstDelay = 0.0

    init() { restart() }

    /// Counts the next deadlines from now; with `millisecondPhase`, from that fraction into
    /// the next millisecond but one of CLOCK_MONOTONIC, the clock Xorg stamps input with (in
    /// whole milliseconds, when it reads it), waited for: steps a whole number of milliseconds
    /// apart then get stamps exactly that far apart, unless one is late by more than the rest
    /// of its millisecond.
    mutating func restart(millisecondPhase: Double? = nil) {
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        worstDelay = 0
        if let millisecondPhase {
            let next = (deadline.tv_nsec / 1_000_000 + 2) * 1_000_000 + Int(millisecondPhase * 1_000_000)
            deadline.tv_sec += next / 1_000_000_000
            deadline.tv_nsec = next % 1_000_000_000
            sleep()
        }
    }

    /// Sleeps until `milliseconds` after the previous deadline (the first: after the start).
    mutating func wait(_ milliseconds: Double) {
        let nanoseconds = deadline.tv_nsec + Int(milliseconds * 1_000_000)
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        sleep()
    }

    private func sleep() {
        var d = deadline
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &d, nil) == EINTR {}
    }

    /// Notes how long after its deadline the step just made ended.
    mutating func stepDone() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let delay = Double(now.tv_sec - deadline.tv_sec) * 1000 + Double(now.tv_nsec - deadline.tv_nsec) / 1_000_000
        worstDelay = max(worstDelay, delay)
    }
}

/// A percentage with its sign, for the messages.
func percent(_ value: Double, of reference: Double) -> String {
    String(format: "%+.1f %%", (value - reference) / reference * 100)
}
