import CX11
import Foundation
import GestureEngine
import TestSupport
import X11Session
@testable import X11TestSupport

// tactus-soak [TACTUS [ROUNDS]] (make soak): a long life for the daemon on Xorg with
// inputtest devices, driven by the integration tests' own fixture. Each round sends about
// 100 touch events (taps, drags, two-finger pinches) and reloads the profiles (SIGHUP);
// every other round opens a window its profile matches, touches it, and closes it once
// the daemon has decided those touches. The daemon's memory and open descriptors are
// sampled every 100 rounds; after the warm-up (the first tenth of the rounds) its anonymous
// memory must stay within 1 MB and its descriptors the same, and every touch gets one verdict.

let arguments = CommandLine.arguments
let tactus = arguments.count > 1 ? arguments[1] : repositoryRoot.appendingPathComponent(".build/release/tactus").path
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000
let output = repositoryRoot.appendingPathComponent(".build/soak").path
try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)

let profile = """
    version: 1
    profiles:
      - name: screen
        match: any
        regions:
          - { name: volume, frame: { right: 0, top: 100, width: 60, height: 400 }, control: slider, action: { log: "volume {value}" } }
        gestures:
          - { name: double, tap: { taps: 2 }, action: { log: double } }
          - { name: single, tap: {}, requireToFail: [double], action: { log: "single {x} {y}" } }
          - { name: shape, stroke: { templates: [circle, star, check] }, action: { log: "{template}" } }
          - { name: zoom, pinch: {}, repeat: { every: 0.2, action: { log: in }, reverse: { log: out } } }
      - name: soak
        match: { class: Soak, title: "/^soak [0-9]+$/" }
        regions:
          - { name: margin, frame: { left: 0, top: 0, width: 40, height: 100% }, action: { log: margin } }
        gestures:
          - { name: swipe, swipe: { direction: left }, requireToFail: [double], action: { log: "swipe {window.title}" } }
          - { name: press, longPress: {}, on: { began: { log: press } } }

    """

nonisolated(unsafe) var dumpDaemon: () -> Void = {}
/// Stops the X server and what runs on it: exit() releases no globals.
nonisolated(unsafe) var tearDownX: () -> Void = {}
/// Whether another client holds or froze the pointer (XGrabPointer's answer), for a stall's report.
nonisolated(unsafe) var probePointerGrab: () -> Int32 = { -1 }
nonisolated(unsafe) var stopDaemon: () -> Void = {}
func fail(_ message: String) -> Never {
    dumpDaemon()
    tearDownX()
    FileHandle.standardError.write(Data("tactus-soak: \(message)\n".utf8))
    exit(1)
}

/// What /proc says of the daemon: resident memory in all (kB), its anonymous part (heap,
/// stacks: what a leak grows; the rest is code and libraries, which the daemon maps back for
/// a reload and lets go once idle) and open descriptors.
func sample(_ pid: pid_t) -> (rss: Int, anon: Int, descriptors: Int) {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    func kB(_ field: String) -> Int {
        status.split(separator: "\n").first { $0.hasPrefix(field) }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) } ?? -1
    }
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    return (kB("VmRSS:"), kB("RssAnon:"), descriptors)
}

// SOAK_WM=openbox runs openbox. By default the soak itself keeps the EWMH properties Tactus
// reads (the window manager check, the client list, WM_STATE): with openbox, Xorg 21.1.7
// leaves openbox's pointer grab active within a few hundred touches (10–30 windows in), and from then on
// no touch reaches anyone (the soak reports it: "already grabbed" with the daemon stopped).
let soakWindowManager: XvfbSession.WindowManager? = switch ProcessInfo.processInfo.environment["SOAK_WM"] ?? "" {
case "openbox": .openbox
case "fluxbox": .fluxbox
case "marco": .marco
case "xfwm4": .xfwm4(compositor: false)
case "xfwm4-compositor": .xfwm4(compositor: true)
case "": nil
case let other: fail("SOAK_WM=\(other): openbox, fluxbox, marco, xfwm4 or xfwm4-compositor (or unset: no window manager)")
}
let withWindowManager = soakWindowManager != nil
let x = try XvfbSession(backend: .xorg, windowManager: soakWindowManager)
tearDownX = { x.tearDown() }
guard let display = XOpenDisplay(x.display) else { fail("cannot connect to \(x.display)") }
let root = XDefaultRootWindow(display)
probePointerGrab = { XGrabPointer(display, root, 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync, 0, 0, UInt(CurrentTime)) }

func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

