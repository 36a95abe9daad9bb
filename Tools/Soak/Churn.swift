import CX11
import Foundation
import GestureEngine
import SystemCalls
import TestSupport
import X11Session
@testable import X11TestSupport

// Thousands of windows (issue 24): the soak playing the window manager while a finger drags.

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
        setClassHint(w, instance: "many", class: "Many")
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
