import CX11
import Foundation
import GestureEngine
@testable import X11TestSupport
import TestSupport

// xorg-touch-repro [SCENARIO…] (make xorg-touch-repro): what Xorg 21.1 does with a touch
// owner's rejection, shown without Tactus. Each scenario starts its own Xorg with the dummy
// video and inputtest input drivers (the X tests' fixture) and three plain Xlib clients:
//
// - an owner: a passive XI 2.2 touch grab on root (what Tactus holds); it rejects touches
//   only when the scenario says so;
// - a window manager: frames with a synchronous passive grab of button 1 on each (the
//   click-to-focus grab of openbox, fluxbox, marco); on each ButtonPress it waits `busy`
//   seconds (a window manager with other work queued, mapping windows) and answers
//   XAllowEvents(ReplayPointer, the press's time), as those window managers do;
// - an application: a window in each frame, selecting ButtonPress.
//
// The touchscreen (inputtest) sends touch A on frame 1 and touch B on frame 2 (or 1), both
// let go before the owner decides, at a finger's pace. Then, per scenario:
//
// control      the owner rejects A; once the window manager has answered A's press and no
//              client holds the pointer, it rejects B. Expected and seen: both presses
//              reach the application, the pointer is free.
// queued       the owner rejects A, and rejects B while the window manager's grab from A's
//              replay holds the pointer frozen (what a touch owner does when it stops
//              waiting for the pointer). The server queues B's rejection behind the freeze
//              and, playing it after the window manager's answer, activates the grab again
//              stamped with the rejection's time, not B's press time: the window manager's
//              XAllowEvents(ReplayPointer, B's press time) is ignored (dix/events.c
//              AllowSome: earlier than the grab) and the pointer stays frozen for good —
//              touch C, sent afterwards, never reaches the owner.
// destroyed    frame 2 (and the application's window in it) is destroyed while B, which
//              landed on it, is held; then the owner rejects B (the pointer free). The
//              server replays B into its copy of the frame's passive grab, taken at B's
//              begin (dix/touch.c TouchAddGrabListener) and never removed: it activates a
//              grab on the freed window (the window manager gets a ButtonPress for a
//              window that no longer exists), the use-after-free the Xorg crash under
//              xfwm4 came from (IsParent via ActivatePointerGrab). Repeated `rounds` times
//              in one server.
// queued-destroyed  B's rejection is queued behind the freeze as in `queued`, and frame 2 is
//              destroyed before the window manager answers A: the queued rejection, played
//              later, replays B into the freed frame's grab.
// accepted     as `queued`, but the owner accepts B instead of rejecting it: nothing is
//              replayed, the pointer is free again once the window manager answers A.
// destroyed-accepted  as `destroyed`, but the owner accepts B: no press for a destroyed
//              window, the pointer free.
// stranded     real xfwm4, taps back to back each rejected as it begins: a pointer-emulating
//              touch stranded, button 1 held and no press reaching a window (runStranded);
//              stranded-spaced: the same taps 2 ms apart, never stranded.
//
// killed       two fingers down on frame 1, both held by the owner, and the owner's connection
//              closes without a word (what SIGKILL, or SIGABRT's default action, does to a
//              daemon). The server rejects the owner's touches for it (dix/dispatch.c
//              CloseDownClient, dix/touch.c TouchListenerGone): the first rejection hands the
//              pointer-emulating touch to the window manager's grab, whose press freezes the
//              pointer; the second rejection is queued behind the freeze (dix/events.c
//              EnqueueEvent) with the owner's id in it. The owner is freed; when the window
//              manager answers, the queued rejection is played for a client that no longer
//              exists: the TouchEnd it owes the owner goes to a null client (Xi/exevents.c
//              DeliverOneTouchEvent, XaceHook) and the server dies ("Segmentation fault at
//              address 0x70").
// killed-rejected  the owner rejects both touches and makes a round trip (XSync), then its
//              connection closes: the second rejection is queued behind the freeze as in
//              `killed`, with the owner's id in it, the same crash.
// killed-rejected-ended  the owner rejects both touches and closes only once the server has
//              sent it both TouchEnds (the rejections played): no crash.
// killed-accepted  the owner accepts both touches and makes a round trip, then its connection
//              closes: no ownership is passed, nothing freezes, no crash.
// killed-accepted-unsynced  as `killed-accepted` without the round trip: the server, woken with
//              the requests and the hang-up together, closes the client without reading them
//              (os/connection.c ClientReady: X_NOTIFY_ERROR), so the acceptances are lost and
//              the crash is that of `killed`.
//
// Each scenario prints what each client saw, who holds the pointer afterwards and the
// server's own grab dump (XF86LogGrabInfo), and whether the server is still running.