/// Sets a format-32 property (Xlib takes its items as C longs).
func setProperty(_ window: Window, _ name: String, _ type: Atom, _ values: [CLong]) {
    values.withUnsafeBytes { bytes in
        _ = XChangeProperty(display, window, atom(name), type, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(values.count))
    }
}

/// The client list, as a window manager keeps it on the root window.
func publishClients(_ windows: [Window]) {
    for name in ["_NET_CLIENT_LIST", "_NET_CLIENT_LIST_STACKING"] { setProperty(root, name, XA_WINDOW, windows.map { CLong(bitPattern: $0) }) }
    XSync(display, 0)
}

/// Without openbox, the soak is the window manager Tactus sees: a check window, one desktop.
if !withWindowManager {
    let check = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
    for window in [root, check] {
        setProperty(window, "_NET_SUPPORTING_WM_CHECK", XA_WINDOW, [CLong(bitPattern: check)])
    }
    setProperty(root, "_NET_NUMBER_OF_DESKTOPS", XA_CARDINAL, [1])
    setProperty(root, "_NET_CURRENT_DESKTOP", XA_CARDINAL, [0])
    publishClients([])
}

let config = output + "/soak.yaml"
try profile.write(toFile: config, atomically: true, encoding: .utf8)
let runtime = output + "/runtime-\(getpid())"
try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
let daemon = try Child([tactus, "run", "--display", x.display, "--config", config] + (ProcessInfo.processInfo.environment["DAEMON_LOG"] != nil ? ["--log", "json"] : []),
                       environment: ["PATH=/usr/bin:/bin", "HOME=\(NSTemporaryDirectory())", "XDG_RUNTIME_DIR=\(runtime)"],
                       capture: true, captureErrors: true)
guard daemon.output!.wait(timeout: 20, { $0.contains("touch grab on root taken") }) != nil else {
    fail("the daemon did not take the touch grab: \(daemon.output!.lines.suffix(10))")
}
daemon.runtimeDirectory = runtime
stopDaemon = { _ = daemon.stop(signal: SIGTERM, timeout: 5) }
dumpDaemon = { try? daemon.output!.lines.joined(separator: "\n").write(toFile: output + "/daemon.log", atomically: true, encoding: .utf8) }
let touchscreen = try InputTestDevice(path: x.deviceSockets["touch"]!)

var random = SeededRandom(seed: 15)
var touchEvents = 0
var touchID: UInt32 = 0

@MainActor func point(in frame: (x: Double, y: Double, w: Double, h: Double)) -> Point {
    Point(x: frame.x + Double.random(in: 10...(frame.w - 10), using: &random), y: frame.y + Double.random(in: 10...(frame.h - 10), using: &random))
}

@MainActor func touch(_ phase: InputTestDevice.TouchPhase, _ id: UInt32, _ p: Point) {
    do { try touchscreen.touch(phase, id: id, at: p) } catch { fail("\(error)") }
    touchEvents += 1
}

/// About 100 touch events, inside `frame`: taps, drags and pinches.
@MainActor func touches(in frame: (x: Double, y: Double, w: Double, h: Double)) {
    for _ in 0..<5 {
        touchID &+= 1
        let p = point(in: frame)
        touch(.begin, touchID, p)
        touch(.end, touchID, p)
    }
    for _ in 0..<5 {
        touchID &+= 1
        let start = point(in: frame), end = point(in: frame)
        touch(.begin, touchID, start)
        for i in 1...8 {
            let f = Double(i) / 8
            touch(.update, touchID, Point(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f))
        }
        touch(.end, touchID, end)
    }
    for _ in 0..<2 {
        let a = touchID &+ 1, b = touchID &+ 2
        touchID &+= 2
        let center = point(in: (frame.x + 60, frame.y + 60, frame.w - 120, frame.h - 120))
        let spread = Double.random(in: 0.5...1.5, using: &random)
        touch(.begin, a, Point(x: center.x - 30, y: center.y))
        touch(.begin, b, Point(x: center.x + 30, y: center.y))
        for i in 1...8 {
            let d = 30 * (1 + (spread - 1) * Double(i) / 8)
            touch(.update, a, Point(x: center.x - d, y: center.y))
            touch(.update, b, Point(x: center.x + d, y: center.y))
        }
        touch(.end, a, Point(x: center.x - 30 * spread, y: center.y))
        touch(.end, b, Point(x: center.x + 30 * spread, y: center.y))
    }
}

