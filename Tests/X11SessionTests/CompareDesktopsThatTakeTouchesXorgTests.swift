import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// Issue 34: muffin (Cinnamon's window manager) and mutter (GNOME Shell's) take the passive
/// touch grab on the root window when they start, before Tactus in a session. Tactus then
/// grabs the top-level windows below it and decides each touch the window manager lets go of
/// (TouchOwnership+TopLevels.swift). The same touches with the daemon stopped and running the
/// built-in default profile, on one Xorg (dummy video, `inputtest` touchscreen), read back from
/// the server (`_NET_CURRENT_DESKTOP`) and from the windows (`tactus-test-window` prints every
/// touch and button event it gets).
extension CompareXorgTests {
    /// A touch window's touches, in the order each began: (phase, x, y) lines, by touch.
    static func sequences(_ output: LineCollector) -> [[String]] {
        var order: [String] = []
        var byID: [String: [String]] = [:]
        for line in output.lines where line.hasPrefix("touch ") {
            let f = line.split(separator: " ").map(String.init)
            guard f.count >= 5 else { continue }
            if byID[f[2]] == nil { order.append(f[2]) }
            byID[f[2], default: []].append("\(f[1]) \(f[3]),\(f[4])")
        }
        return order.map { byID[$0]! }
    }

    static func ends(_ output: LineCollector) -> Int { output.lines.filter { $0.hasPrefix("touch end ") }.count }
    static func presses(_ output: LineCollector) -> [String] { output.lines.filter { $0.hasPrefix("button-press") } }

    /// Three fingers 60 px apart landing together at `start` and dragged 240 px left in 16
    /// frames 10 ms apart: the built-in profile's swipe to the next desktop.
    static func threeFingerSwipe(_ bench: CompareBench, at start: Point) throws {
        try bench.stroke(ids: [21, 22, 23], from: start, by: Vector(dx: -15, dy: 0), moves: 16, interval: 10)
    }

    /// A tap of 40 ms, or a drag of six 6 px steps 8 ms apart, with one finger.
    static func oneFinger(_ bench: CompareBench, at p: Point, drag: Bool) throws {
        try bench.stroke(from: p, by: Vector(dx: 6, dy: 0), moves: drag ? 6 : 0, interval: 8, lift: drag ? 8 : 40)
    }

    /// Switches to `desktop` (as a pager does) and waits until the window manager has.
    static func showDesktop(_ bench: CompareBench, _ desktop: Int) -> Bool {
        let tracker = WindowTracker(server: bench.x.server)
        bench.x.server.sendRootMessage(about: bench.x.server.root, type: "_NET_CURRENT_DESKTOP", data: [desktop, 0])
        return bench.x.poll(timeout: 5) { tracker.currentDesktop == desktop }
    }

    /// Activates `window` (as a pager does) and waits until the window manager says it is the
    /// active window. The window manager's click-to-focus grab on it is gone by then (mutter
    /// ungrabs before it announces the focus): a touch on it goes straight to it. On a window
    /// without the focus, that grab takes the first finger, and muffin and mutter swallow it
    /// when they find no window under it — during the 500 ms of their desktop switch
    /// animation (src/core/events.c, `get_window_for_event` → `XISyncDevice`), with or without
    /// Tactus.
    static func activate(_ bench: CompareBench, _ window: XWindowID) -> Bool {
        let server = bench.x.server!
        server.sendRootMessage(about: window, type: "_NET_ACTIVE_WINDOW", data: [2, 0, 0])
        return bench.x.poll(timeout: 5) { server.numbers(server.root, "_NET_ACTIVE_WINDOW")?.first == UInt(window) }
    }

    struct TakenTouches {
        /// The desktop the swipes switched to (nil: none).
        var switched: [Int?] = []
        /// Touch sequences the touch window got from its swipe; button presses the window
        /// without touch got from its swipe.
        var swipeOnTouchWindow = 0
        var swipeOnMouseWindow: [String] = []
        var tap: [String]?
        var drag: [String]?
        var detail = ""
        /// The daemon's "running on …" line (which says how it takes touches), and what it logged
        /// of the touches.
        var mode: String?
        var log = ""
    }