/// Printed at once (the output may be a pipe).
func say(_ line: String) {
    print(line)
    fflush(nil)
}
let busy = 0.3

func monotonic() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func hex(_ w: UInt) -> String { "0x" + String(w, radix: 16) }

/// One Xlib connection, its events read by `pump`.
class Client {
    let display: OpaquePointer
    let root: Window
    init(_ name: String) {
        guard let d = XOpenDisplay(name) else { fatalError("cannot connect to \(name)") }
        display = d
        // A server that dies is what some scenarios show: Xlib marks the connection dead and
        // returns instead of exiting, and the scenario reports the server's exit.
        XSetIOErrorHandler { _ in 0 }
        XSetIOErrorExitHandler(d, { _, _ in }, nil)
        root = XDefaultRootWindow(d)
    }

    func pump() {
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            handle(&event)
        }
    }

    func handle(_ event: inout XEvent) {}
}

/// A window manager's click-to-focus grab: button 1, any modifier, the pointer synchronous;
/// each press answered `busy` seconds later with ReplayPointer and the press's time.
final class WindowManager: Client {
    struct Press { var time: Time; var window: Window; var child: Window }
    var presses: [Press] = []
    var answered: [Time] = []
    private var due: [(time: Time, at: Double)] = []
    var frames: [Window] = []

    func frame(x: Int32, y: Int32) -> Window {
        let w = XCreateSimpleWindow(display, root, x, y, 400, 300, 0, 0, 0x808080)
        XGrabButton(display, UInt32(Button1), UInt32(AnyModifier), w, 0, UInt32(ButtonPressMask), GrabModeSync, GrabModeAsync, 0, 0)
        XSelectInput(display, w, SubstructureNotifyMask)
        XMapWindow(display, w)
        XSync(display, 0)
        frames.append(w)
        return w
    }

    override func handle(_ event: inout XEvent) {
        if event.type == ButtonPress {
            let b = event.xbutton
            presses.append(Press(time: b.time, window: b.window, child: b.subwindow))
            due.append((b.time, monotonic() + busy))
        }
    }

    override func pump() {
        super.pump()
        let now = monotonic()
        while let first = due.first, first.at <= now {
            XAllowEvents(display, ReplayPointer, first.time)
            XFlush(display)
            answered.append(first.time)
            due.removeFirst()
        }
    }

    var waiting: Bool { !due.isEmpty }
}

/// The application: a window in a frame, counting the presses that reach it.
final class Application: Client {
    var presses: [(time: Time, window: Window)] = []

    func window(in frame: Window) -> Window {
        let w = XCreateSimpleWindow(display, frame, 0, 0, 400, 300, 0, 0, 0xFFFFFF)
        XSelectInput(display, w, ButtonPressMask | ButtonReleaseMask)
        XMapWindow(display, w)
        XSync(display, 0)
        return w
    }

    override func handle(_ event: inout XEvent) {
        if event.type == ButtonPress { presses.append((event.xbutton.time, event.xbutton.window)) }
    }
}

/// The touch owner: XIGrabTouchBegin on root for every master device; decides only when told.
final class Owner: Client {
    struct Touch { var device: Int32; var began: Time; var ended = false; var emulating: Bool }
    var touches: [UInt32: Touch] = [:]
    var order: [UInt32] = []
    var lastTime: Time = 0
    private var opcode: Int32 = 0