/// A window the `soak` profile matches, mapped (openbox manages it).
@MainActor func openWindow(_ n: Int) -> (window: Window, frame: (x: Double, y: Double, w: Double, h: Double)) {
    let frame = (x: Double.random(in: 0...480, using: &random).rounded(), y: Double.random(in: 0...440, using: &random).rounded(), w: 400.0, h: 300.0)
    let window = XCreateSimpleWindow(display, root, Int32(frame.x), Int32(frame.y), UInt32(frame.w), UInt32(frame.h), 0, 0, 0xFFFFFF)
    // Where the soak put it: openbox keeps a position the user asked for.
    if let hints = XAllocSizeHints() {
        hints.pointee.flags = USPosition | USSize
        (hints.pointee.x, hints.pointee.y, hints.pointee.width, hints.pointee.height) = (Int32(frame.x), Int32(frame.y), Int32(frame.w), Int32(frame.h))
        XSetWMNormalHints(display, window, hints)
        XFree(hints)
    }
    var hint = XClassHint()
    "soak".withCString { instance in
        "Soak".withCString { cls in
            hint.res_name = UnsafeMutablePointer(mutating: instance)
            hint.res_class = UnsafeMutablePointer(mutating: cls)
            XSetClassHint(display, window, &hint)
        }
    }
    XStoreName(display, window, "soak \(n)")
    if !withWindowManager { setProperty(window, "WM_STATE", atom("WM_STATE"), [1, 0]) }
    XMapWindow(display, window)
    XSync(display, 0)
    if !withWindowManager { publishClients(open.map(\.window) + [window]) }
    verdicts.waitForWindow(window)
    return (window, frame)
}

/// Sends SIGHUP and waits for the daemon to say it reloaded.
@MainActor func reload() {
    let before = daemon.output!.count
    kill(daemon.pid, SIGHUP)
    let deadline = Date().addingTimeInterval(20)
    while !daemon.output!.lines(from: before).contains(where: { $0.contains("configuration reloaded") }) {
        guard Date() < deadline, daemon.isRunning else { fail("no reload after SIGHUP: \(daemon.output!.lines.suffix(5))") }
        usleep(1_000)
    }
}

/// Counts the verdicts the daemon gives (one per touch), from its monitor socket: the soak
/// checks that every touch it sends is decided, once, and closes a window only once the
/// touches on it are (Xorg 21.1 crashes replaying a touch to a window already destroyed).
final class Verdicts: @unchecked Sendable {
    private let lock = NSLock()
    private var seen = 0
    var count: Int { lock.lock(); defer { lock.unlock() }; return seen }

    init(runtime: String, display: String) throws {
        // Read on its own thread only, from here on.
        nonisolated(unsafe) let connection = try MonitorConnection(display: display, environment: ["XDG_RUNTIME_DIR": runtime])
        Thread.detachNewThread { [self] in
            connection.forEachLine { line in
                self.lock.lock()
                if line.contains("\"verdict\"") { self.seen += 1 }
                if line.contains("\"kind\":\"window") { self.windowLines.append(String(line)) }
                if line.contains("\"kind\":\"window\""), line.contains("\"profile\":\"soak\""),
                   let range = line.range(of: "\"id\":") {
                    let digits = line[range.upperBound...].prefix { $0.isNumber }
                    if let id = UInt(digits) { self.windows.insert(id) }
                }
                self.greeted = true
                self.lock.unlock()
            }
        }
        // The daemon counts a client from its first line (hello) on: touches sent before it
        // accepts the connection would not be counted.
        let deadline = Date().addingTimeInterval(10)
        while !isGreeted {
            guard Date() < deadline else { fail("the daemon did not greet its monitor") }
            usleep(1_000)
        }
    }

    private var greeted = false
    private var windows: Set<UInt> = []
    private var windowLines: [String] = []

    /// Waits until the daemon has matched window `id` to the soak's profile.
    func waitForWindow(_ id: UInt) {
        let deadline = Date().addingTimeInterval(10)
        while !{ lock.lock(); defer { lock.unlock() }; return windows.contains(id) }() {
            guard Date() < deadline else { fail("the daemon did not match window \(id) to its profile: \(windowLines.suffix(5))") }
            usleep(500)
        }
    }
    private var isGreeted: Bool { lock.lock(); defer { lock.unlock() }; return greeted }

    /// Waits until `n` verdicts are in.
    func wait(for n: Int, _ what: String) {
        let deadline = Date().addingTimeInterval(30)
        while count < n {
            guard Date() < deadline else {
                let withDaemon = probePointerGrab()
                stopDaemon()
                fail("\(what): \(count) verdicts for \(n) touches (a pointer grab now: \(withDaemon), and with the daemon stopped: \(probePointerGrab()); 0 success, 1 already grabbed, 4 frozen)")
            }
            usleep(1_000)
        }
    }
}

