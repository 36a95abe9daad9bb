import CX11
import Foundation
import GestureEngine
import SystemCalls
import TestSupport
import X11Session
@testable import X11TestSupport

// tactus-soak [TACTUS [ROUNDS]] (make soak): a long life for the daemon on Xorg with
// inputtest devices, driven by the integration tests' own fixture. Each round sends about
// 100 touch events (taps, drags, two-finger pinches) and reloads the profiles (SIGHUP);
// every other round opens a window its profile matches, touches it, and closes it once
// the daemon has decided those touches and the ones it handed back have reached the window.
// The daemon's memory and open descriptors are sampled every 100 rounds; after the warm-up
// (the first tenth of the rounds) its anonymous memory must stay within 1 MB and its
// descriptors the same, and every touch gets one verdict.
//
// SOAK_WM=openbox|fluxbox|marco|xfwm4|xfwm4-compositor: that window manager (unset: none, the
// soak keeps the EWMH properties Tactus reads itself).
// SOAK_PACE=finger (default): every touch event at least 5 ms after the previous one, as
// fingers go; SOAK_PACE=full: as fast as the fixture injects them.
// SOAK_STALL_SECONDS (10): a touch with no verdict that long after its last event is a stall.
// SOAK_DEBUG=1: each window whose handed-back touches did not all reach it, with its touches.
// SOAK_WINDOWS (10000; 0: none): the window churn after the rounds (without SOAK_WM only).
// Everything a run writes is in .build/soak/WM-PACE (none-finger, openbox-full, …), so that
// runs under different window managers may go side by side.
// DAEMON_LOG=1: the daemon's event log (--log json) in that folder's daemon-events.jsonl and
// its debug log (--verbose) in daemon.log.
//
// A stall (a touch with no verdict, or the touches the daemon hands back no longer reaching
// the windows) is reported with who holds the pointer, the server's own dump of its grabs
// (XF86LogGrabInfo: Ctrl+Alt+F11 on the inputtest keyboard, with grab:debug set), the
// server's log and the last touches; exit 2. The server exiting is reported with the end of
// its log (the backtrace); exit 3.

let environment = ProcessInfo.processInfo.environment
// A reader of the output that goes away must not end the soak before it has stopped the X server.
signal(SIGPIPE, SIG_IGN)
let arguments = CommandLine.arguments
let tactus = arguments.count > 1 ? arguments[1] : repositoryRoot.appendingPathComponent(".build/release/tactus").path
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000
let output = repositoryRoot.appendingPathComponent(".build/soak/\(environment["SOAK_WM"].flatMap { $0.isEmpty ? nil : $0 } ?? "none")-\(environment["SOAK_PACE"] ?? "finger")").path
try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
for stale in ["daemon.log", "daemon-events.jsonl", "Xorg.log", "report.txt"] { try? FileManager.default.removeItem(atPath: output + "/" + stale) }

/// How fast touch events follow each other.
enum Pace: String {
    /// At least 5 ms apart: what fingers do (a touchscreen reports every 5–16 ms).
    case finger
    /// As fast as the fixture injects them (each one written and synced with the server).
    case full
}
let fingerInterval = 0.005
let stallSeconds = Double(environment["SOAK_STALL_SECONDS"] ?? "") ?? 10
/// How long the touches handed back on a window may take to reach it once decided.
let pressGrace = 5.0

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

func monotonic() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

// MARK: Set-up

