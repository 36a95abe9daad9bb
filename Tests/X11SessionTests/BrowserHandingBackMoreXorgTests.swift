import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// Issue 32's matrix, the cells `BrowserHandingBackXorgTests` leaves: a pinch in Firefox ESR
/// (MOZ_USE_XINPUT2=1, APZ zooming the page) and a one-finger flick in a Qt 5 program
/// (qtbase5-examples' scroller/graphicsview with `--touch`: QScroller::TouchGesture), alone,
/// under a bare touch owner without Tactus (`BareTouchOwner`) and under the daemon.
/// Figures are printed as `FIGURE …` lines (docs/deciding-under-x-ownership.md, "Handing back").
extension BrowserHandingBackXorgTests {
    /// Firefox's pinch-zoom on (APZ's; on by default on Linux, said here anyway).
    static let firefoxZoomPrefs = """
        user_pref("apz.allow_zooming", true);
        user_pref("dom.w3c_touch_events.enabled", 1);
        """

    /// Issue 32, point 4, in Firefox: the pinch of `pinch` (100 → 160 px) spreading at once,
    /// alone, under a bare owner rejecting each touch on its first update and under the
    /// daemon; and resting 100 ms first, alone and under the daemon. `runs` of each, the page
    /// loaded again before each (one pinch first, not counted); the page's
    /// `visualViewport.scale` once settled.
    @Test func firefoxPinchSpreadingAtOnceAndAfterARest() throws {
        let runs = 3
        let bench = try CompareBench()
        let firefox = try Self.startFirefox(bench, nil, prefs: Self.firefoxZoomPrefs)
        defer { Self.stop(bench, firefox) }
        var problems: [String] = [], notes: [String] = []
        func pinch(_ label: String, rest: Double, _ rule: BareTouchOwner.Rule? = nil) throws -> Double? {
            try Self.reload(bench, firefox)
            let owner = try rule.map { try BareTouchOwner(display: bench.x.display, rule: $0) }
            let p = try Self.pinch(bench, firefox, restingFirst: rest)
            owner?.stop()
            if let owner, owner.answers.rejected != 2 { problems.append("\(label): the bare owner answered \(owner.answers)") }
            notes.append("\(label) \(p.scale.map { String(format: "%.3f", $0) } ?? "-")")
            if p.scale == nil { problems.append("\(label): \(p.detail)") }
            return p.scale
        }
        _ = try pinch("warm-up", rest: 0)
        var alone: [Double] = [], underOwner: [Double] = [], restingAlone: [Double] = [], tactus: [Double] = [], restingTactus: [Double] = []
        for _ in 0..<runs {
            if let s = try pinch("alone", rest: 0) { alone.append(s) }
            if let s = try pinch("on-update", rest: 0, .rejectOnUpdate(1)) { underOwner.append(s) }
            if let s = try pinch("resting-alone", rest: 100) { restingAlone.append(s) }
        }
        let daemon = try bench.startDaemon(asUsersRunIt: true)
        try Programs.waitUntilRead(daemon, firefox.id, touch: true)
        for _ in 0..<runs {
            if let s = try pinch("tactus", rest: 0) { tactus.append(s) }
            if let s = try pinch("resting-tactus", rest: 100) { restingTactus.append(s) }
        }
        let a = Spread(values: alone), u = Spread(values: underOwner), r = Spread(values: restingAlone), t = Spread(values: tactus), rt = Spread(values: restingTactus)
        func f(_ s: Spread) -> String { String(format: "%.3f (%.3f–%.3f)", s.median, s.values.min() ?? 0, s.values.max() ?? 0) }
        let figures = "spreading at once: alone \(f(a)), bare owner on the first update \(f(u)) (\(percent(u.median, of: a.median))), Tactus \(f(t)) (\(percent(t.median, of: a.median))); resting 100 ms first: alone \(f(r)), Tactus \(f(rt)) (\(percent(rt.median, of: r.median))); medians of \(runs)"
        print("FIGURE Firefox ESR MOZ_USE_XINPUT2=1 pinch 100 → 160 px, visualViewport.scale: \(figures)")
        print("FIGURE Firefox pinches in order: \(notes.joined(separator: ", "))")
        #expect(problems.isEmpty, "\(problems); \(figures)")
        #expect([a, u, r, t, rt].allSatisfy { $0.values.count == runs }, "\(figures)")
        // Measured in two runs: every scale the same within each condition (1.176 alone and
        // resting, 1.127 under the bare owner and Tactus spreading at once).
        // Fingers resting before they spread: nothing that moves is held, the scale is Firefox's own.
        #expect(abs(rt.median - r.median) <= 0.01 * r.median, "resting first: \(figures)")
        // The reproducer: the server's replay of one frame of motion changes the scale without Tactus.
        #expect(u.median < a.median - 0.01, "the bare owner: \(figures)")
        // Tactus holds the pinch no longer than one frame of motion.
        #expect(t.median >= u.median * 0.99, "Tactus: \(figures)")
    }
}

