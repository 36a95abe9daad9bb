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

// MARK: Reports

enum Outcome: Int32 {
    case failure = 1, stall = 2, crash = 3
    var title: String {
        switch self {
        case .failure: "failure"
        case .stall: "STALL"
        case .crash: "X SERVER CRASH"
        }
    }
}

/// What the report needs of the soak's state; set once each part exists (exit() releases no globals).
nonisolated(unsafe) var serverLog: String?
nonisolated(unsafe) var serverExitStatus: () -> Int32? = { nil }
nonisolated(unsafe) var stateLines: () -> [String] = { [] }
nonisolated(unsafe) var daemonLines: () -> [String] = { [] }
nonisolated(unsafe) var stopDaemon: () -> Void = {}
/// The X side of a stall: who holds the pointer, the server's grab dump (the server alive).
nonisolated(unsafe) var grabLines: (_ label: String) -> [String] = { _ in [] }
/// Stops the X server and what runs on it.
nonisolated(unsafe) var tearDownX: () -> Void = {}
/// Where the Xorg log stood once the session was set up (what the soak made it log follows).
nonisolated(unsafe) var logStart = 0
nonisolated(unsafe) var reporting: Outcome?
/// The daemon's XDG_RUNTIME_DIR (its lock and monitor socket), removed at the end.
nonisolated(unsafe) var runtimeDirectory = ""