// Globals, not guard-let bindings (those are local to this file's top-level code): the
// functions of the other files use them.
let pace: Pace = {
    guard let pace = Pace(rawValue: environment["SOAK_PACE"] ?? "finger") else { fail("SOAK_PACE=\(environment["SOAK_PACE"]!): finger or full") }
    return pace
}()
let soakWindowManager: XvfbSession.WindowManager? = switch environment["SOAK_WM"] ?? "" {
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
serverLog = x.serverLog
serverExitStatus = { x.serverExitStatus }
/// The soak's connection, used from the report's nonisolated functions as before the split
/// (when this was a guard-let binding of the top-level code).
nonisolated(unsafe) let display: OpaquePointer = {
    guard let display = XOpenDisplay(x.display) else { fail("cannot connect to \(x.display)") }
    return display
}()
// The server gone: report it (Xlib would end the process).
XSetIOErrorHandler { _ in report(.crash, "the connection to the X server broke") }
let root = XDefaultRootWindow(display)

/// Without a window manager, the soak is the window manager Tactus sees: a check window, one desktop.
if !withWindowManager {
    let check = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
    for window in [root, check] {
        setProperty(window, "_NET_SUPPORTING_WM_CHECK", XA_WINDOW, [CLong(bitPattern: check)])
    }
    setProperty(root, "_NET_NUMBER_OF_DESKTOPS", XA_CARDINAL, [1])
    setProperty(root, "_NET_CURRENT_DESKTOP", XA_CARDINAL, [0])
    publishClients([])
}

/// grab:debug on the inputtest keyboard: Ctrl+Alt+F11 is XF86LogGrabInfo, the server's dump of
/// every active and passive grab into its log.
nonisolated(unsafe) let keyboard = try InputTestDevice(path: x.deviceSockets["keyboard"]!)
if let id = deviceID("keyboard") {
    let setxkbmap = try Child(["setxkbmap", "-display", x.display, "-device", "\(id)", "-option", "grab:debug"], environment: ["PATH=/usr/bin:/bin"], capture: true, captureErrors: true)
    if setxkbmap.waitForExit(timeout: 10) != 0 { print("setxkbmap -option grab:debug failed: \(setxkbmap.output!.lines): no grab dump on a stall") }
}
grabLines = { label in
    ["who holds the pointer, \(label): \(probePointerGrab()); its buttons: \(pointerButtons())", "the server's grabs, \(label) (XF86LogGrabInfo):"] + dumpGrabs().map { "  Xorg: \($0)" }
}

// MARK: The daemon

let config = output + "/soak.yaml"
try profile.write(toFile: config, atomically: true, encoding: .utf8)
let runtime = output + "/runtime-\(getpid())"
runtimeDirectory = runtime
let daemonLog = environment["DAEMON_LOG"].map { _ in
    FileDescriptor(rawValue: Glibc.open(output + "/daemon-events.jsonl", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644))
}
let daemon: Child = {
    do {
        return try x.launchDaemon(["--config", config] + (daemonLog != nil ? ["--log", "json", "--verbose"] : []), environment: ["HOME=\(NSTemporaryDirectory())"],
                                  runtime: runtime, standardOutput: daemonLog, ready: "touch grab on root taken", timeout: 20, binary: tactus)
    } catch {
        fail("the daemon did not take the touch grab: \(error)")
    }
}()
daemonLines = { daemon.output!.lines }
stopDaemon = { _ = daemon.stop(signal: SIGTERM, timeout: 5) }
let touchscreen = try InputTestDevice(path: x.deviceSockets["touch"]!)

// MARK: State
// The soak's state stays in this file's top-level code, initialized in order and isolated to
// the main actor, as are the functions of Touches.swift, Verdicts.swift and Windows.swift that
// use it.

var random = SeededRandom(seed: 15)
var touchEvents = 0
var touchID: UInt32 = 0
var sent: [SentTouch] = [SentTouch(kind: .tap, emulatesPointer: false, lastEvent: 0, lastPhase: .end, lastPoint: Point(x: 0, y: 0))]
var down: Set<UInt32> = []
var kind = SentTouch.Kind.tap
/// The window the touches go to now (nil: the screen area).
var target: Int?
var round = 0
var lastTouchEvent = -Double.infinity
var smallestGap = Double.infinity
let debugSoak = environment["SOAK_DEBUG"] != nil
var currentWindow: Window = 0
let verdicts = try Verdicts(runtime: runtime, display: x.display)
var touchesSent: Int { Int(touchID) }
/// The lowest touch id without a verdict (all before it are decided).
var oldestUndecided = 1

/// ButtonPress events reaching the soak's windows (the touches the daemon handed back, as the
/// server emulates the pointer with them), by window serial.
var presses: [Int: Int] = [:]
var serials: [Window: Int] = [:]
/// The pointer-emulating touches handed back on the windows closed so far; the presses that
/// reached any of the soak's windows, those counted for the windows closed (a window waits
/// for as many as it handed back, or `pressGrace`), and those seen when the last one closed.
var pressesExpected = 0, pressesSeen = 0, pressesConsumed = 0, pressesAtLastClose = 0
/// Windows in a row where touches were handed back and none reached the window.
var windowsMissed = 0
/// Windows touched and still open: the touches sent to each, and when they were all decided.
var open: [(window: Window, serial: Int, touches: ClosedRange<Int>, decidedAt: Double?)] = []
stateLines = {
    var lines = ["at round \(round) of \(rounds), pace \(pace.rawValue), window manager \(soakWindowManager?.description ?? "none"): \(touchEvents) touch events, \(touchesSent) touches sent, \(verdicts.count) verdicts; \(pressesSeen) presses reached the windows\(verdicts.dropped > 0 ? "; the monitor dropped \(verdicts.dropped) lines" : "")"]
    if let last = verdicts.lastVerdict { lines.append("the last verdict, \(String(format: "%.3f", monotonic() - last.at)) s ago: \(last.line)") }
    let undecided = verdicts.firstUndecided(from: oldestUndecided)
    if undecided <= touchesSent { lines.append("the oldest touch without a verdict: \(describe(undecided))") }
    lines.append("the last touches sent:")
    lines += (max(1, touchesSent - 7)...max(1, touchesSent)).map { "  \(describe($0))" }
    lines.append("windows open (\(open.count)): \(open.suffix(4).map { "\($0.serial) (0x\(String($0.window, radix: 16)), touches \($0.touches.lowerBound)–\($0.touches.upperBound), presses \(presses[$0.serial] ?? 0))" }.joined(separator: ", "))")
    return lines
}

// MARK: The rounds

XSync(display, 0)
logStart = (serverLog.flatMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }) ?? 0
var samples: [(round: Int, touches: Int, rss: Int, anon: Int, descriptors: Int)] = []
let started = monotonic()
let warmUp = rounds / 10
var windows = 0
/// Windows open in the left part of the screen, below x = 880; the screen's own touches in
/// the right part, where the windows never are.
let screenArea = (x: 900.0, y: 0.0, w: 380.0, h: 800.0)
let park = Point(x: 1100, y: 700)

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