    /// muffin and mutter: a three-finger swipe on a window that takes touches and on one that
    /// does not switches the desktop with the daemon and gives the windows nothing of it (no
    /// touch, no button: without it the touch window gets the three touches and the other one
    /// button 1 from the first finger, the symptom of issue 34); a one-finger tap and drag the
    /// daemon hands back reach the touch window as without it, position for position.
    @Test(arguments: [XvfbSession.WindowManager.muffin, .mutter])
    func aSwipeUnderAWindowManagerThatTakesTouchesIsTactussAndTheRestIsHandedBack(windowManager: XvfbSession.WindowManager) throws {
        let bench = try CompareBench(windowManager: windowManager)
        let tracker = WindowTracker(server: bench.x.server)
        func run(daemon: Bool) throws -> TakenTouches {
            var seen = TakenTouches()
            var log: LineCollector?
            if daemon {
                let d = try bench.startDaemon()
                seen.mode = d.output!.lines.first { $0.contains("running on") }
                log = d.output
            }

            let w = try bench.x.openWindow(class: "Touch", title: "touch", geometry: "500x400+60+150", touch: true)
            let m = try bench.x.openWindow(class: "Mouse", title: "mouse", geometry: "500x400+680+150", buttonState: true)
            defer { w.process.stop(); m.process.stop() }
            guard let wf = tracker.info(w.id)?.frame, let mf = tracker.info(m.id)?.frame else { seen.detail = "no geometry"; return seen }
            for (frame, window, takesTouch) in [(wf, w, true), (mf, m, false)] {
                let sentinel = window.output.count
                try Self.threeFingerSwipe(bench, at: Point(x: frame.x + 260, y: frame.y + 150))
                if daemon {
                    // Its action fires at the lift; the windows are on desktop 0.
                    let switched = bench.x.poll(timeout: 5) { tracker.currentDesktop == 1 }
                    seen.switched.append(switched ? 1 : nil)
                    guard Self.showDesktop(bench, 0) else { seen.detail = "desktop 0 did not come back"; return seen }
                } else {
                    _ = window.output.wait(timeout: 5) { _ in takesTouch ? Self.ends(w.output) >= 3 : window.output.lines(from: sentinel).contains { $0.hasPrefix("button-release 1") } }
                    seen.switched.append(tracker.currentDesktop == 0 ? nil : tracker.currentDesktop)
                }
                // A tap after it: once it is in, whatever the swipe gave the window is too.
                guard Self.activate(bench, window.id) else { seen.detail = "\(takesTouch ? "the touch window" : "the other") did not become active"; return seen }
                let before = takesTouch ? Self.ends(w.output) : Self.presses(m.output).count
                try Self.oneFinger(bench, at: Point(x: frame.x + 100, y: frame.y + 300), drag: false)
                _ = window.output.wait(timeout: 5) { _ in takesTouch ? Self.ends(w.output) > before : m.output.lines(from: sentinel).contains { $0.hasPrefix("button-release 1") } && Self.presses(m.output).count > before }
                if takesTouch {
                    let all = Self.sequences(w.output)
                    seen.swipeOnTouchWindow = all.count - 1
                    seen.tap = all.last
                } else {
                    // The tap's click is the last press; the swipe's are the rest.
                    seen.swipeOnMouseWindow = Array(Self.presses(m.output).dropLast())
                }
            }
            let tapped = Self.ends(w.output)
            guard Self.activate(bench, w.id) else { seen.detail = "the touch window did not become active"; return seen }
            try Self.oneFinger(bench, at: Point(x: wf.x + 100, y: wf.y + 100), drag: true)
            _ = w.output.wait(timeout: 5) { _ in Self.ends(w.output) > tapped }
            seen.drag = Self.sequences(w.output).last
            seen.detail = "swipes switched to desktop \(seen.switched.map { $0.map(String.init) ?? "-" }); the touch window got \(seen.swipeOnTouchWindow) touches of its swipe, "
                + "the other \(seen.swipeOnMouseWindow.count) presses; tap \(seen.tap ?? []), drag \(seen.drag ?? [])"
            // What the daemon made of the touches, for a failure's message.
            if let log { seen.log = log.lines.filter { $0.contains(" touch ") || $0.contains("gesture") && !$0.contains(" → ") }.suffix(60).joined(separator: "\n") }
            return seen
        }
        let without = try run(daemon: false)
        let with = try run(daemon: true)
        let name = windowManager.description
        #expect(without.switched == [nil, nil] && without.swipeOnTouchWindow == 3 && without.swipeOnMouseWindow.count == 1,
                "\(name) without the daemon: \(without.detail)")
        #expect(with.mode?.contains("touch owner after the window manager") == true, "\(name): \(with.mode ?? "no daemon")")
        #expect(with.switched == [1, 1], "\(name) with the daemon, the swipes: \(with.detail)")
        #expect(with.swipeOnTouchWindow == 0 && with.swipeOnMouseWindow.isEmpty, "\(name): the windows got part of the swipes Tactus claimed: \(with.detail)\n\(with.log)")
        #expect(without.tap != nil && with.tap == without.tap, "\(name), a tap handed back: without the daemon \(without.tap ?? []), with it \(with.tap ?? [])\n\(with.log)")
        #expect((without.drag?.count ?? 0) == 8 && with.drag == without.drag, "\(name), a drag handed back: without the daemon \(without.drag ?? []), with it \(with.drag ?? [])")
    }

    /// Milliseconds: the median, the 90th percentile and the largest.
    static func spread(_ values: [Double]) -> String {
        guard !values.isEmpty else { return "none" }
        let v = values.sorted()
        return String(format: "p50 %.1f, p90 %.1f, max %.1f ms", v[v.count / 2], v[min(v.count - 1, v.count * 9 / 10)], v.last!)
    }

    /// How long the window manager holds each touch before a program can have it: 20
    /// one-finger drags (6 px steps, 8 ms apart) on a window that takes touches, each written
    /// when the last one has reached it. The window manager's own hold: the window selects
    /// `XI_TouchOwnership` too, so it gets each touch's begin at once and its ownership when
    /// the grab before it (the window manager's) lets go, both read on CLOCK_MONOTONIC. Then,
    /// with the plain selection, from the write of the finger's landing to the window's read of
    /// its TouchBegin, with the daemon stopped and running, and, with it, also from the write of
    /// the first update (the one that decides a drag). openbox takes no touch grab: the baseline.
    @Test(arguments: [XvfbSession.WindowManager.openbox, .muffin, .mutter])
    func howLongAWindowManagerThatTakesTouchesHoldsEachTouch(windowManager: XvfbSession.WindowManager) throws {
        let bench = try CompareBench(windowManager: windowManager)
        let count = 20
        func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t)
            return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1_000_000
        }
        /// When the window read each line of `kind`, by touch (ms).
        func reads(_ w: XvfbSession.TestWindow, _ kind: String) -> [String: Double] {
            var out: [String: Double] = [:]
            for line in w.output.lines where line.hasPrefix("touch \(kind) ") {
                let f = line.split(separator: " ")
                if f.count == 7, let ns = Double(f[6]) { out[String(f[2])] = ns / 1_000_000 }
            }
            return out
        }
        func run(daemon: Bool, ownership: Bool = false) throws -> (landing: [Double], holds: [Double], reached: Int, mode: String?) {
            let d = daemon ? try bench.startDaemon() : nil
            let w = try bench.x.openWindow(class: "Stamps", title: "stamps", geometry: "600x400+200+150", touch: true, timestamps: true, ownership: ownership)
            defer { w.process.stop() }
            let frame = try #require(WindowTracker(server: bench.x.server).info(w.id)?.frame)
            var landed: [Double] = []
            for n in 0..<count {
                let p = Point(x: frame.x + 100 + Double(n % 5) * 80, y: frame.y + 80 + Double(n / 5) * 70)
                try bench.paced { pace in
                    landed.append(now())
                    try bench.pacedStroke(&pace, from: p, by: Vector(dx: 6, dy: 0), moves: 3, interval: 8)
                }
                try bench.touch.sync()
                guard w.output.wait(timeout: 3, { _ in Self.ends(w.output) > n }) != nil else { break }
            }
            // Touch ids grow: in id order, the touches in the order they were made.
            let begins = reads(w, "begin"), owned = reads(w, "ownership")
            let ids = begins.keys.sorted { Int($0)! < Int($1)! }
            let landing = zip(ids, landed).map { begins[$0.0]! - $0.1 }
            let holds = ids.compactMap { id in owned[id].map { $0 - begins[id]! } }
            return (landing, holds, ids.count, d?.output!.lines.first { $0.contains("running on") })
        }
        let held = try run(daemon: false, ownership: true)
        let without = try run(daemon: false)
        let with = try run(daemon: true)
        let name = windowManager.description
        print("DesktopsThatTakeTouches, \(name): the window manager's hold \(Self.spread(held.holds)) (\(held.holds.count) of \(count) touches: "
              + "\(held.holds.map { String(format: "%.1f", $0) }.joined(separator: " ")) ms); "
              + "landing → the window's TouchBegin without Tactus \(Self.spread(without.landing)), with it \(Self.spread(with.landing)) "
              + "(from the deciding update \(Self.spread(with.landing.map { $0 - 8 })))")
        #expect(held.reached == count && without.reached == count && with.reached == count,
                "\(name): \(held.reached), \(without.reached) and \(with.reached) of \(count) drags reached the window")
        #expect(held.holds.count == count, "\(name): the window manager let go of \(held.holds.count) of \(count) touches")
        #expect(with.mode?.contains(windowManager == .openbox ? "touch owner," : "touch owner after the window manager") == true, "\(name): \(with.mode ?? "-")")
    }
}