let verdicts = try Verdicts(runtime: runtime, display: x.display)
var samples: [(round: Int, touches: Int, rss: Int, anon: Int, descriptors: Int)] = []
let started = Date()
let warmUp = rounds / 10
var windows = 0
/// Windows open in the left part of the screen, below x = 880; the screen's own touches in
/// the right part, where the windows never are.
let screenArea = (x: 900.0, y: 0.0, w: 380.0, h: 800.0)
let park = Point(x: 1100, y: 700)

/// Windows touched and still open, each with the touches sent once it was done with.
var open: [(window: Window, touches: Int)] = []
var touchesSent: Int { Int(touchID) }

/// Closes the windows whose touches are all decided (all of them: `draining`).
@MainActor func closeWindows(draining: Bool) {
    while let first = open.first, draining || verdicts.count >= first.touches {
        verdicts.wait(for: first.touches, "before closing a window")
        XDestroyWindow(display, first.window)
        if !withWindowManager { publishClients(open.dropFirst().map(\.window)) }
        XSync(display, 0)
        open.removeFirst()
    }
}

for round in 1...rounds {
    if round % 2 == 0 {
        let (window, frame) = openWindow(round / 2)
        windows += 1
        touches(in: frame)
        // The last touch leaves the window: Xorg 21.1 crashes unmapping a window that the
        // touch-emulated pointer's sprite is still over.
        touchID &+= 1
        touch(.begin, touchID, park)
        touch(.end, touchID, park)
        open.append((window, touchesSent))
    } else {
        touches(in: screenArea)
    }
    closeWindows(draining: false)
    // Sampled between the touches and the reload: not while the profile file is open.
    if round % 100 == 0 || round == warmUp {
        guard daemon.isRunning else { fail("the daemon died at round \(round): \(daemon.output!.lines.suffix(10))") }
        let s = sample(daemon.pid)
        samples.append((round, touchEvents, s.rss, s.anon, s.descriptors))
        if round % 1000 == 0 {
            print("round \(round): \(touchEvents) touch events, \(windows) windows, RSS \(s.rss) kB (anonymous \(s.anon) kB), \(s.descriptors) descriptors, \(Int(Date().timeIntervalSince(started))) s")
        }
    }
    reload()
}
closeWindows(draining: true)
verdicts.wait(for: touchesSent, "after the soak")
let seconds = Int(Date().timeIntervalSince(started))
usleep(500_000)
let extra = verdicts.count - touchesSent
let exitStatus = daemon.stop(signal: SIGTERM, timeout: 10)
dumpDaemon()
XCloseDisplay(display)
x.tearDown()

let csv = "round,touch_events,rss_kb,anon_kb,descriptors\n" + samples.map { "\($0.round),\($0.touches),\($0.rss),\($0.anon),\($0.descriptors)" }.joined(separator: "\n") + "\n"
try csv.write(toFile: output + "/samples.csv", atomically: true, encoding: .utf8)

let after = samples.filter { $0.round >= warmUp }
guard let base = after.first, let peak = after.max(by: { $0.anon < $1.anon }), let last = after.last else { fail("no samples") }
let growth = peak.anon - base.anon
let rssRange = (after.map(\.rss).min() ?? 0, after.map(\.rss).max() ?? 0)
let descriptors = Set(after.map(\.descriptors))
print("""
    \(rounds) rounds in \(seconds) s: \(touchEvents) touch events, \(rounds) reloads, \(windows) windows opened and closed
    anonymous memory after warm-up (round \(base.round)): \(base.anon) kB; highest \(peak.anon) kB (round \(peak.round)); last \(last.anon) kB: grew \(growth) kB
    RSS after warm-up between \(rssRange.0) and \(rssRange.1) kB (code mapped back for each reload, let go when idle); last \(last.rss) kB
    descriptors after warm-up: \(descriptors.sorted().map(String.init).joined(separator: ", "))
    touches decided: \(touchesSent) touches, \(verdicts.count) verdicts
    daemon exit status on SIGTERM: \(exitStatus.map(String.init) ?? "none")
    samples: \(output)/samples.csv
    """)
guard growth <= 1024, descriptors.count == 1, exitStatus == 0, extra == 0 else {
    fail("not flat: anonymous memory grew \(growth) kB after the warm-up (at most 1024), descriptors \(descriptors.sorted()), exit \(exitStatus.map(String.init) ?? "none"), \(extra) verdicts more than touches")
}
print("flat: within 1 MB and the same descriptors after the warm-up; every touch decided once")