    override init(_ name: String) {
        super.init(name)
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 2, minor: Int32 = 2
        XQueryExtension(display, "XInputExtension", &opcode, &event, &error)
        XIQueryVersion(display, &major, &minor)
        var bytes = [UInt8](repeating: 0, count: Int(cx11_xi_mask_len(XI_LASTEVENT)))
        for e in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership] { cx11_xi_set_mask(&bytes, e) }
        var modifiers = [XIGrabModifiers(modifiers: cx11_xi_any_modifier(), status: 0)]
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XIGrabTouchBegin(display, XIAllMasterDevices, root, 0, &mask, 1, &modifiers)
        }
        XSync(display, 0)
        precondition(status == 0, "the touch grab was refused")
    }

    override func handle(_ event: inout XEvent) {
        guard event.type == GenericEvent, event.xcookie.extension == opcode, XGetEventData(display, &event.xcookie) != 0 else { return }
        defer { XFreeEventData(display, &event.xcookie) }
        let type = event.xcookie.evtype
        guard type == XI_TouchBegin || type == XI_TouchUpdate || type == XI_TouchEnd else { return }
        let e = event.xcookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        lastTime = e.time
        let id = UInt32(e.detail)
        if type == XI_TouchBegin {
            touches[id] = Touch(device: e.deviceid, began: e.time, emulating: e.flags & Int32(XITouchEmulatingPointer) != 0)
            order.append(id)
        } else if type == XI_TouchEnd {
            touches[id]?.ended = true
        }
    }

    func reject(_ id: UInt32) { answer(id, XIRejectTouch) }
    func accept(_ id: UInt32) { answer(id, XIAcceptTouch) }

    private func answer(_ id: UInt32, _ mode: Int32) {
        guard let t = touches[id] else { fatalError("touch \(id) was not seen") }
        XIAllowTouchEvents(display, t.device, id, root, mode)
        XFlush(display)
    }

    /// A round trip through the window manager: `_NET_REQUEST_FRAME_EXTENTS` for a window of
    /// our own, answered by the manager setting `_NET_FRAME_EXTENTS` on it. Every event the
    /// manager was sent before the request, it has read by then. False after `limit` seconds.
    func windowManagerRoundTrip(limit: Double = 1) -> Bool {
        if probe == 0 {
            probe = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
            XSelectInput(display, probe, PropertyChangeMask)
        }
        let request = XInternAtom(display, "_NET_REQUEST_FRAME_EXTENTS", 0)
        let extents = XInternAtom(display, "_NET_FRAME_EXTENTS", 0)
        var e = XEvent()
        e.xclient.type = ClientMessage
        e.xclient.window = probe
        e.xclient.message_type = request
        e.xclient.format = 32
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &e)
        XFlush(display)
        let until = monotonic() + limit
        while monotonic() < until {
            while XPending(display) > 0 {
                XNextEvent(display, &e)
                if e.type == PropertyNotify && e.xproperty.window == probe && e.xproperty.atom == extents { return true }
                handle(&e)
            }
            usleep(200)
        }
        return false
    }
    private var probe: Window = 0

    /// Whether another client holds the pointer: XIGrabDevice an hour ahead of the server's
    /// time is AlreadyGrabbed when one does and GrabInvalidTime otherwise (never a grab).
    func pointerHeld() -> Bool {
        var bytes = [UInt8](repeating: 0, count: Int(cx11_xi_mask_len(XI_LASTEVENT)))
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: 2, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XIGrabDevice(display, 2, root, lastTime &+ 3_600_000, 0, XIGrabModeAsync, XIGrabModeAsync, 0, &mask)
        }
        if status == GrabSuccess { XIUngrabDevice(display, 2, UInt(CurrentTime)) }
        return status == AlreadyGrabbed
    }
}

