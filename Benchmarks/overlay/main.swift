// The overlay's cost per frame while fingers move (make bench-overlay): on the display in
// $DISPLAY, the daemon's own overlay (FeedbackOverlay over XlibServer's surface) draws a
// moving picture frame after frame, each one finished by a round trip, so that a frame's time
// includes the X server's work on it (the shape applied, the windows below repainted by the
// server), not only the requests written. Three pictures: a maximize preview whose outline
// follows a finger back and forth across the screen, three touch marks moving as a swipe's
// fingers do, and the next-desktop arrow sliding in and out. Prints, per picture: the time
// per frame (p50, p99, max), the frames per second that leaves, and the CPU time this client
// and the X server ($XSERVER_PID) and the compositor ($COMPOSITOR_PID) spent per frame.
// Unpaced, frames follow each other at once (what the overlay could draw); with PACE_60HZ
// set, one every 1/60 s, as a finger moving on a 60 Hz screen makes them, so that the CPU
// figures include the compositor repainting each.
//
// usage: tactus-overlay-bench [FRAMES]   (default 1200)
import CX11
import GestureEngine
import GestureProfiles
import SystemCalls
import X11Session
#if canImport(Glibc)
import Glibc
#endif

let frames = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1200
guard let server = try? XlibServer() else {
    print("tactus-overlay-bench: cannot open the display (DISPLAY=\(getenv("DISPLAY").map { String(cString: $0) } ?? ""))")
    exit(2)
}
// Under a compositor the overlay must be built once it runs: wait for it to own _NET_WM_CM_S0.
if getenv("WAIT_FOR_COMPOSITOR") != nil {
    var waited = 0
    while !server.compositorRuns {
        guard waited < 500 else {
            print("tactus-overlay-bench: no compositor owns _NET_WM_CM_S0 after 10 s")
            exit(2)
        }
        usleep(20_000)
        waited += 1
    }
}
guard let surface = server.makeOverlay() else {
    print("tactus-overlay-bench: the X server lacks SHAPE or XFixes")
    exit(2)
}
let size = server.screenSize()
let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
var settings = FeedbackSettings()
settings.duration = 0.3
let overlay = FeedbackOverlay(settings: settings, surface: surface, touchMarkDelay: 0, frameDelay: 0)

/// Seconds of CPU (user + system) a process has used, from /proc/PID/stat.
func cpuSeconds(_ pid: String) -> Double? {
    guard let f = fopen("/proc/\(pid)/stat", "r") else { return nil }
    defer { fclose(f) }
    var buffer = [CChar](repeating: 0, count: 1024)
    guard fgets(&buffer, 1024, f) != nil else { return nil }
    let line = String(cString: buffer)
    // Fields after the command's closing parenthesis: state is 3rd, utime 14th, stime 15th.
    guard let close = line.lastIndex(of: ")") else { return nil }
    let fields = line[line.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

func percentile(_ sorted: [Double], _ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }

func ms(_ v: Double) -> String {
    let r = (v * 100).rounded() / 100
    return "\(r) ms"
}

/// Draws `frames` frames of `picture(i)` and prints what they cost.
@MainActor func measure(_ name: String, _ picture: (Int) -> Void) {
    var times: [Double] = []
    times.reserveCapacity(frames)
    let serverPID = getenv("XSERVER_PID").map { String(cString: $0) }
    let compositorPID = getenv("COMPOSITOR_PID").map { String(cString: $0) }
    let ownBefore = cpuSeconds("self"), serverBefore = serverPID.flatMap(cpuSeconds), compositorBefore = compositorPID.flatMap(cpuSeconds)
    let paced = getenv("PACE_60HZ") != nil
    let first = MonotonicClock.nanoseconds()
    for i in 0..<frames {
        if paced {
            // As fingers move: a frame every 1/60 s, the compositor given time to repaint each.
            let due = first + Int64(i) * 16_666_667
            let now = MonotonicClock.nanoseconds()
            if due > now { usleep(UInt32((due - now) / 1000)) }
        }
        let start = MonotonicClock.nanoseconds()
        picture(i)
        overlay.render(at: Instant(seconds: Double(i) / 60))
        server.sync()
        times.append(Double(MonotonicClock.nanoseconds() - start) / 1e6)
    }
    let own = ownBefore.flatMap { before in cpuSeconds("self").map { ($0 - before) * 1000 / Double(frames) } }
    let x = serverBefore.flatMap { before in serverPID.flatMap(cpuSeconds).map { ($0 - before) * 1000 / Double(frames) } }
    let compositor = compositorBefore.flatMap { before in compositorPID.flatMap(cpuSeconds).map { ($0 - before) * 1000 / Double(frames) } }
    overlay.previews = []
    overlay.touches = []
    overlay.render(at: Instant(seconds: Double(frames) / 60))
    server.sync()
    let sorted = times.sorted()
    let mean = times.reduce(0, +) / Double(times.count)
    let late = times.filter { $0 > 1000.0 / 60 }.count
    var line = "\(name): \(frames) frames, per frame p50 \(ms(percentile(sorted, 0.5))), p99 \(ms(percentile(sorted, 0.99))), max \(ms(sorted.last!)), \(late) over 16.7 ms"
    line += paced ? "; paced at 60 frames/s" : "; \(Int((1000 / mean).rounded())) frames/s"
    if let own { line += "; CPU per frame: tactus \(ms(own))" }
    if let x { line += ", X server \(ms(x))" }
    if let compositor { line += ", compositor \(ms(compositor))" }
    print(line)
}

/// 0…1…0: a finger going out and coming back, a full sweep each 120 frames (2 s at 60 Hz).
func sweep(_ i: Int) -> Double {
    let phase = Double(i % 120) / 60
    return phase <= 1 ? phase : 2 - phase
}

let window = Rect(x: screen.width * 0.3, y: screen.height * 0.3, width: screen.width * 0.35, height: screen.height * 0.35)
print("screen \(Int(screen.width))x\(Int(screen.height)), \(server.compositorRuns ? "a compositor runs: ARGB overlay" : "no compositor: shaped overlay")")
measure("maximize preview") { i in
    let p = sweep(i)
    overlay.previews = [FeedbackPreview(.outline(from: window, to: screen), progress: p, pastCommit: p >= 0.5, travel: .up)]
}
measure("three touch marks") { i in
    let dy = sweep(i) * screen.height * 0.4
    overlay.touches = (0..<3).map { FeedbackOverlay.UndecidedTouch(location: Point(x: screen.midX + Double($0 - 1) * 80, y: screen.height * 0.8 - dy), since: .zero) }
}
measure("next-desktop arrow") { i in
    let p = sweep(i)
    overlay.previews = [FeedbackPreview(.arrow(.right, in: screen), progress: p, pastCommit: p >= 0.5, travel: .left)]
}
surface.close()
server.sync()