// MARK: Qt 5's QScroller

extension BrowserHandingBackXorgTests {
    /// The item colours of qtbase5-examples' scroller/graphicsview (its `fillList`, 100 items
    /// 40 px apart in each list).
    static func qtScrollerItem(_ color: Screenshot.Color) -> Int? {
        (0..<100).first { i in
            color.red == 255 * i / 100 && color.green == 255 * (100 - i) / 100 && color.blue == 127 * (i % 2) + 64 * (i / 2 % 2)
        }
    }

    /// How far the first list of the example is scrolled, from a column of pixels through its
    /// items' fills (`top`: the row where item 0's fill starts unscrolled): the second item
    /// whose fill starts in the column (the first may be cut by the list's clip) says it.
    static func qtScrollerOffset(_ column: Pixels, top: Int) -> Double? {
        var seen = 0
        for y in 1..<column.height {
            guard let i = qtScrollerItem(column.color(0, y)), column.color(0, y - 1) != column.color(0, y) else { continue }
            seen += 1
            if seen == 2 { return Double(40 * i - (y - top)) }
        }
        return nil
    }

    /// The example started with `--touch` (its lists take QScroller::TouchGesture), a finger
    /// flicked up on its first list as `flick` does (6 × 20 px per 16 ms), the example restarted
    /// for each flick; how far the list scrolled once it has stayed still for 0.5 s.
    static func qtFlick(_ bench: CompareBench, owner rule: BareTouchOwner.Rule? = nil, daemon: Child? = nil) throws -> (distance: Double?, detail: String) {
        let example = "/usr/lib/x86_64-linux-gnu/qt5/examples/widgets/scroller/graphicsview/graphicsview"
        let home = "\(bench.scratch)/qt-home-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let program = try Child([example, "--touch", "-geometry", "800x500+100+100"],
                                environment: ["PATH=/usr/bin:/bin", "DISPLAY=\(bench.x.display)", "HOME=\(home)", "XDG_RUNTIME_DIR=\(home)",
                                              "LANG=C.UTF-8", "QT_QPA_PLATFORM=xcb"],
                                capture: true, captureErrors: true)
        defer { program.stop(timeout: 5) }
        try CompareBench.runInRealTime(program.pid)
        guard let window = bench.client(timeout: 30, { $0.title.contains("Gesture example") }) else {
            throw FixtureError(description: "the scroller example did not show its window: \(program.output!.lines.suffix(5))")
        }
        // A daemon started before the program has read its window before the finger lands, as
        // a user's daemon has long done (else the begin waits for that reading).
        if let daemon { try ProgramsWithoutTouchXorgTests.waitUntilRead(daemon, window.id, touch: true) }
        let column = Rect(x: window.frame.x + 20, y: window.frame.y, width: 1, height: min(window.frame.height, 450))
        let before = try bench.stableScreenshot(of: column, name: "qt-scroller") { pixels in
            (0..<pixels.height).contains { Self.qtScrollerItem(pixels.color(0, $0)) == 0 }
        }
        guard before.settled, let top = (0..<before.pixels.height).first(where: { Self.qtScrollerItem(before.pixels.color(0, $0)) == 0 }) else {
            throw FixtureError(description: "the scroller example's first item is not where it was looked for")
        }
        let tracker = WindowTracker(server: bench.x.server)
        let p = Point(x: window.frame.x + 60, y: window.frame.y + Double(top) + 300)
        guard bench.x.poll(timeout: 10, { tracker.clientWindow(at: p) == XWindowID(window.id) }) else {
            throw FixtureError(description: "the scroller example's window is not under the finger")
        }
        let owner = try rule.map { try BareTouchOwner(display: bench.x.display, rule: $0) }
        defer { owner?.stop() }
        try bench.paced { pace in
            pace.restart(millisecondPhase: 0.3)
            try bench.pacedStroke(&pace, from: p, by: Vector(dx: 0, dy: -flickStep), moves: 6, interval: flickInterval)
        }
        try bench.touch.sync()
        // Still for 0.5 s (screenshots about every 30 ms): the deceleration's slow tail moves
        // a pixel now and then.
        var last = try bench.screenshot(of: column, name: "qt-scroller").pixels, since = Date()
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, Date().timeIntervalSince(since) < 0.5 {
            usleep(20_000)
            let now = try bench.screenshot(of: column, name: "qt-scroller").pixels
            if now != last { last = now; since = Date() }
        }
        if let owner, owner.answers.rejected != 1 { return (nil, "the bare owner answered \(owner.answers)") }
        guard let offset = Self.qtScrollerOffset(last, top: top) else { return (nil, "no item seen in the list's column") }
        return (offset, "offset \(offset)")
    }

    /// Issue 32, point 5, in Qt 5: a one-finger flick on a QScroller list, alone, under a bare
    /// owner rejecting at the begin, under one rejecting on the first update, under the same
    /// asking the server first, and under the daemon (started for its flick and stopped after
    /// it), in turn, round after round: whatever drifts during the run (the machine's load,
    /// the server's state) falls on every owner alike. How far the list scrolled.
    @Test func qtScrollerFlickWithAndWithoutTactus() throws {
        let rounds = 5
        let bench = try CompareBench()
        var alone: [Double] = [], atBegin: [Double] = [], onUpdate: [Double] = [], asking: [Double] = [], tactus: [Double] = []
        var problems: [String] = [], notes: [String] = []
        /// Per round: how much further Tactus flung than the owner letting go on the same update
        /// after asking the server the daemon's question, in that round.
        var pastTheOwner: [Double] = []
        func run(_ label: String, _ rule: BareTouchOwner.Rule?, into values: inout [Double], daemon: Child? = nil) throws -> Double? {
            let f = try Self.qtFlick(bench, owner: rule, daemon: daemon)
            notes.append("\(label) \(f.distance.map { String(Int($0)) } ?? "-")")
            if let d = f.distance { values.append(d) } else { problems.append("\(label): \(f.detail)") }
            return f.distance
        }
        for _ in 0..<rounds {
            _ = try run("alone", nil, into: &alone)
            _ = try run("at-begin", .rejectAtBegin, into: &atBegin)
            _ = try run("on-update", .rejectOnUpdate(1), into: &onUpdate)
            let ownerAsking = try run("asking", .rejectOnUpdateAskingFirst(1), into: &asking)
            let daemon = try bench.startDaemon(asUsersRunIt: true)
            let daemonFlick = try run("tactus", nil, into: &tactus, daemon: daemon)
            bench.stop(daemon)
            if let ownerAsking, let daemonFlick { pastTheOwner.append(daemonFlick - ownerAsking) }
        }
        let a = Spread(values: alone), b = Spread(values: atBegin), u = Spread(values: onUpdate), q = Spread(values: asking), t = Spread(values: tactus)
        let figures = "alone \(a); bare owner rejecting at the begin \(b) (\(percent(b.median, of: a.median))); bare owner rejecting on the first update \(u) (\(percent(u.median, of: a.median))); the same asking the server first, as the daemon must \(q) (\(percent(q.median, of: a.median))); Tactus \(t) (\(percent(t.median, of: a.median))) (percentages of the medians)"
        print("FIGURE Qt 5 QScroller (scroller/graphicsview --touch) one-finger flick (6 × \(Int(Self.flickStep)) px / \(Int(Self.flickInterval)) ms), scrolled at rest: \(figures)")
        let paired = Spread(values: pastTheOwner)
        print("FIGURE Qt 5 QScroller flicks in order: \(notes.joined(separator: ", ")); Tactus past the owner asking first, round by round: \(pastTheOwner.map { String(Int($0)) }.joined(separator: ", ")) px (median \(Int(paired.median)))")
        #expect(problems.isEmpty, "\(problems); \(figures)")
        #expect([a, b, u, q, t].allSatisfy { $0.values.count == rounds }, "\(figures)")
        // Why an owner that lets go on the first update moves QScroller's flicks at all (Qt 5's
        // qflickgesture.cpp and qscroller.cpp; docs/deciding-under-x-ownership.md, "Handing
        // back"): each event is stamped in whole milliseconds when Qt handles it, the begin and
        // the first update replayed together read 0 ms apart (no velocity), the next interval
        // reads short by the owner's answer time (16 ms as 15: +6.7 % for that sample, unsmoothed
        // as the first), and the first samples weigh on a short flick's release: a flick lands
        // on one of a few distances about 4 % apart (1,080 or 1,125 px here), the further the
        // more often the later the owner answers. The daemon asks the server one question before
        // it rejects (the crash guard), as the owner asking first does: measured interleaved with
        // the release daemon (four runs), its flicks sit where that owner's do or below (medians
        // 1,056–1,125 px against 1,082–1,125; the owner asking nothing 1,080–1,125, alone 1,042–1,070).
        // What holds the touches at the begin changes nothing; Tactus flings no further than
        // one such step past the owner letting go on the same update after asking the same
        // question (a daemon that answered a millisecond later, or held the touch for more
        // updates, would fling two steps further or more).
        // Compared round by round: under the load of the other tests a round's flicks go
        // further for every owner alike (one full `swift test`: 1,368 px under Tactus and
        // 1,127–1,196 under the owners in one round, 1,080 and 1,125–1,156 in the next), which
        // the medians of five did not absorb and the paired differences do.
        #expect(abs(b.median - a.median) <= 0.15 * a.median, "the bare owner at the begin: \(figures)")
        #expect(paired.values.count == rounds && paired.median <= 0.06 * q.median,
                "Tactus past the owner asking first on the same update, round by round: \(pastTheOwner); \(figures)")
    }
}