/// Reads every client's events until `condition` holds (true), `timeout` seconds pass or the
/// server exits (false).
func pumpClients(_ clients: [Client], of x: XvfbSession, until condition: () -> Bool, timeout: Double) -> Bool {
    let deadline = monotonic() + timeout
    while monotonic() < deadline {
        for c in clients { c.pump() }
        if x.serverExitStatus != nil { return false }
        if condition() { return true }
        usleep(500)
    }
    return false
}

struct Scenario {
    var name: String
    /// Touch B lands on frame 2 (else on frame 1).
    var secondFrame: Bool
    var rounds = 1
}

/// The lines the server wrote to its log since `offset`, without the inputtest driver's debug lines.
func log(_ x: XvfbSession, since offset: Int) -> [String] {
    guard let path = x.serverLog, let data = FileManager.default.contents(atPath: path), data.count > offset else { return [] }
    return String(decoding: data[offset...], as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.contains("(DB) inputtest") }
}

func logSize(_ x: XvfbSession) -> Int {
    (x.serverLog.flatMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }) ?? 0
}

func run(_ scenario: Scenario) throws {
    say("== \(scenario.name)")
    let x = try XvfbSession(backend: .xorg, windowManager: nil)
    defer { x.tearDown() }
    let touchscreen = try InputTestDevice(path: x.deviceSockets["touch"]!)
    let keyboard = try InputTestDevice(path: x.deviceSockets["keyboard"]!)
    let owner = Owner(x.display)
    var count: Int32 = 0
    if let devices = XIQueryDevice(owner.display, XIAllDevices, &count) {
        if let keyboardID = (0..<Int(count)).first(where: { String(cString: devices[$0].name) == "keyboard" }).map({ devices[$0].deviceid }) {
            let setxkbmap = try Child(["setxkbmap", "-display", x.display, "-device", "\(keyboardID)", "-option", "grab:debug"], environment: ["PATH=/usr/bin:/bin"], capture: true, captureErrors: true)
            _ = setxkbmap.waitForExit(timeout: 10)
        }
        XIFreeDeviceInfo(devices)
    }
    let wm = WindowManager(x.display)
    let app = Application(x.display)
    let clients: [Client] = [owner, wm, app]
    let start = logSize(x)

    func pump(until condition: () -> Bool, timeout: Double) -> Bool { pumpClients(clients, of: x, until: condition, timeout: timeout) }
    func serverGone() -> Bool {
        guard let status = x.serverExitStatus else { return false }
        say("the X server EXITED (status \(status)); the end of its log:")
        let lines = log(x, since: start)
        for line in lines.suffix(40) { say("  Xorg: \(line)") }
        return true
    }
    /// A touch at a finger's pace: begin, then end 5 ms later.
    func tap(_ id: UInt32, _ p: Point) throws {
        try touchscreen.touch(.begin, id: id, at: p)
        usleep(5_000)
        try touchscreen.touch(.end, id: id, at: p)
        usleep(5_000)
    }

    var nextID: UInt32 = 1
    for round in 1...scenario.rounds {
        let frame1 = wm.frame(x: 100, y: 100)
        let frame2 = scenario.secondFrame ? wm.frame(x: 600, y: 100) : frame1
        let window1 = app.window(in: frame1)
        let window2 = scenario.secondFrame ? app.window(in: frame2) : window1
        let (a, b) = (nextID, nextID + 1)
        nextID += 2
        let appBefore = app.presses.count, wmBefore = wm.presses.count
        try tap(a, Point(x: 250, y: 250))
        try tap(b, Point(x: scenario.secondFrame ? 750 : 300, y: 250))
        guard pump(until: { owner.touches[a]?.ended == true && owner.touches[b]?.ended == true }, timeout: 2) else {
            if serverGone() { return }
            say("round \(round): touches A and B did not both reach the owner within 2 s")
            break
        }
        let ta = owner.touches[a]!, tb = owner.touches[b]!
        if scenario.rounds == 1 {
            say("owner: touch A began at \(ta.began)\(ta.emulating ? " (emulating the pointer)" : ""), touch B at \(tb.began)\(tb.emulating ? " (emulating the pointer)" : ""); both ended, both held")
        }
        switch scenario.name {
        case "control":
            owner.reject(a)
            _ = pump(until: { wm.presses.count > wmBefore && !wm.waiting && app.presses.count > appBefore && !owner.pointerHeld() }, timeout: 3)
            say("owner: rejected A; the window manager answered A's press; no client holds the pointer: rejects B")
            owner.reject(b)
        case "queued", "queued-destroyed", "accepted":
            owner.reject(a)
            _ = pump(until: { wm.presses.count > wmBefore }, timeout: 2)
            let verb = scenario.name == "accepted" ? "accepts" : "rejects"
            say("owner: rejected A; the window manager got A's press (time \(wm.presses.last?.time ?? 0)) and answers in \(Int(busy * 1000)) ms; the pointer is held: \(owner.pointerHeld()); \(verb) B now")
            if scenario.name == "accepted" { owner.accept(b) } else { owner.reject(b) }
            XSync(owner.display, 0)
            if scenario.name == "queued-destroyed" {
                XDestroyWindow(app.display, window2)
                XSync(app.display, 0)
                XDestroyWindow(wm.display, frame2)
                XSync(wm.display, 0)
                say("application and window manager: frame 2 (\(hex(frame2))) and its window destroyed before the window manager answers A")
            }
        case "destroyed", "destroyed-accepted":
            XDestroyWindow(app.display, window2)
            XSync(app.display, 0)
            XDestroyWindow(wm.display, frame2)
            XSync(wm.display, 0)
            if round == 1 { say("application and window manager: frame 2 (\(hex(frame2))) and its window destroyed while B is held; the owner \(scenario.name == "destroyed" ? "rejects" : "accepts") B, then rejects A once the pointer is free") }
            if scenario.name == "destroyed-accepted" { owner.accept(b) } else { owner.reject(b) }
            // A only once the window manager has answered B's replay and the pointer is free.
            if !pump(until: { !wm.waiting && !owner.pointerHeld() }, timeout: 2) {
                say("round \(round): the pointer is still held 2 s after B's rejection")
            }
            owner.reject(a)
        default:
            fatalError("no scenario \(scenario.name)")
        }
        _ = pump(until: { false }, timeout: scenario.rounds == 1 ? 1.5 : 0.4)
        if serverGone() {
            say("(round \(round))")
            return
        }
        if scenario.rounds == 1 || scenario.name.hasPrefix("destroyed") {
            // A press for a window that is not one of the live frames: the destroyed frame's grab.
            let destroyed = wm.presses[wmBefore...].filter { $0.window != frame1 && scenario.name.contains("destroyed") }
            if scenario.rounds == 1 {
                say("window manager: presses \(wm.presses[wmBefore...].map { "time \($0.time) on \(hex($0.window))" }.joined(separator: ", ")); answered ReplayPointer with \(wm.answered.suffix(wm.presses.count - wmBefore).map(String.init).joined(separator: ", "))")
                say("application: \(app.presses.count - appBefore) of 2 presses reached its windows")
            }
            if !destroyed.isEmpty { say("round \(round): the window manager got a ButtonPress for a window that is not one of its frames (frame 2, \(hex(frame2)), was destroyed): \(destroyed.map { "time \($0.time) on \(hex($0.window))" }.joined(separator: ", "))") }
        }
        if scenario.name.hasPrefix("destroyed") {
            XDestroyWindow(app.display, window1)
            XDestroyWindow(wm.display, frame1)
            XSync(app.display, 0)
            XSync(wm.display, 0)
        }
    }
    // Is input still flowing? Touch C goes to the owner first, whatever else happens.
    let c = nextID
    try tap(c, Point(x: 1100, y: 600))
    let reached = pump(until: { owner.touches[c] != nil }, timeout: 1)
    if serverGone() { return }
    say("touch C, sent afterwards: \(reached ? "reached the owner" : "did NOT reach the owner within 1 s (the pointer device is frozen)")")
    let probe = Client(x.display)
    let status = XGrabPointer(probe.display, probe.root, 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync, 0, 0, UInt(CurrentTime))
    if status == GrabSuccess { XUngrabPointer(probe.display, UInt(CurrentTime)) }
    XSync(probe.display, 0)
    say("a new client's XGrabPointer: \(["Success (the pointer is free)", "AlreadyGrabbed", "GrabInvalidTime", "GrabNotViewable", "GrabFrozen"][Int(status)])")
    // The server's own account: grab:debug's XF86LogGrabInfo (Ctrl+Alt+F11).
    let before = logSize(x)
    for code: UInt8 in [37, 64, 95] { try keyboard.key(code, pressed: true) }
    for code: UInt8 in [95, 64, 37] { try keyboard.key(code, pressed: false) }
    usleep(300_000)
    let dump = log(x, since: before)
    let active = dump.prefix { !$0.contains("Printing all currently registered grabs") }
    say("the server's active grabs (XF86LogGrabInfo):")
    for line in active { say("  Xorg: \(line)") }
    if active.isEmpty { say("  (no dump: the keyboard is frozen too?)") }
    if x.serverExitStatus == nil { say("the X server is still running") }
}

