import CX11
import Foundation
import GestureEngine
@testable import X11TestSupport
import TestSupport

// The scenarios of one owner's rejections: control, queued, destroyed and their variants.

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
