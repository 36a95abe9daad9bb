import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// GTK 3 under the built-in default profile: a pinch, a flick and a held spin button behave as
/// without the daemon.
extension CompareXorgTests {
    /// gtk3-demo's "Gestures" demo (GtkGestureZoom): two fingers 100 px apart on a line land
    /// together, rest as a hand does before it moves (100 ms: 80–200 ms in the recordings) and
    /// spread to 160 px, 6 px each per 8 ms step. The scale is read from the screen, while the
    /// fingers are still down: the demo draws a 200 px square scaled by
    /// `gtk_gesture_zoom_get_scale_delta` (a blue-to-red gradient on a light background), so
    /// the real program's own drawing is the readback and needs no cooperation from it.
    /// Without the daemon the scale is 160/100 = 1.6; with it, within 3 %. (Fingers that
    /// spread from the first frame after landing are decided on that frame, and GTK takes its
    /// starting span from where the first finger has got to: 1.51, docs/deciding-under-x-ownership.md says so.)
    @Test func gtkGestureZoomScalesAsWithoutTheDaemon() throws {
        let bench = try CompareBench()
        let without = try Self.gtkZoom(bench, restingFirst: 100, shot: "without")
        try bench.startDaemon()
        let with = try Self.gtkZoom(bench, restingFirst: 100, shot: "with")
        let reference = try #require(without.scale, "without the daemon: \(without.detail)")
        #expect(abs(reference - 1.6) < 0.02, "without the daemon the scale is \(reference) (\(without.detail)), not 160/100")
        let scale = try #require(with.scale, "with the daemon: \(with.detail); without it the scale is \(String(format: "%.3f", reference))")
        #expect(abs(scale - reference) <= 0.03 * reference,
                "GtkGestureZoom scale: without the daemon \(String(format: "%.3f", reference)) (\(without.detail)), with it \(String(format: "%.3f", scale)) (\(with.detail)): \(percent(scale, of: reference)), allowed ±3 %")
    }

    /// gtk3-demo's Gestures demo started anew, two fingers 100 px apart landing together on
    /// its middle, resting `restingFirst` ms, then spreading to 160 px (6 px each per 8 ms
    /// step); the zoom's scale read from the screen while they are still down (nil when no
    /// square settled), and what was seen. The screenshot is kept as compare-gtk-zoom-`name`.
    static func gtkZoom(_ bench: CompareBench, restingFirst rest: Double, shot name: String) throws -> (scale: Double?, detail: String) {
        let demo = try bench.start(["gtk3-demo", "--run", "gestures"])
        defer { bench.stop(demo) }
        let window = try #require(bench.client { $0.title == "Gestures" }, "gtk3-demo's Gestures window did not appear")
        let frame = window.frame
        let (a, b) = try bench.paced { pace in
            try bench.pacedSpread(&pace, around: Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2), restingFirst: rest, lift: nil)
        }
        try bench.touch.sync()
        // The square, once the drawing settles (the fingers still down).
        let (shot, pixels, settled) = try bench.stableScreenshot(of: frame, name: "zoom") { Self.square(in: $0) != nil }
        try bench.touch.touches([(.end, 1, a), (.end, 2, b)])
        bench.keep(shot, frame, as: "compare-gtk-zoom-\(name)")
        guard settled, let side = Self.square(in: pixels) else { return (nil, "no square drawn (or it did not settle)") }
        return ((side.width + side.height) / 2 / 200, "square \(side.width)×\(side.height) px")
    }

    /// The gradient square of the Gestures demo: the run of pixels along the middle row and
    /// the middle column whose green channel is below half (the square's colours have none;
    /// the background is light grey). Its width and height, or nil when there is none.
    static func square(in shot: Pixels) -> (width: Double, height: Double)? {
        func inside(_ x: Int, _ y: Int) -> Bool { shot.color(x, y).green < 128 }
        let row = (0..<shot.width).filter { inside($0, shot.height / 2) }
        let column = (0..<shot.height).filter { inside(shot.width / 2, $0) }
        guard let left = row.first, let right = row.last, let top = column.first, let bottom = column.last else { return nil }
        return (Double(right - left + 1), Double(bottom - top + 1))
    }

    /// A GTK 3 list (a GtkListBox of 3000 rows in a GtkScrolledWindow: kinetic scrolling for
    /// touch) flicked with one finger: 5 moves of 6 px up, 8 ms apart by the test's clock, the
    /// lift 8 ms after the last. GTK's fling speed comes from the server's timestamps of the
    /// updates and the end (24 px from the first update to the end, over 40 ms here), so the scroll distance says whether the
    /// touch reached GTK with its timing. The distance is the vertical adjustment where
    /// kinetic scrolling stops, printed by the repository's GTK probe (`gtk3-probe.py list`):
    /// reading a list's offset from screenshots of a real program needs the rows' pitch and
    /// text; the probe's number is exact. Within 5 % of the distance without the daemon.
    ///
    /// One millisecond more or less between the first update and the end is 2.5 % of the
    /// distance, so the flick must leave the test on time: it is written in real time, its
    /// steps 0.3 ms into milliseconds of the clock Xorg stamps input with (CLOCK_MONOTONIC),
    /// and a flick with an event late past its millisecond is made again on a restarted list
    /// (up to 5 times). Without the daemon, so is one the server did not stamp 40 ms from the
    /// first update to the end (rare, the server running in real time). With the daemon the
    /// stamps are what is judged: they are what GTK gets.
    @Test func gtkListFlickScrollsAsFarAsWithoutTheDaemon() throws {
        let bench = try CompareBench()
        func flick() throws -> (distance: Double?, intervals: [Int], late: Double, detail: String) {
            let (probe, list) = try bench.startProbe("list")
            defer { bench.stop(probe) }
            let p = Point(x: list.x + list.width / 2, y: list.y + list.height / 2 + 100)
            let worstDelay = try bench.paced { pace in
                pace.restart(millisecondPhase: 0.3)
                try bench.pacedStroke(&pace, from: p, by: Vector(dx: 0, dy: -6), moves: 5, interval: 8)
                return pace.worstDelay
            }
            try bench.touch.sync()
            let output = probe.output!
            let stamps = { output.lines.filter { $0.hasPrefix("touch ") }.compactMap { $0.split(separator: " ").dropFirst(2).first.flatMap { Int($0) } } }
            let touches = { output.lines.filter { $0.hasPrefix("touch ") }.map { $0.split(separator: " ").prefix(3).joined(separator: " ") } }
            let settled = output.wait(timeout: 10) { $0.hasPrefix("settled ") }
            let intervals = zip(stamps(), stamps().dropFirst()).map { $1 - $0 }
            guard let settled, let distance = Double(settled.dropFirst(8)) else {
                let last = output.lines.last { $0.hasPrefix("value ") } ?? "no scroll"
                return (nil, intervals, worstDelay, "the list never came to rest after the lift (\(last)); GTK saw \(touches())")
            }
            return (distance, intervals, worstDelay, "GTK saw \(touches())")
        }
        func run(daemon: Bool) throws -> (distance: Double?, detail: String) {
            if daemon { try bench.startDaemon() }
            var retried: [String] = []
            while true {
                let f = try flick()
                var invalid: String?
                if f.late >= 0.6 {
                    invalid = String(format: "an event went out %.1f ms late", f.late)
                } else if !daemon, f.intervals.count != 6 || f.intervals.dropFirst().reduce(0, +) != 40 {
                    invalid = "stamped \(f.intervals) ms apart"
                }
                guard let invalid, retried.count < 4 else {
                    let note = retried.isEmpty ? "" : "; made again after \(retried.joined(separator: ", "))\(invalid.map { ", and \($0)" } ?? "")"
                    return (f.distance, "\(f.detail)\(note)")
                }
                retried.append(invalid)
            }
        }
        let without = try run(daemon: false)
        let with = try run(daemon: true)
        let reference = try #require(without.distance, "without the daemon: \(without.detail)")
        #expect(reference > 60, "without the daemon the flick scrolled only \(reference) px (\(without.detail))")
        let distance = try #require(with.distance, "with the daemon: \(with.detail); without it the flick scrolled \(reference) px")
        #expect(abs(distance - reference) <= 0.05 * reference,
                "flick distance: without the daemon \(String(format: "%.1f", reference)) px, with it \(String(format: "%.1f", distance)) px (\(percent(distance, of: reference)), allowed ±5 %); without: \(without.detail); with: \(with.detail)")
    }

    /// A GTK 3 spin button (0…10000, step 0.5, climb rate 1; the repository's GTK probe
    /// prints its value) whose "+" is held with one finger for 1.49 s under the built-in
    /// default profile. GTK turns the pointer-emulating touch into a button-1 press and
    /// auto-repeats on its own clock (500 ms, then every 50 ms, climbing). The daemon holds a
    /// lone resting finger while it may be the first of a swipe's (landingPause, 75 ms), and
    /// GTK's clock starts when it gets the press: so the value reached must lie between what
    /// the same hold reaches without the daemon and what a hold shorter by the daemon's own
    /// `held` reaches — not the upper bound a button-3 click on "+" jumps to, nor a single step. (1.49 s rather than
    /// 1.5: GTK's repeats fall about 1.46 and 1.51 s after the press, and a lift half-way
    /// between two of them keeps a few milliseconds of scheduling from adding or dropping a
    /// step in either run.)
    @Test func gtkSpinButtonHeldWithOneFingerRepeatsAsWithoutTheDaemon() throws {
        let bench = try CompareBench()
        var held = 0.0
        func run(daemon: Bool, hold: Double) throws -> (value: Double?, detail: String) {
            let claims = daemon ? try bench.startDaemon() : nil
            let (probe, spin) = try bench.startProbe("spin")
            defer { bench.stop(probe) }
            // "+" is the right end of the spin button.
            let plus = Point(x: spin.x + spin.width - 10, y: spin.y + spin.height / 2)
            try bench.stroke(from: plus, by: Vector(dx: 0, dy: 0), moves: 0, interval: hold)
            if let claims, let verdict = claims.output!.wait(timeout: 5, { $0.contains("\"kind\":\"touch\"") && $0.contains("\"verdict\"") }) {
                held = verdict.split(separator: ",").first { $0.hasPrefix("\"held\":") }.flatMap { Double($0.dropFirst(7)) } ?? 0
                #expect(verdict.contains("\"verdict\":\"released\""), "the resting finger is the application's: \(verdict)")
            }
            let output = probe.output!
            let seen = { output.lines.filter { !$0.hasPrefix("value ") && !$0.hasPrefix("ready ") }.prefix(12).joined(separator: ", ") }
            if let settled = output.wait(timeout: 5, { $0.hasPrefix("settled ") }), let value = Double(settled.dropFirst(8)) {
                return (value, "GTK saw: \(seen())")
            }
            // No end of the touch reached GTK: the value it was left at.
            let last = output.lines.last { $0.hasPrefix("value ") }.flatMap { Double($0.dropFirst(6)) } ?? 0
            return (last, "no release reached GTK; GTK saw: \(seen())")
        }
        let full = try run(daemon: false, hold: 1490)
        let with = try run(daemon: true, hold: 1490)
        #expect(held <= 100, "the daemon held the resting finger \(held) ms")
        let shorter = try run(daemon: false, hold: 1490 - held)
        let reference = try #require(full.value, "without the daemon: \(full.detail)")
        let low = try #require(shorter.value, "without the daemon, held \(1490 - held) ms: \(shorter.detail)")
        #expect(reference > 5 && reference < 100, "without the daemon the hold reached \(reference) (\(full.detail)): not GTK's auto-repeat")
        let value = try #require(with.value, "with the daemon: \(with.detail)")
        #expect(low <= value && value <= reference,
                "spin button value after holding \"+\" 1.49 s: with the daemon (which held the finger \(held) ms) \(value) (\(with.detail)); without it \(reference) (\(full.detail)), and held \(1490 - held) ms \(low) (\(shorter.detail))")
    }
}