print("soak: \(rounds) rounds, pace \(pace.rawValue), window manager \(soakWindowManager?.description ?? "none") on \(x.display)")
fflush(nil)
for r in 1...rounds {
    round = r
    if round % 2 == 0 {
        let (window, frame) = openWindow(round / 2)
        currentWindow = window
        windows += 1
        let first = touchesSent + 1
        target = round / 2
        touches(in: frame)
        target = nil
        // The last touch leaves the window: Xorg 21.1 crashes unmapping a window that the
        // touch-emulated pointer's sprite is still over.
        kind = .park
        touchID &+= 1
        touch(.begin, touchID, park)
        touch(.end, touchID, park)
        open.append((window, round / 2, first...touchesSent, nil))
    } else {
        touches(in: screenArea)
    }
    drainEvents()
    closeWindows(draining: false)
    // Sampled between the touches and the reload: not while the profile file is open.
    if round % 100 == 0 || round == warmUp {
        guard daemon.isRunning else { fail("the daemon died at round \(round): \(daemon.output!.lines.suffix(10))") }
        let s = sample(daemon.pid)
        samples.append((round, touchEvents, s.rss, s.anon, s.descriptors))
        if round % 1000 == 0 {
            print("round \(round): \(touchEvents) touch events, \(windows) windows, RSS \(s.rss) kB (anonymous \(s.anon) kB), \(s.descriptors) descriptors, \(Int(monotonic() - started)) s")
            fflush(nil)
        }
    }
    reload()
}
closeWindows(draining: true)
while !decided(upTo: touchesSent) {
    watchdog()
    usleep(1_000)
}
let seconds = Int(monotonic() - started)
/// SOAK_WINDOWS (10000; 0: none): the window churn after the rounds, where the soak keeps the
/// EWMH lists (no SOAK_WM: a window manager keeps its own and would manage every window).
let churnCount = Int(environment["SOAK_WINDOWS"] ?? "") ?? 10_000
var churn: ChurnFigures?
if churnCount > 0, !withWindowManager {
    print("window churn: \(churnCount) windows, 100 restacks, 1000 active-window changes, a drag after each restack and every tenth change")
    fflush(nil)
    churn = churnWindows(churnCount)
}
usleep(500_000)
let extra = verdicts.count - touchesSent
let exitStatus = daemon.stop(signal: SIGTERM, timeout: 10)
if let status = x.serverExitStatus { report(.crash, "the X server exited with status \(status) after the last round") }
try? daemonLines().joined(separator: "\n").write(toFile: output + "/daemon.log", atomically: true, encoding: .utf8)
XCloseDisplay(display)
x.tearDown()
try? FileManager.default.removeItem(atPath: runtime)
// From here on a report has no X side.
(serverExitStatus, grabLines, tearDownX, stopDaemon) = ({ nil }, { _ in [] }, {}, {})