func readLog() -> [String] {
    guard let serverLog, let text = try? String(contentsOfFile: serverLog, encoding: .utf8) else { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// The lines of the server's log written since the soak's set-up but the grab dumps, at most `limit` (the last).
func logSinceStart(limit: Int) -> [String] {
    guard let serverLog, let data = FileManager.default.contents(atPath: serverLog), data.count > logStart else { return [] }
    var inDump = false
    let lines = String(decoding: data[logStart...], as: UTF8.self).split(separator: "\n").map(String.init).filter { line in
        if line.contains("Printing all currently active device grabs") { inDump = true }
        defer { if line.contains("End list of registered passive grabs") { inDump = false } }
        // The inputtest driver's debug lines: every event it injects.
        return !inDump && !line.contains("(DB) inputtest") && !line.contains("dbus-core: error connecting to system bus")
    }
    return lines.count > limit ? ["… (\(lines.count - limit) lines before)"] + lines.suffix(limit) : lines
}

/// Prints what went wrong and why as far as the soak can see, keeps the logs in its folder of .build/soak, stops everything, exits.
func report(_ outcome: Outcome, _ message: String) -> Never {
    if let already = reporting { _exit(already.rawValue) }
    // The server may have died under whatever failed.
    let exited = serverExitStatus()
    let outcome = exited != nil ? .crash : outcome
    reporting = outcome
    var lines = ["tactus-soak: \(outcome.title): \(message)"]
    if let exited {
        lines.append("the X server exited (status \(exited)\(exited > 128 ? ", signal \(exited - 128)" : "")); the end of its log:")
        let log = readLog()
        let start = (log.lastIndex { $0.contains("Backtrace:") } ?? log.lastIndex { $0.contains("Fatal server error") }).map { max(0, $0 - 3) } ?? max(0, log.count - 60)
        lines += log[start...].filter { !$0.contains("(DB) inputtest") }.prefix(80).map { "  Xorg: \($0)" }
    }
    lines += stateLines()
    if exited == nil {
        lines += grabLines("with the daemon running")
        stopDaemon()
        lines += grabLines("with the daemon stopped")
        lines.append("the server's log since the set-up, but the grab dumps (\(output)/Xorg.log has them whole):")
        lines += logSinceStart(limit: 200).map { "  Xorg: \($0)" }
    } else {
        stopDaemon()
    }
    let daemon = daemonLines()
    try? daemon.joined(separator: "\n").write(toFile: output + "/daemon.log", atomically: true, encoding: .utf8)
    lines.append("the daemon's last lines (all of them: \(output)/daemon.log):")
    lines += daemon.suffix(30).map { "  tactus: \($0)" }
    if let events = try? String(contentsOfFile: output + "/daemon-events.jsonl", encoding: .utf8) {
        lines.append("its event log's last lines (\(output)/daemon-events.jsonl):")
        lines += events.split(separator: "\n").suffix(40).map { "  event: \($0)" }
    }
    if let serverLog { try? FileManager.default.copyItem(atPath: serverLog, toPath: output + "/Xorg.log") }
    try? FileManager.default.removeItem(atPath: runtimeDirectory)
    lines.append("logs: \(output)/Xorg.log, \(output)/daemon.log")
    let text = lines.joined(separator: "\n") + "\n"
    try? text.write(toFile: output + "/report.txt", atomically: true, encoding: .utf8)
    // Everything stopped before the report is printed: a reader gone (SIGPIPE) ends nothing early.
    if exited == nil {
        tearDownX()
    } else if let serverLog {
        // Closing a connection to a dead server ends the process in Xlib: only the files go.
        try? FileManager.default.removeItem(atPath: (serverLog as NSString).deletingLastPathComponent)
    }
    FileHandle.standardError.write(Data(text.utf8))
    exit(outcome.rawValue)
}

func fail(_ message: String) -> Never { report(.failure, message) }

// MARK: Set-up

guard let pace = Pace(rawValue: environment["SOAK_PACE"] ?? "finger") else { fail("SOAK_PACE=\(environment["SOAK_PACE"]!): finger or full") }
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
guard let display = XOpenDisplay(x.display) else { fail("cannot connect to \(x.display)") }
// The server gone: report it (Xlib would end the process).
XSetIOErrorHandler { _ in report(.crash, "the connection to the X server broke") }
let root = XDefaultRootWindow(display)

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

/// The id of the inputtest device `name` (XIQueryDevice).
func deviceID(_ name: String) -> Int32? {
    var count: Int32 = 0
    guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return nil }
    defer { XIFreeDeviceInfo(devices) }
    return (0..<Int(count)).first { String(cString: devices[$0].name) == name }.map { devices[$0].deviceid }
}

/// grab:debug on the inputtest keyboard: Ctrl+Alt+F11 is XF86LogGrabInfo, the server's dump of
/// every active and passive grab into its log.
nonisolated(unsafe) let keyboard = try InputTestDevice(path: x.deviceSockets["keyboard"]!)
if let id = deviceID("keyboard") {
    let setxkbmap = try Child(["setxkbmap", "-display", x.display, "-device", "\(id)", "-option", "grab:debug"], environment: ["PATH=/usr/bin:/bin"], capture: true, captureErrors: true)
    if setxkbmap.waitForExit(timeout: 10) != 0 { print("setxkbmap -option grab:debug failed: \(setxkbmap.output!.lines): no grab dump on a stall") }
}

/// Whether another client holds or froze the pointer (XGrabPointer's answer; a grab it gets is let go at once).
func probePointerGrab() -> String {
    let status = XGrabPointer(display, root, 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync, 0, 0, UInt(CurrentTime))
    if status == GrabSuccess { XUngrabPointer(display, UInt(CurrentTime)) }
    XSync(display, 0)
    return ["0 free (granted to the soak, let go)", "1 already grabbed by another client", "2 invalid time", "3 not viewable", "4 frozen by another client's grab"][Int(status)]
}

/// The buttons the server holds down on the core pointer (XQueryPointer's mask): a button
/// left down with no finger on the screen swallows every press after it.
func pointerButtons() -> String {
    var rootReturn: Window = 0, child: Window = 0, rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0, mask: UInt32 = 0
    XQueryPointer(display, root, &rootReturn, &child, &rx, &ry, &wx, &wy, &mask)
    let buttons = (1...5).filter { mask & (UInt32(Button1Mask) << UInt32($0 - 1)) != 0 }
    return buttons.isEmpty ? "none down, at \(rx),\(ry)" : "button \(buttons.map(String.init).joined(separator: ", ")) down, at \(rx),\(ry)"
}

/// Presses Ctrl+Alt+F11 on the inputtest keyboard and returns the dump it writes to the log.
func dumpGrabs() -> [String] {
    guard let serverLog, let before = (try? FileManager.default.attributesOfItem(atPath: serverLog))?[.size] as? Int else { return ["(no server log)"] }
    do {
        for code: UInt8 in [37, 64, 95] { try keyboard.key(code, pressed: true) }  // Control_L, Alt_L, F11
        for code: UInt8 in [95, 64, 37] { try keyboard.key(code, pressed: false) }
    } catch {
        return ["(the keyboard: \(error))"]
    }
    let deadline = monotonic() + 3
    while monotonic() < deadline {
        if let data = FileManager.default.contents(atPath: serverLog), data.count > before {
            let text = String(decoding: data[before...], as: UTF8.self)
            if text.contains("End list of registered passive grabs") {
                let lines = text.split(separator: "\n").map(String.init)
                let first = lines.firstIndex { $0.contains("Printing all currently active device grabs") } ?? 0
                let passive = lines.firstIndex { $0.contains("Printing all currently registered grabs") } ?? lines.count
                return Array(lines[first..<passive]) + summarizePassiveGrabs(lines[passive...])
            }
        }
        usleep(20_000)
    }
    return ["(no grab dump in the server's log within 3 s of Ctrl+Alt+F11: the keyboard is frozen too, or grab:debug is not set)"]
}

/// The passive grabs of the dump, by client: how many of each type on each window (the whole
/// list is in the log).
func summarizePassiveGrabs(_ lines: ArraySlice<String>) -> [String] {
    var summary: [String] = []
    var client = ""
    var counts: [(type: String, count: Int, windows: Set<Substring>)] = []
    func flush() {
        guard !client.isEmpty else { return }
        summary.append("passive grabs of \(client): " + (counts.isEmpty ? "none" : counts.map { "\($0.type) ×\($0.count) on \($0.windows.count == 1 ? "window \($0.windows.first!)" : "\($0.windows.count) windows")" }.joined(separator: ", ")))
        counts = []
    }
    for line in lines {
        if let range = line.range(of: "Printing all registered grabs of ") {
            flush()
            client = String(line[range.upperBound...])
        } else if let range = line.range(of: ", type "), let on = line.range(of: " on window ") {
            let type = String(line[range.upperBound..<on.lowerBound]), window = line[on.upperBound...]
            if let i = counts.firstIndex(where: { $0.type == type }) {
                counts[i].count += 1
                counts[i].windows.insert(window)
            } else {
                counts.append((type, 1, [window]))
            }
        }
    }
    flush()
    return summary
}

grabLines = { label in
    ["who holds the pointer, \(label): \(probePointerGrab()); its buttons: \(pointerButtons())", "the server's grabs, \(label) (XF86LogGrabInfo):"] + dumpGrabs().map { "  Xorg: \($0)" }
}

// MARK: The daemon

let config = output + "/soak.yaml"
try profile.write(toFile: config, atomically: true, encoding: .utf8)
let runtime = output + "/runtime-\(getpid())"
try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
runtimeDirectory = runtime
let daemonLog = environment["DAEMON_LOG"].map { _ in
    FileDescriptor(rawValue: Glibc.open(output + "/daemon-events.jsonl", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644))
}
let daemon = try Child([tactus, "run", "--display", x.display, "--config", config] + (daemonLog != nil ? ["--log", "json", "--verbose"] : []),
                       environment: ["PATH=/usr/bin:/bin", "HOME=\(NSTemporaryDirectory())", "XDG_RUNTIME_DIR=\(runtime)"],
                       capture: true, captureErrors: true, standardOutput: daemonLog)
daemonLines = { daemon.output!.lines }
guard daemon.output!.wait(timeout: 20, { $0.contains("touch grab on root taken") }) != nil else {
    fail("the daemon did not take the touch grab: \(daemon.output!.lines.suffix(10))")
}
daemon.runtimeDirectory = runtime
stopDaemon = { _ = daemon.stop(signal: SIGTERM, timeout: 5) }
let touchscreen = try InputTestDevice(path: x.deviceSockets["touch"]!)

// MARK: Touches

typealias Frame = (x: Double, y: Double, w: Double, h: Double)

/// A touch the soak sent (index: its id, which is also the daemon's: both count from 1 in the
/// order touches begin).
struct SentTouch {
    enum Kind: String { case tap, drag, pinch, park }
    var kind: Kind
    /// The window it was sent to (its serial), or nil: the screen area.
    var window: Int?
    /// The first touch down: the server emulates the pointer with it.
    var emulatesPointer: Bool
    var lastEvent: Double
    var lastPhase: InputTestDevice.TouchPhase
    var lastPoint: Point
}

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

@MainActor func point(in frame: Frame) -> Point {
    Point(x: frame.x + Double.random(in: 10...(frame.w - 10), using: &random), y: frame.y + Double.random(in: 10...(frame.h - 10), using: &random))
}

let debugSoak = environment["SOAK_DEBUG"] != nil
var currentWindow: Window = 0
/// The child of root holding `window` (its frame, with a window manager).
@MainActor func frameOf(_ window: Window) -> Window {
    var w = window
    while true {
        var rootReturn: Window = 0, parent: Window = 0, children: UnsafeMutablePointer<Window>?, count: UInt32 = 0
        guard XQueryTree(display, w, &rootReturn, &parent, &children, &count) != 0 else { return 0 }
        if let children { XFree(children) }
        if parent == root || parent == 0 { return w }
        w = parent
    }
}

@MainActor func touch(_ phase: InputTestDevice.TouchPhase, _ id: UInt32, _ p: Point) {
    watchdog()
    var now = monotonic()
    if pace == .finger, now < lastTouchEvent + fingerInterval {
        repeat {
            usleep(UInt32(max(50, (lastTouchEvent + fingerInterval - now) * 1e6)))
            now = monotonic()
        } while now < lastTouchEvent + fingerInterval
    }
    smallestGap = min(smallestGap, now - lastTouchEvent)
    lastTouchEvent = now
    if phase == .begin {
        precondition(Int(id) == sent.count, "touch ids count from 1")
        sent.append(SentTouch(kind: kind, window: target, emulatesPointer: down.isEmpty, lastEvent: now, lastPhase: phase, lastPoint: p))
        down.insert(id)
        if debugSoak, target != nil {
            var x: Int32 = 0, y: Int32 = 0, under: Window = 0
            XTranslateCoordinates(display, root, root, Int32(p.x), Int32(p.y), &x, &y, &under)
            let owner = open.first { frameOf($0.window) == under }.map { "window \($0.serial)" } ?? (under == frameOf(currentWindow) ? "window \(target!)" : "0x\(String(under, radix: 16))")
            print("  touch \(id) (\(kind)) for window \(target!) lands on \(owner)")
        }
    } else {
        sent[Int(id)].lastEvent = now
        sent[Int(id)].lastPhase = phase
        sent[Int(id)].lastPoint = p
        if phase == .end { down.remove(id) }
    }
    do { try touchscreen.touch(phase, id: id, at: p) } catch { fail("touch \(id) \(phase): \(error)") }
    touchEvents += 1
}

/// About 100 touch events, inside `frame`: taps, drags and pinches.
@MainActor func touches(in frame: Frame) {
    kind = .tap
    for _ in 0..<5 {
        touchID &+= 1
        let p = point(in: frame)
        touch(.begin, touchID, p)
        touch(.end, touchID, p)
    }
    kind = .drag
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
    kind = .pinch
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

// MARK: Verdicts

/// The verdicts the daemon gives (one per touch), from its monitor socket, by touch id.
final class Verdicts: @unchecked Sendable {
    enum Verdict: UInt8 { case none = 0, claimed, released }
    private let lock = NSLock()
    private var seen = 0
    private var byID: [Verdict] = [.none]
    private var last: (line: String, at: Double)?
    private var greeted = false
    private var windows: Set<UInt> = []
    private var windowLines: [String] = []
    private var listsRead = 0
    /// How many times the daemon said it had read every window of the client list.
    var clientListsRead: Int { lock.lock(); defer { lock.unlock() }; return listsRead }

    var count: Int { lock.lock(); defer { lock.unlock() }; return seen }
    private var droppedLines = 0
    /// Lines the daemon did not send the soak's monitor connection (it fell behind).
    var dropped: Int { lock.lock(); defer { lock.unlock() }; return droppedLines }

    init(runtime: String, display: String) throws {
        // Read on its own thread only, from here on.
        nonisolated(unsafe) let connection = try MonitorConnection(display: display, environment: ["XDG_RUNTIME_DIR": runtime])
        Thread.detachNewThread { [self] in
            connection.forEachLine { line in
                self.lock.lock()
                if line.contains("\"verdict\"") {
                    self.seen += 1
                    self.last = (String(line), monotonic())
                    if let id = Self.number(after: "\"id\":", in: line) {
                        while self.byID.count <= id { self.byID.append(.none) }
                        self.byID[id] = line.contains("\"verdict\":\"claimed\"") ? .claimed : .released
                    }
                }
                if line.contains("\"kind\":\"dropped\""), let n = Self.number(after: "\"lines\":", in: line) { self.droppedLines += n }
                if line.contains("\"kind\":\"window") {
                    self.windowLines.append(String(line))
                    if self.windowLines.count > 100 { self.windowLines.removeFirst(50) }
                }
                if line.contains("every listed window read") { self.listsRead += 1 }
                if line.contains("\"kind\":\"window\""), line.contains("\"profile\":\"soak\""), let id = Self.number(after: "\"id\":", in: line) {
                    self.windows.insert(UInt(id))
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

    private static func number<S: StringProtocol>(after key: String, in line: S) -> Int? {
        guard let range = line.range(of: key) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    private var isGreeted: Bool { lock.lock(); defer { lock.unlock() }; return greeted }

    func verdict(_ id: Int) -> Verdict {
        lock.lock(); defer { lock.unlock() }
        return id < byID.count ? byID[id] : .none
    }

    /// The lowest touch id from `from` on with no verdict yet.
    func firstUndecided(from: Int) -> Int {
        lock.lock(); defer { lock.unlock() }
        var id = from
        while id < byID.count, byID[id] != .none { id += 1 }
        return id
    }

    var lastVerdict: (line: String, at: Double)? { lock.lock(); defer { lock.unlock() }; return last }

    /// Whether the daemon has matched window `id` to the soak's profile.
    func matched(_ id: UInt) -> Bool { lock.lock(); defer { lock.unlock() }; return windows.contains(id) }
    var lastWindowLines: [String] { lock.lock(); defer { lock.unlock() }; return windowLines.suffix(5) }
}

let verdicts = try Verdicts(runtime: runtime, display: x.display)
var touchesSent: Int { Int(touchID) }
/// The lowest touch id without a verdict (all before it are decided).
var oldestUndecided = 1

/// Whether every touch up to `id` has its verdict.
@MainActor func decided(upTo id: Int) -> Bool {
    oldestUndecided = verdicts.firstUndecided(from: oldestUndecided)
    return oldestUndecided > id
}

@MainActor func describe(_ id: Int) -> String {
    guard id > 0, id < sent.count else { return "touch \(id) (not sent)" }
    let t = sent[id]
    let verdict = verdicts.verdict(id)
    return "touch \(id): a \(t.kind.rawValue) on \(t.window.map { "window \($0)" } ?? "the screen area")\(t.emulatesPointer ? " (pointer-emulating)" : ""), last event \(t.lastPhase) at \(Int(t.lastPoint.x)),\(Int(t.lastPoint.y)) \(String(format: "%.3f", monotonic() - t.lastEvent)) s ago, verdict \(verdict == .none ? "none yet" : "\(verdict)")"
}

/// The soak stalls when a touch has no verdict `stallSeconds` after its last event; the X
/// server exiting is a crash.
@MainActor func watchdog() {
    if let status = x.serverExitStatus { report(.crash, "the X server exited with status \(status) at round \(round)") }
    guard !decided(upTo: touchesSent), oldestUndecided < sent.count else { return }
    let waited = monotonic() - sent[oldestUndecided].lastEvent
    if waited > stallSeconds {
        report(.stall, "no verdict for touch \(oldestUndecided) \(Int(waited)) s after its last event (round \(round))")
    }
}

// MARK: Windows

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

@MainActor func drainEvents() {
    var event = XEvent()
    while XPending(display) > 0 {
        XNextEvent(display, &event)
        if event.type == ButtonPress, let serial = serials[event.xbutton.window] {
            presses[serial, default: 0] += 1
            pressesSeen += 1
        }
    }
}

/// A window the `soak` profile matches, mapped and matched by the daemon; its client area on
/// the screen (a window manager puts its frame where the soak asked, the client inside).
@MainActor func openWindow(_ n: Int) -> (window: Window, frame: Frame) {
    let asked = (x: Double.random(in: 0...480, using: &random).rounded(), y: Double.random(in: 0...440, using: &random).rounded(), w: 400.0, h: 300.0)
    let window = XCreateSimpleWindow(display, root, Int32(asked.x), Int32(asked.y), UInt32(asked.w), UInt32(asked.h), 0, 0, 0xFFFFFF)
    serials[window] = n
    XSelectInput(display, window, ButtonPressMask)
    // Where the soak put it: window managers keep a position the user asked for.
    if let hints = XAllocSizeHints() {
        hints.pointee.flags = USPosition | USSize
        (hints.pointee.x, hints.pointee.y, hints.pointee.width, hints.pointee.height) = (Int32(asked.x), Int32(asked.y), Int32(asked.w), Int32(asked.h))
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
    let deadline = monotonic() + 10
    while !verdicts.matched(window) {
        watchdog()
        guard monotonic() < deadline else { fail("the daemon did not match window \(n) (0x\(String(window, radix: 16))) to its profile within 10 s: \(windowState(window)); the daemon's last window lines: \(verdicts.lastWindowLines)") }
        usleep(500)
    }
    var rx: Int32 = 0, ry: Int32 = 0, child: Window = 0
    XTranslateCoordinates(display, window, root, 0, 0, &rx, &ry, &child)
    if environment["SOAK_DEBUG"] != nil {
        var rootReturn: Window = 0, parent: Window = 0, children: UnsafeMutablePointer<Window>?, count: UInt32 = 0
        XQueryTree(display, window, &rootReturn, &parent, &children, &count)
        if let children { XFree(children) }
        print("window \(n) (0x\(String(window, radix: 16))): asked at \(Int(asked.x)),\(Int(asked.y)), the client at \(rx),\(ry) in 0x\(String(parent, radix: 16)), under 0x\(String(child, radix: 16))")
    }
    return (window, (Double(rx), Double(ry), asked.w, asked.h))
}

/// What the server says of a window the daemon has not matched: mapped, reparented, WM_STATE,
/// in the window manager's client list.
@MainActor func windowState(_ window: Window) -> String {
    var attributes = XWindowAttributes()
    XGetWindowAttributes(display, window, &attributes)
    var rootReturn: Window = 0, parent: Window = 0, children: UnsafeMutablePointer<Window>?, count: UInt32 = 0
    XQueryTree(display, window, &rootReturn, &parent, &children, &count)
    if let children { XFree(children) }
    func property(_ w: Window, _ name: String) -> [UInt] {
        var type: Atom = 0, format: Int32 = 0, items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, w, atom(name), 0, 4096, 0, Atom(AnyPropertyType), &type, &format, &items, &after, &data) == Success, let data else { return [] }
        defer { XFree(data) }
        guard format == 32 else { return [UInt](repeating: 0, count: Int(items)) }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(items)) { Array(UnsafeBufferPointer(start: $0, count: Int(items))) }
    }
    let state = property(window, "WM_STATE")
    let listed = property(root, "_NET_CLIENT_LIST").contains(window)
    return "\(attributes.map_state == IsViewable ? "viewable" : attributes.map_state == IsUnmapped ? "unmapped" : "mapped, not viewable"), parent 0x\(String(parent, radix: 16))\(parent == root ? " (root: not reparented)" : ""), WM_STATE \(state.first.map { $0 == 1 ? "normal" : "\($0)" } ?? "none"), \(listed ? "in" : "not in") _NET_CLIENT_LIST"
}

/// Sends SIGHUP and waits for the daemon to say it reloaded.
@MainActor func reload() {
    let before = daemon.output!.count
    kill(daemon.pid, SIGHUP)
    let deadline = monotonic() + 20
    while !daemon.output!.lines(from: before).contains(where: { $0.contains("configuration reloaded") }) {
        guard monotonic() < deadline, daemon.isRunning else { fail("no reload after SIGHUP (round \(round)): \(daemon.output!.lines.suffix(5))") }
        watchdog()
        usleep(1_000)
    }
}

/// Windows touched and still open: the touches sent to each, and when they were all decided.
var open: [(window: Window, serial: Int, touches: ClosedRange<Int>, decidedAt: Double?)] = []

/// Closes the windows whose touches are all decided and whose handed-back touches reached
/// the windows (or `pressGrace` passed); `draining`: every one, waiting. Presses are counted
/// over all the soak's windows: at full pace several are open at once, overlapping, and a
/// touch sent to one may land on another.
@MainActor func closeWindows(draining: Bool) {
    while let first = open.first {
        while !decided(upTo: first.touches.upperBound) {
            guard draining else { return }
            watchdog()
            usleep(1_000)
        }
        drainEvents()
        // Each touch handed back that emulated the pointer is a ButtonPress for a window.
        let expected = first.touches.filter { sent[$0].window == first.serial && sent[$0].emulatesPointer && verdicts.verdict($0) == .released }.count
        if pressesSeen - pressesConsumed < expected {
            let since = first.decidedAt ?? monotonic()
            open[0].decidedAt = since
            if monotonic() - since < pressGrace {
                guard draining else { return }
                watchdog()
                usleep(1_000)
                continue
            }
        }
        if pressesSeen - pressesConsumed < expected, debugSoak {
            var rx: Int32 = 0, ry: Int32 = 0, child: Window = 0
            XTranslateCoordinates(display, first.window, root, 0, 0, &rx, &ry, &child)
            print("window \(first.serial): \(pressesSeen - pressesConsumed) presses for its \(expected) touches handed back; the client now at \(rx),\(ry)")
            for id in first.touches { print("  \(describe(id))") }
        }
        // A window whose touches were handed back and no press came since the last window closed.
        windowsMissed = expected == 0 ? windowsMissed : pressesSeen == pressesAtLastClose ? windowsMissed + 1 : 0
        pressesExpected += expected
        pressesConsumed += min(expected, pressesSeen - pressesConsumed)
        pressesAtLastClose = pressesSeen
        if windowsMissed >= 3 {
            report(.stall, "touches no longer reach the test windows: none of the touches handed back on the last \(windowsMissed) windows reached any (window \(first.serial): \(expected) pointer-emulating touches handed back; \(pressesSeen) presses in all for \(pressesExpected), \(Int(pressGrace)) s after the verdicts)")
        }
        XDestroyWindow(display, first.window)
        if !withWindowManager { publishClients(open.dropFirst().map(\.window)) }
        XSync(display, 0)
        open.removeFirst()
        serials[first.window] = nil
        presses[first.serial] = nil
    }
}

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

// MARK: Thousands of windows

/// The daemon's CPU time so far, in seconds (user and system, from /proc).
func cpuSeconds(_ pid: pid_t) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the name: state is field 3, utime 14 and stime 15.
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// What the window churn measured.
struct ChurnFigures {
    var windows = 0
    var restackSeconds = 0.0, activeSeconds = 0.0
    /// The daemon reading the new windows: its CPU, the wall time until it said it had read them all.
    var intakeSeconds = 0.0, intakeWall: Double?
    var latencies: [Double] = []
    var anonymousBefore = 0, anonymousPeak = 0, anonymousAfter = 0
}

/// The churn of issue 24, the soak playing the window manager: `count` windows in the EWMH
/// lists, restacked 100 times at random and made active 1,000 times, while a finger drags on a
/// window kept on top after each restack and every tenth focus change. Each touch must reach
/// that window (its ButtonPress, the server emulating the pointer) within 250 ms of the
/// touch's first event; the daemon's CPU for each part and its anonymous memory before, at
/// the peak and after the windows close are reported.
@MainActor func churnWindows(_ count: Int) -> ChurnFigures {
    var figures = ChurnFigures(windows: count)
    figures.anonymousBefore = sample(daemon.pid).anon
    let listsRead = verdicts.clientListsRead
    let intakeCPU = cpuSeconds(daemon.pid), intakeStart = monotonic()
    var many: [Window] = []
    many.reserveCapacity(count)
    for _ in 0..<count {
        let w = XCreateSimpleWindow(display, root, Int32.random(in: 0...1080, using: &random), Int32.random(in: 0...650, using: &random), 200, 150, 0, 0, 0xDDDDDD)
        var hint = XClassHint()
        "many".withCString { instance in
            "Many".withCString { cls in
                hint.res_name = UnsafeMutablePointer(mutating: instance)
                hint.res_class = UnsafeMutablePointer(mutating: cls)
                XSetClassHint(display, w, &hint)
            }
        }
        setProperty(w, "WM_STATE", atom("WM_STATE"), [1, 0])
        XMapWindow(display, w)
        many.append(w)
    }
    // The window the finger drags on, on top of them all.
    let touched = XCreateSimpleWindow(display, root, 900, 500, 300, 200, 0, 0, 0xFFFFFF)
    XSelectInput(display, touched, ButtonPressMask)
    XStoreName(display, touched, "churn")
    setProperty(touched, "WM_STATE", atom("WM_STATE"), [1, 0])
    XMapRaised(display, touched)
    publishClients(many + [touched])

    /// A one-finger drag on the touched window; the wall time until its press reached it.
    func drag() -> Double {
        while XPending(display) > 0 { var e = XEvent(); XNextEvent(display, &e) }
        kind = .drag
        touchID &+= 1
        let start = Point(x: Double.random(in: 920...1100, using: &random), y: Double.random(in: 520...660, using: &random))
        let began = monotonic()
        touch(.begin, touchID, start)
        for i in 1...3 { touch(.update, touchID, Point(x: start.x + 6 * Double(i), y: start.y)) }
        touch(.end, touchID, Point(x: start.x + 18, y: start.y))
        let deadline = began + stallSeconds
        while true {
            while XPending(display) > 0 {
                var e = XEvent()
                XNextEvent(display, &e)
                if e.type == ButtonPress, e.xbutton.window == touched { return monotonic() - began }
            }
            watchdog()
            guard monotonic() < deadline else {
                report(.stall, "window churn: touch \(touchID) did not reach the window on top of \(count) windows within \(Int(stallSeconds)) s (its verdict: \(verdicts.verdict(Int(touchID))))")
            }
            usleep(200)
        }
    }
    /// Waits until the daemon has decided every touch sent: the X events queued before them are handled.
    func settle() {
        while !decided(upTo: touchesSent) { watchdog(); usleep(1_000) }
    }
    // Touches while the daemon reads the new windows, until it says it has read them all.
    repeat {
        figures.latencies.append(drag())
    } while verdicts.clientListsRead == listsRead && monotonic() < intakeStart + 60
    if verdicts.clientListsRead > listsRead { figures.intakeWall = monotonic() - intakeStart }
    settle()
    figures.intakeSeconds = cpuSeconds(daemon.pid) - intakeCPU
    var cpu = cpuSeconds(daemon.pid)
    for _ in 0..<100 {
        many.shuffle(using: &random)
        publishClients(many + [touched])
        figures.latencies.append(drag())
    }
    settle()
    figures.restackSeconds = cpuSeconds(daemon.pid) - cpu
    cpu = cpuSeconds(daemon.pid)
    for k in 0..<1_000 {
        setProperty(root, "_NET_ACTIVE_WINDOW", XA_WINDOW, [CLong(bitPattern: many[k % count])])
        if k % 10 == 9 {
            XSync(display, 0)
            figures.latencies.append(drag())
        }
    }
    settle()
    figures.activeSeconds = cpuSeconds(daemon.pid) - cpu
    figures.anonymousPeak = sample(daemon.pid).anon
    for w in many { XDestroyWindow(display, w) }
    XDestroyWindow(display, touched)
    publishClients([])
    setProperty(root, "_NET_ACTIVE_WINDOW", XA_WINDOW, [0])
    // A touch after the close: decided once the daemon has read the closes; then it idles and trims.
    kind = .tap
    touchID &+= 1
    touch(.begin, touchID, park)
    touch(.end, touchID, park)
    settle()
    var last = sample(daemon.pid).anon
    for _ in 0..<30 {
        usleep(100_000)
        let now = sample(daemon.pid).anon
        if now == last { break }
        last = now
    }
    figures.anonymousAfter = last
    return figures
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
