// The overlay's frame rate while fingers move, end to end (make bench-overlay, after the
// drawing benchmark): the release daemon with the built-in default profile on Xorg (dummy
// video, inputtest touches, as root), three fingers laid down and moved left and right
// between 60 and 240 px at 60 frames a second, each frame one write of three updates paced by
// this program's clock. The next-desktop preview changes with every frame; each time the
// daemon sets the overlay's shape the server sends this program a ShapeNotify, so counting
// them counts the frames the daemon drew. At the end the fingers come back to 40 px and lift:
// the swipe is cancelled and the desktop stays. Prints the input frames, the overlay frames,
// the frames per second, and the CPU the daemon and the X server spent per frame.
// `--touchpad`: the same with the built-in profile's touchpad-next-desktop preview, a
// touchpad's three-finger swipe updates (XI 2.4, inputtest) at 60 a second going left and
// right between 150 and 420 px of the driver's motion (its preview is whole at 500).
//
// usage: tactus-overlay-live [TACTUS [SECONDS]] [--compositor] [--touchpad]   (--compositor: xfwm4 with its compositor on)
import CX11
import Foundation
import GestureEngine
import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

let arguments = CommandLine.arguments.filter { !$0.hasPrefix("--") }
let compositor = CommandLine.arguments.contains("--compositor")
let touchpad = CommandLine.arguments.contains("--touchpad")
let tactus = arguments.count > 1 ? arguments[1] : repositoryRoot.appendingPathComponent(".build/release/tactus").path
let seconds = arguments.count > 2 ? Double(arguments[2]) ?? 10 : 10

func cpuSeconds(_ pid: pid_t) -> Double? {
    guard let line = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = line.lastIndex(of: ")") else { return nil }
    let fields = line[line.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

struct Failure: Error, CustomStringConvertible { var description: String }
func fail(_ message: String) -> Failure { Failure(description: message) }

/// The whole run in one scope: the session (Xorg, the window manager, the daemon) is stopped
/// when it returns or throws.
@MainActor func run() throws {
    let x = try XvfbSession(backend: .xorg, windowManager: compositor ? .xfwm4(compositor: true) : .openbox)
    let touch = try InputTestDevice(path: x.deviceSockets[touchpad ? "touchpad" : "touch"]!)
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-overlay-live-\(getpid()).yaml").path
    try defaultProfileYAML.write(toFile: config, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: config) }
    let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-overlay-live-\(getpid())").path
    let daemon = try x.launchDaemon(["--config", config, "--log", "json", "--verbose"], environment: ["HOME=\(NSTemporaryDirectory())"], runtime: runtime,
                                    ready: "feedback on: previews", binary: tactus)

    // The overlay window, and its shape changes.
    let d = x.server.display
    var overlay: XWindowID?
    guard x.poll({
        overlay = x.server.children(of: x.server.root).first { x.server.classHint($0)?.instance == "tactus-feedback" }
        return overlay != nil
    }), let overlay else { throw fail("no overlay window") }
    var shapeEvent: Int32 = 0, shapeError: Int32 = 0
    guard XShapeQueryExtension(d, &shapeEvent, &shapeError) != 0 else { throw fail("no SHAPE") }
    XShapeSelectInput(d, Window(overlay), UInt(ShapeNotifyMask))
    x.server.sync()

    var shapes = 0
    func drain() {
        var event = XEvent()
        while XPending(d) > 0 {
            XNextEvent(d, &event)
            if event.type == shapeEvent + ShapeNotify { shapes += 1 }
        }
    }

    let start = [Point(x: 700, y: 400), Point(x: 770, y: 400), Point(x: 840, y: 400)]
    /// The touchpad's swipe so far (its updates carry the change since the last).
    var swiped = 0.0
    func frame(_ phase: InputTestDevice.TouchPhase, _ dx: Double) throws {
        guard touchpad else {
            return try touch.touches(start.enumerated().map { (phase, UInt32($0.offset + 1), Point(x: $0.element.x + dx, y: $0.element.y)) }, sync: false)
        }
        switch phase {
        case .begin: try touch.swipe(.begin, fingers: 3)
        case .update: try touch.swipe(.update, fingers: 3, dx: dx - swiped)
        case .end: try touch.swipe(.end, fingers: 3)
        }
        swiped = dx
    }
    let gesture = touchpad ? "touchpad-next-desktop" : "next-desktop"
    let period = 1.0 / 60
    var due = Date()
    func pace() {
        due += period
        let wait = due.timeIntervalSinceNow
        if wait > 0 { usleep(UInt32(wait * 1e6)) }
        drain()
    }

    try frame(.begin, 0)
    pace()
    // Out to 60 px: recognized at 50, the preview begins.
    for dx in stride(from: -10.0, through: -60, by: -10) {
        try frame(.update, dx)
        pace()
    }
    guard daemon.output!.wait(timeout: 5, { $0.contains("gesture \(gesture): recognized") }) != nil else { throw fail("the swipe was not recognized: \(daemon.output!.lines.suffix(10))") }
    x.server.sync()
    drain()
    shapes = 0
    let frames = Int(seconds * 60)
    let daemonBefore = cpuSeconds(daemon.pid), serverBefore = cpuSeconds(x.serverProcess)
    let began = Date()
    due = began
    for i in 0..<frames {
        // 60 → 240 px and back each second: 6 px a frame (the touchpad: 150 → 420, 9 px).
        let k = i % 60
        let travel = touchpad ? 150 + 9 * Double(k < 30 ? k + 1 : 59 - k) : 60 + 6 * Double(k < 30 ? k + 1 : 59 - k)
        try frame(.update, -travel)
        pace()
    }
    let elapsed = Date().timeIntervalSince(began)
    // The last frames' shapes: wait until the daemon has drawn the last one (its progress), then count.
    usleep(100_000)
    x.server.sync()
    drain()
    let daemonCPU = cpuSeconds(daemon.pid).flatMap { after in daemonBefore.map { (after - $0) * 1000 / Double(frames) } }
    let serverCPU = cpuSeconds(x.serverProcess).flatMap { after in serverBefore.map { (after - $0) * 1000 / Double(frames) } }
    // Back under the commit point and lift: cancelled.
    try frame(.update, -40)
    try frame(.end, -40)
    guard daemon.output!.wait(timeout: 5, { $0.contains("gesture \(gesture): cancelled") }) != nil else { throw fail("the swipe was not cancelled: \(daemon.output!.lines.suffix(10))") }

    let ms = { (v: Double) in "\((v * 100).rounded() / 100) ms" }
    var line = "\(touchpad ? "touchpad swipe, " : "")\(compositor ? "xfwm4, compositor on (ARGB)" : "openbox, no compositor (shaped)"): \(frames) input frames in \(String(format: "%.2f", elapsed)) s, "
    line += "\(shapes) overlay frames drawn: \(Int((Double(shapes) / elapsed).rounded())) frames/s"
    if let daemonCPU, let serverCPU { line += "; CPU per frame: daemon \(ms(daemonCPU)), X server \(ms(serverCPU))" }
    print(line)
    try? FileManager.default.removeItem(atPath: runtime)
}

do {
    try run()
} catch {
    print("tactus-overlay-live: \(error)")
    exit(1)
}