let scenarios: [String: Scenario] = [
    "control": Scenario(name: "control", secondFrame: false),
    "queued": Scenario(name: "queued", secondFrame: false),
    "destroyed": Scenario(name: "destroyed", secondFrame: true, rounds: Int(ProcessInfo.processInfo.environment["REPRO_ROUNDS"] ?? "") ?? 20),
    "queued-destroyed": Scenario(name: "queued-destroyed", secondFrame: true),
    "accepted": Scenario(name: "accepted", secondFrame: false),
    "destroyed-accepted": Scenario(name: "destroyed-accepted", secondFrame: true, rounds: Int(ProcessInfo.processInfo.environment["REPRO_ROUNDS"] ?? "") ?? 20),
]
nonisolated(unsafe) var deadSessions: [XvfbSession] = []

/// The owner's connection closes with two touches down on frame 1 (see `killed` above); what it
/// answers first depends on the scenario. Repeated `rounds` times, each in a server of its own.
func runKilled(_ name: String, rounds: Int) throws {
    say("== \(name)")
    var crashes = 0
    for round in 1...rounds {
        let x = try XvfbSession(backend: .xorg, windowManager: nil)
        defer {
            // The fixture's own connection exits the process when it is closed on a dead
            // server (Xlib's default exit handler): a session whose server died is kept.
            if x.serverExitStatus == nil { x.tearDown() } else { deadSessions.append(x) }
        }
        let touchscreen = try InputTestDevice(path: x.deviceSockets["touch"]!)
        let owner = Owner(x.display)
        let wm = WindowManager(x.display)
        let app = Application(x.display)
        _ = app.window(in: wm.frame(x: 100, y: 100))
        var clients: [Client] = [owner, wm, app]
        let start = logSize(x)
        func pump(until condition: () -> Bool, timeout: Double) -> Bool { pumpClients(clients, of: x, until: condition, timeout: timeout) }
        let (a, b): (UInt32, UInt32) = (1, 2)
        try touchscreen.touch(.begin, id: a, at: Point(x: 250, y: 250))
        try touchscreen.touch(.begin, id: b, at: Point(x: 300, y: 250))
        guard pump(until: { owner.touches[a] != nil && owner.touches[b] != nil }, timeout: 2) else {
            say("round \(round): touches A and B did not both reach the owner within 2 s")
            continue
        }
        var note = "both held"
        switch name {
        case "killed":
            break
        case "killed-accepted":
            owner.accept(a)
            owner.accept(b)
            XSync(owner.display, 0)
            note = "both accepted (a round trip after)"
        case "killed-accepted-unsynced":
            owner.accept(a)
            owner.accept(b)
            note = "both accepted (no round trip after)"
        case "killed-rejected":
            owner.reject(a)
            owner.reject(b)
            XSync(owner.display, 0)
            note = "both rejected (a round trip after)"
        case "killed-rejected-ended":
            owner.reject(a)
            owner.reject(b)
            let ended = pump(until: { owner.touches[a]?.ended == true && owner.touches[b]?.ended == true }, timeout: 3)
            note = ended ? "both rejected, both TouchEnds received" : "both rejected, the TouchEnds NOT received within 3 s"
        default:
            fatalError("no scenario \(name)")
        }
        // What SIGKILL leaves: the requests already written, then the end of the connection.
        XFlush(owner.display)
        shutdown(XConnectionNumber(owner.display), Int32(SHUT_RDWR))
        clients.removeFirst()
        // The window manager answers its presses; then the fingers lift and a third touch comes.
        _ = pump(until: { false }, timeout: 1)
        if x.serverExitStatus == nil {
            try? touchscreen.touch(.end, id: a, at: Point(x: 250, y: 250))
            try? touchscreen.touch(.end, id: b, at: Point(x: 300, y: 250))
            try? touchscreen.touch(.begin, id: 3, at: Point(x: 250, y: 250))
            try? touchscreen.touch(.end, id: 3, at: Point(x: 250, y: 250))
            _ = pump(until: { false }, timeout: 0.5)
        }
        if let status = x.serverExitStatus {
            crashes += 1
            say("round \(round): owner \(note), connection closed: the X server EXITED (status \(status))")
            if crashes == 1 {
                for line in log(x, since: start).filter({ $0.contains("(EE)") }).suffix(30) { say("  Xorg: \(line)") }
            }
        } else {
            say("round \(round): owner \(note), connection closed: the server is running; the window manager got \(wm.presses.count) press(es), the application \(app.presses.count)")
        }
    }
    say("\(name): the server died in \(crashes) of \(rounds) rounds")
}