let churnLate = churn.map { $0.latencies.filter { $0 > 0.25 }.count } ?? 0
let churnSummary: String = {
    guard let churn else { return withWindowManager ? "window churn: not run (the soak keeps the EWMH lists only without SOAK_WM)" : "window churn: not run (SOAK_WINDOWS=0)" }
    let sorted = churn.latencies.sorted()
    func ms(_ s: Double) -> String { String(format: "%.1f", s * 1000) }
    return """
        window churn, \(churn.windows) windows: mapped at once, read by the daemon in \(churn.intakeWall.map { String(format: "%.1f s", $0) } ?? "(its note not seen)") of wall time and \(String(format: "%.2f", churn.intakeSeconds)) s of CPU; daemon CPU \(String(format: "%.2f", churn.restackSeconds)) s for 100 restacks, \(String(format: "%.2f", churn.activeSeconds)) s for 1000 active-window changes
        touches during the churn: \(sorted.count), reached the window in p50 \(ms(sorted[sorted.count / 2])) ms, p99 \(ms(sorted[min(sorted.count - 1, sorted.count * 99 / 100)])) ms, max \(ms(sorted.last!)) ms from their first event; \(churnLate) over 250 ms
        anonymous memory: \(churn.anonymousBefore) kB before the windows, \(churn.anonymousPeak) kB with them, \(churn.anonymousAfter) kB once they closed
        """
}()
let csv = "round,touch_events,rss_kb,anon_kb,descriptors\n" + samples.map { "\($0.round),\($0.touches),\($0.rss),\($0.anon),\($0.descriptors)" }.joined(separator: "\n") + "\n"
try csv.write(toFile: output + "/samples.csv", atomically: true, encoding: .utf8)

let after = samples.filter { $0.round >= warmUp }
guard let base = after.first, let peak = after.max(by: { $0.anon < $1.anon }), let last = after.last else { fail("no samples") }
let growth = peak.anon - base.anon
let rssRange = (after.map(\.rss).min() ?? 0, after.map(\.rss).max() ?? 0)
let descriptors = Set(after.map(\.descriptors))
print("""
    \(rounds) rounds in \(seconds) s: \(touchEvents) touch events, \(rounds) reloads, \(windows) windows opened and closed
    pace \(pace.rawValue): touch events at least \(String(format: "%.2f", smallestGap * 1000)) ms apart; window manager \(soakWindowManager?.description ?? "none")
    anonymous memory after warm-up (round \(base.round)): \(base.anon) kB; highest \(peak.anon) kB (round \(peak.round)); last \(last.anon) kB: grew \(growth) kB
    RSS after warm-up between \(rssRange.0) and \(rssRange.1) kB (code mapped back for each reload, let go when idle); last \(last.rss) kB
    descriptors after warm-up: \(descriptors.sorted().map(String.init).joined(separator: ", "))
    touches decided: \(touchesSent) touches, \(verdicts.count) verdicts
    touches handed back on the windows: \(pressesExpected) pointer-emulating, \(pressesSeen) presses reached the windows\(verdicts.dropped > 0 ? "\nthe monitor dropped \(verdicts.dropped) lines (the soak read them too slowly)" : "")
    stalls: none; X server: running to the end
    \(churnSummary)
    daemon exit status on SIGTERM: \(exitStatus.map(String.init) ?? "none")
    samples: \(output)/samples.csv
    """)
if churnLate > 0 {
    print("window churn: \(churnLate) touches reached their window more than 250 ms after their first event")
    exit(1)
}
guard growth <= 1024, descriptors.count == 1, exitStatus == 0, extra == 0 else {
    print("not flat: anonymous memory grew \(growth) kB after the warm-up (at most 1024), descriptors \(descriptors.sorted()), exit \(exitStatus.map(String.init) ?? "none"), \(extra) verdicts more than touches")
    exit(1)
}
print("flat: within 1 MB and the same descriptors after the warm-up; every touch decided once")