/// `stranded`: real xfwm4 (compositor off) manages two windows; the owner rejects every touch
/// as it begins; taps come back to back (as the soak's full pace injects them), on the two
/// windows and on the root. xfwm4 grabs button 1 synchronously on unfocused clients and, late,
/// ends a grab with XUngrabPointer stamped with an earlier press's time: when two replayed
/// presses share a server millisecond, that ungrab ends the newer grab without resolving its
/// touch, whose end the server skipped while the pointer was frozen (dix/touch.c
/// TouchEmitTouchEnd on a frozen device; TouchRemovePointerGrab is an empty FIXME). The touch
/// stays the oldest pointer-emulating one for good: button 1 down to XQueryPointer, and slow
/// taps afterwards reach no window (Xi/exevents.c TouchPuntToNextOwner parks them behind it).
/// `stranded-spaced`: the same taps 2 ms apart, never in one millisecond.
func runStranded(_ name: String, rounds: Int) throws {
    say("== \(name)")
    var stuck = 0
    let spaced = name == "stranded-spaced"
    let waits = name != "stranded" && name != "stranded-spaced"
    let roundTrip = name.hasSuffix("-roundtrip")
    // stranded-burst*: the owner answers only every 6 taps, once they ended, oldest first
    // (as a busy daemon does).
    let burst = name.hasPrefix("stranded-burst")
    for round in 1...rounds {
        let x = try XvfbSession(backend: .xorg, windowManager: .xfwm4(compositor: false))
        defer { x.tearDown() }
        let touchscreen = try InputTestDevice(path: x.deviceSockets["touch"]!)
        let left = try x.openWindow(class: "Left", title: "left", geometry: "560x380+20+40", buttonState: true)
        let right = try x.openWindow(class: "Right", title: "right", geometry: "560x380+640+40", buttonState: true)
        let owner = Owner(x.display)
        var random = SeededRandom(seed: UInt64(round))
        var id: UInt32 = 0
        func buttonOne() -> Bool {
            var r: Window = 0, c: Window = 0, rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0, mask: UInt32 = 0
            XQueryPointer(owner.display, owner.root, &r, &c, &rx, &ry, &wx, &wy, &mask)
            return mask & UInt32(Button1Mask) != 0
        }
        var lastRejected: Time?
        var roundTrips = 0, unanswered = 0
        /// Every touch the owner has seen begin is rejected. `stranded-waited`: as the daemon
        /// answers (each pointer-emulating rejection waits for the pointer to be free, 5 s at
        /// most); `stranded-roundtrip`: that, and a round trip through the window manager
        /// before one that began in the millisecond of the last one rejected.
        func rejectSeen() {
            while !owner.order.isEmpty {
                let t = owner.order.removeFirst()
                guard let touch = owner.touches[t] else { continue }
                if waits && touch.emulating {
                    let until = monotonic() + 5
                    while owner.pointerHeld() && monotonic() < until { usleep(1_000); owner.pump() }
                    if roundTrip, let last = lastRejected, touch.began <= last {
                        roundTrips += 1
                        if !owner.windowManagerRoundTrip() { unanswered += 1 }
                        while owner.pointerHeld() && monotonic() < until { usleep(1_000); owner.pump() }
                    }
                    lastRejected = touch.began
                }
                owner.reject(t)
                owner.touches[t] = nil
            }
        }
        var strandedAt: Int?
        for k in 1...400 {
            id &+= 1
            let p = Point(x: Double([Int.random(in: 40...580, using: &random), Int.random(in: 660...1200, using: &random)].randomElement(using: &random)!),
                          y: Double([Int.random(in: 80...400, using: &random), Int.random(in: 460...780, using: &random)].randomElement(using: &random)!))
            try touchscreen.touch(.begin, id: id, at: p)
            if !burst || k % 6 == 0 {
                owner.pump()
                rejectSeen()
            }
            try touchscreen.touch(.end, id: id, at: p)
            if spaced { usleep(2_000) }
            if k % 25 == 0 {
                usleep(400_000)
                owner.pump()
                rejectSeen()
                usleep(100_000)
                if buttonOne() { strandedAt = k; break }
            }
        }
        guard let at = strandedAt else {
            say("round \(round): 400 taps, button 1 up after each 25\(roundTrip ? " (\(roundTrips) round trips, \(unanswered) unanswered)" : "")")
            continue
        }
        // Slow taps on the windows: does a press reach them still?
        let before = left.output.lines.count + right.output.lines.count
        for p in [Point(x: 300, y: 200), Point(x: 900, y: 200), Point(x: 300, y: 200)] {
            id &+= 1
            try touchscreen.touch(.begin, id: id, at: p)
            usleep(50_000)
            owner.pump()
            rejectSeen()
            try touchscreen.touch(.end, id: id, at: p)
            usleep(300_000)
        }
        let presses = (left.output.lines + right.output.lines).filter { $0.hasPrefix("button-press") }.count
        let reached = left.output.lines.count + right.output.lines.count > before
        stuck += 1
        say("round \(round): button 1 held with no finger down after \(at) taps; 3 slow taps afterwards: \(reached ? "reached a window" : "reached no window") (\(presses) presses in all)")
    }
    say("\(name): button 1 stranded in \(stuck) of \(rounds) rounds")
}

let killedRounds = Int(ProcessInfo.processInfo.environment["REPRO_ROUNDS"] ?? "") ?? 5
let killedScenarios = ["killed", "killed-rejected", "killed-rejected-ended", "killed-accepted", "killed-accepted-unsynced"]
let names = CommandLine.arguments.count > 1 ? Array(CommandLine.arguments.dropFirst()) : ["control", "queued", "queued-destroyed", "destroyed", "accepted", "destroyed-accepted"]
for name in names {
    if killedScenarios.contains(name) {
        try runKilled(name, rounds: killedRounds)
        continue
    }
    if name.hasPrefix("stranded") {
        try runStranded(name, rounds: Int(ProcessInfo.processInfo.environment["REPRO_ROUNDS"] ?? "") ?? 3)
        continue
    }
    guard let scenario = scenarios[name] else { say("no scenario \(name): \((scenarios.keys + killedScenarios).sorted())"); exit(2) }
    try run(scenario)
}
