import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// The built-in profile's conventions for programs without touch (semantics.md §12, the
/// profile `programs-without-touch`) with real programs that select no touch events — Tk 8.6
/// and xterm — on one Xorg with the dummy video and `inputtest` drivers (`CompareBench`): the
/// same touches without the daemon, then with it running the built-in profile, the program
/// started afresh for each run. What happened is read back from the program (the Tk probe's
/// lines, Tests/X11TestSupport/Programs/tk-text-probe.tcl) or from the server (pixels, the
/// PRIMARY selection, the pointer's buttons), never from the daemon's log. Figures measured on
/// the way are printed as `FIGURE …` lines.
@Suite(.serialized) struct ProgramsWithoutTouchXorgTests {
    /// Tk's text widget scrolls 50 px per wheel step (text.tcl binds <4> and <5> to
    /// `yview scroll ∓50 pixels`); the built-in profile makes a step per 50 px of finger on a
    /// window whose profile names no `wheelNotch`, as the probe's does not.
    static let tkPixelsPerStep = 50, fingerPerStep = 50.0

    static func figure(_ text: String) { print("FIGURE \(text)") }

    /// The buttons the server holds down (XQueryPointer's Button1Mask … Button5Mask).
    static func buttonsDown(_ x: XvfbSession) -> UInt32 {
        var root: Window = 0, child: Window = 0, rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0, mask: UInt32 = 0
        XQueryPointer(x.server.display, Window(x.server.root), &root, &child, &rx, &ry, &wx, &wy, &mask)
        return mask & 0x1f00
    }

    /// Waits until the daemon has read `id` and asked the server about its program's touches:
    /// a precondition of the run (the conventions apply only to windows it knows), not a result.
    static func waitUntilRead(_ daemon: Child, _ id: UInt64, touch: Bool) throws {
        let hex = "0x\(String(id, radix: 16))", says = touch ? "selects touch events" : "selects no touch events"
        guard daemon.output!.wait(timeout: 10, { $0.contains(hex) && $0.contains(says) }) != nil else {
            throw FixtureError(description: "the daemon never said window \(hex) \(says): \(daemon.output!.lines.suffix(10))")
        }
    }

    /// A round trip through the window manager: it answers _NET_REQUEST_FRAME_EXTENTS for a
    /// new window by setting _NET_FRAME_EXTENTS on it, after what the server sent it before.
    static func windowManagerRoundTrip(_ x: XvfbSession) -> Bool {
        let d = x.server.display
        let w = XCreateSimpleWindow(d, Window(x.server.root), -10, -10, 1, 1, 0, 0, 0)
        defer { XDestroyWindow(d, w); XSync(d, 0) }
        x.server.sendRootMessage(about: XWindowID(w), type: "_NET_REQUEST_FRAME_EXTENTS", data: [])
        return x.poll { x.server.numbers(XWindowID(w), "_NET_FRAME_EXTENTS") != nil }
    }

    // MARK: Touches, paced as a hand's

    static func frame(_ phase: InputTestDevice.TouchPhase, _ points: [Point]) -> [(phase: InputTestDevice.TouchPhase, id: UInt32, at: Point)] {
        points.enumerated().map { (phase: phase, id: UInt32($0.offset + 1), at: $0.element) }
    }

    /// Fingers landing together at `starts`, resting `held` s, moved together by `by` (5 px
    /// per update, an update each 8 ms), resting `rest` s where they stop (no flick), lifted.
    /// `moving` runs after each update with its number.
    static func drag(_ touch: InputTestDevice, _ starts: [Point], by v: Vector, held: Double = 0, rest: Double = 0.2,
                     moving: (Int) throws -> Void = { _ in }) throws {
        try touch.touches(frame(.begin, starts))
        if held > 0 { usleep(useconds_t(held * 1e6)) }
        let n = Int((max(abs(v.dx), abs(v.dy)) / 5).rounded(.up))
        var at = starts
        for i in 1...n {
            usleep(8_000)
            at = starts.map { Point(x: $0.x + v.dx * Double(i) / Double(n), y: $0.y + v.dy * Double(i) / Double(n)) }
            try touch.touches(frame(.update, at))
            try moving(i)
        }
        usleep(useconds_t(rest * 1e6))
        try touch.touches(frame(.end, at))
    }

    /// Fingers tapped together: down, `holding` s (80 ms), up.
    static func tap(_ touch: InputTestDevice, _ points: [Point], holding: Double = 0.08) throws {
        try touch.touches(frame(.begin, points))
        usleep(useconds_t(holding * 1e6))
        try touch.touches(frame(.end, points))
    }

    // MARK: The Tk probe

    struct Tk {
        let program: Child
        let id: UInt64
        let frame: Rect
        /// The height of a line of text, px.
        let lineSpace: Int
        var output: LineCollector { program.output! }
        /// A point of the text (it fills the window), on whole pixels.
        func at(_ fx: Double, _ fy: Double, dx: Double = 0) -> Point {
            Point(x: (frame.x + frame.width * fx + dx).rounded(), y: (frame.y + frame.height * fy).rounded())
        }
    }

    /// `press|release B X Y STATE` (root coordinates) as Tk got it.
    struct ButtonEvent: CustomStringConvertible {
        let press: Bool, button: Int, x: Int, y: Int, state: UInt32
        init?(_ line: String) {
            let p = line.split(separator: " ")
            guard p.count == 5, p[0] == "press" || p[0] == "release", let b = Int(p[1]), let x = Int(p[2]), let y = Int(p[3]),
                  let s = UInt32(p[4].dropFirst(2), radix: 16) else { return nil }
            press = p[0] == "press"
            button = b
            self.x = x
            self.y = y
            state = s
        }
        var kind: String { "\(press ? "press" : "release") \(button)" }
        var description: String { "\(kind) at \(x),\(y) state 0x\(String(state, radix: 16))" }
    }

    /// What the probe printed for one run's gesture.
    struct TkRun {
        let lines: [String]
        let lineSpace: Int
        var buttons: [ButtonEvent] { lines.compactMap(ButtonEvent.init) }
        var kinds: [String] { buttons.map(\.kind) }
        /// The pixels the view moved (the last `view` line), nil when it did not move.
        var scrolled: Int? { lines.last { $0.hasPrefix("view ") }.flatMap { $0.split(separator: " ").last.flatMap { Int($0) } } }
        /// The text selected at the end (`tag ranges sel`), nil when nothing was.
        var selection: String? {
            let last = lines.last { $0.hasPrefix("selection") }?.dropFirst(9).trimmingCharacters(in: .whitespaces)
            return last?.isEmpty == false ? last : nil
        }
        var wheel: [ButtonEvent] { buttons.filter { $0.press && (4...7).contains($0.button) } }
        var summary: String { lines.joined(separator: " | ") }
        var b1Motions: Int { lines.filter { $0.hasPrefix("b1-motion") }.count }
    }

    /// Starts the probe and waits until it is drawn, placed, and (with the daemon) read.
    static func startTk(_ bench: CompareBench, _ daemon: Child?) throws -> Tk {
        let script = repositoryRoot.appendingPathComponent("Tests/X11TestSupport/Programs/tk-text-probe.tcl").path
        let program = try bench.start(["wish", script, "-name", "tkprobe"], captureErrors: true)
        guard let ready = program.output!.wait(timeout: 20, { $0.hasPrefix("ready ") || !program.isRunning }), let lineSpace = Int(ready.dropFirst(6)) else {
            throw FixtureError(description: "the Tk probe did not start: \(program.output!.lines.suffix(10))")
        }
        let window = try #require(bench.client { $0.windowClass == "Tkprobe" }, "the Tk probe's window was not managed")
        if let daemon { try waitUntilRead(daemon, window.id, touch: false) }
        return Tk(program: program, id: window.id, frame: window.frame, lineSpace: lineSpace)
    }

    /// Starts the probe, does `gesture` on it, and stops it once all the gesture made has
    /// reached it: without the daemon, at the first finger's release; with it, once `expected`
    /// holds of what arrived (or 5 s passed), a finger dragged down 45 px in the text's bottom
    /// left corner marks the end: the daemon's wheel step up, or, while a Tk menu holds the
    /// pointer grabbed, the server's button 1 press where it landed, replayed by the daemon;
    /// either comes after everything the daemon sent for the gesture. (A tap as the mark,
    /// landing on the gesture's heels, made the daemon's click wait for it.) The lines before
    /// the mark; no button is left down.
    static func runTk(_ bench: CompareBench, _ daemon: Child?, expected: @escaping (TkRun) -> Bool, _ gesture: (Tk) throws -> Void) throws -> TkRun {
        let tk = try startTk(bench, daemon)
        defer {
            bench.stop(tk.program)
            _ = bench.x.poll { bench.x.server.geometry(XWindowID(tk.id)) == nil }
        }
        let from = tk.output.count
        let run = { TkRun(lines: Array(tk.output.lines(from: from)), lineSpace: tk.lineSpace) }
        try gesture(tk)
        let marker = tk.at(0.08, 0.8)
        let mark: (String) -> Bool = {
            ButtonEvent($0).map { $0.kind == "press 4" || $0.kind == "press 1" && abs(Double($0.x) - marker.x) <= 2 && abs(Double($0.y) - marker.y) <= 2 } ?? false
        }
        if daemon == nil {
            guard tk.output.wait(timeout: 10, { _ in run().kinds.contains("release 1") }) != nil else {
                throw FixtureError(description: "no release of button 1 came: \(run().lines)")
            }
        } else {
            _ = tk.output.wait(timeout: 5) { _ in expected(run()) }
        }
        // Nothing left behind once the gesture's events are in.
        #expect(bench.x.poll { buttonsDown(bench.x) == 0 }, "a button is left down (0x\(String(buttonsDown(bench.x), radix: 16))) after \(run().summary)")
        guard daemon != nil else { return run() }
        try drag(bench.touch, [marker], by: Vector(dx: 0, dy: 45))
        guard tk.output.wait(timeout: 10, { _ in run().lines.contains(where: mark) }) != nil else {
            throw FixtureError(description: "the mark never came: \(run().lines)")
        }
        return TkRun(lines: Array(run().lines.prefix { !mark($0) }), lineSpace: tk.lineSpace)
    }

    // MARK: Tk

    /// One finger dragged up 300 px over a Tk text of 500 lines, and two fingers 80 px apart:
    /// without the daemon the server's button 1 selects text and the view stays (the second
    /// finger is dropped: the same selection); with it the view scrolls down by about the
    /// finger's travel (a wheel step per 50 px, Tk's 50 px each: within one notch of the
    /// 300 px) and nothing is selected.
    @Test func tkDragsScrollWithTheDaemonAndSelectWithoutIt() throws {
        let bench = try CompareBench()
        let one: (Tk) throws -> Void = { try Self.drag(bench.touch, [$0.at(0.4, 0.875)], by: Vector(dx: 0, dy: -300)) }
        let two: (Tk) throws -> Void = { try Self.drag(bench.touch, [$0.at(0.4, 0.875), $0.at(0.4, 0.875, dx: 80)], by: Vector(dx: 0, dy: -300)) }
        // A step per 50 px: 6 in 300 px, 7 when one comes as the drag begins past the slop.
        let steps = Int(300 / Self.fingerPerStep)...Int(300 / Self.fingerPerStep) + 1
        let scrolled: (TkRun) -> Bool = { $0.buttons.filter { !$0.press && $0.button == 5 }.count >= steps.lowerBound }
        let withoutOne = try Self.runTk(bench, nil, expected: scrolled, one), withoutTwo = try Self.runTk(bench, nil, expected: scrolled, two)
        let daemon = try bench.startDaemon()
        let withOne = try Self.runTk(bench, daemon, expected: scrolled, one), withTwo = try Self.runTk(bench, daemon, expected: scrolled, two)
        for (name, run) in [("one finger", withoutOne), ("two fingers", withoutTwo)] {
            #expect(run.scrolled == nil && run.wheel.isEmpty, "without the daemon, \(name): the view moved: \(run.summary)")
            #expect(run.selection != nil && run.kinds == ["press 1", "release 1"], "without the daemon, \(name): \(run.summary)")
        }
        #expect(withoutTwo.selection == withoutOne.selection, "two fingers select what one does: \(withoutTwo.summary) / \(withoutOne.summary)")
        for (name, run) in [("one finger", withOne), ("two fingers", withTwo)] {
            let made = run.wheel.count, scrolled = run.scrolled ?? 0
            #expect(steps.contains(made) && run.wheel.allSatisfy { $0.button == 5 }, "with the daemon, \(name): \(run.summary)")
            #expect(scrolled == made * Self.tkPixelsPerStep && abs(scrolled - 300) <= Self.tkPixelsPerStep, "with the daemon, \(name): scrolled \(scrolled) px: \(run.summary)")
            #expect(!run.kinds.contains { $0.hasSuffix(" 1") }, "with the daemon, \(name): \(run.summary)")
            #expect(run.selection == nil, "with the daemon, \(name), Tk selected \(run.selection ?? ""): the pointer moved with Button1Mask \(run.b1Motions) times: \(run.summary)")
            #expect(run.wheel.count == run.buttons.filter { !$0.press && $0.button == 5 }.count, "every wheel press released: \(run.summary)")
            let masks = Set(run.wheel.map { "0x" + String($0.state, radix: 16) }).sorted()
            Self.figure("Tk \(name) dragged 300 px: \(made) wheel steps, \(scrolled) px = \(Double(scrolled) / Double(run.lineSpace)) lines of \(run.lineSpace) px (per 100 px of finger \(Double(scrolled) / 3) px); wheel press states \(masks); B1-Motion \(run.b1Motions); selection \(run.selection ?? "-")")
        }
        Self.figure("Tk without the daemon, one finger selected \(withoutOne.selection ?? "-"), two fingers \(withoutTwo.selection ?? "-")")
    }

    /// A press held still 1 s and lifted over the text: without the daemon the server's
    /// button 1 press and release; with it exactly one button 3 click at the lift (Tk's
    /// tk_popup menu opens and stays), no button 1. Held 0.8 s and dragged right 150 px: a
    /// selection, the same as without the daemon, and no scroll.
    @Test func tkHoldIsARightClickAtTheLiftOrAButtonOneDrag() throws {
        let bench = try CompareBench()
        var early: [String] = []
        let hold: (Tk) throws -> Void = { tk in
            let p = tk.at(0.5, 0.5)
            try bench.touch.touches(Self.frame(.begin, [p]))
            usleep(1_000_000)
            early = tk.output.lines.filter { $0.hasPrefix("press 3") }
            try bench.touch.touches(Self.frame(.end, [p]))
        }
        let holdThenDrag: (Tk) throws -> Void = { try Self.drag(bench.touch, [$0.at(0.2, 0.5)], by: Vector(dx: 150, dy: 0), held: 0.8) }
        let clicked: (TkRun) -> Bool = { $0.kinds.contains("release 3") }, dragged: (TkRun) -> Bool = { $0.kinds.contains("release 1") }
        let withoutHold = try Self.runTk(bench, nil, expected: clicked, hold), withoutDrag = try Self.runTk(bench, nil, expected: dragged, holdThenDrag)
        let daemon = try bench.startDaemon()
        let withHold = try Self.runTk(bench, daemon, expected: clicked, hold)
        #expect(early.isEmpty, "with the daemon, a right click before the lift: \(early)")
        let withDrag = try Self.runTk(bench, daemon, expected: dragged, holdThenDrag)
        #expect(withoutHold.kinds == ["press 1", "release 1"], "without the daemon: \(withoutHold.summary)")
        #expect(withHold.kinds == ["press 3", "release 3"] && withHold.selection == nil, "with the daemon: \(withHold.summary)")
        #expect(withHold.buttons.first.map { $0.state & 0x100 == 0 } == true, "the right click comes with button 1 up: \(withHold.summary)")
        if let press = withHold.buttons.first, let reference = withoutHold.buttons.first {
            #expect(abs(press.x - reference.x) <= 2 && abs(press.y - reference.y) <= 2, "the right click at \(press), the finger at \(reference)")
            Self.figure("Tk hold lifted, with the daemon: \(withHold.buttons); without: \(withoutHold.buttons)")
        }
        #expect(withHold.lines.contains("menu mapped") && !withHold.lines.contains("menu unmapped"),
                "Tk's menu opens and stays open until the next touch: \(withHold.summary)")
        #expect(withoutDrag.selection != nil && withoutDrag.kinds == ["press 1", "release 1"], "without the daemon: \(withoutDrag.summary)")
        #expect(withDrag.selection == withoutDrag.selection && withDrag.kinds == ["press 1", "release 1"],
                "with the daemon the held drag selects what the server's button 1 does: \(withDrag.summary); without: \(withoutDrag.summary)")
        #expect(withDrag.scrolled == nil && withDrag.wheel.isEmpty, "with the daemon the held drag scrolled: \(withDrag.summary)")
        Self.figure("Tk hold then drag: selection with \(withDrag.selection ?? "-"), without \(withoutDrag.selection ?? "-"); with: \(withDrag.buttons)")
    }

    /// Two fingers tapped together, for 80 ms and for a quick 30 ms: without the daemon the
    /// server's button 1 click (the second finger dropped); with it one button 3 click between
    /// the fingers, no button 1, and no button left down (the fingers are claimed as the second
    /// lands: the first, accepted after its lift, would leave the server's button 1 down).
    @Test func tkTwoFingerTapIsARightClick() throws {
        let bench = try CompareBench()
        let clicked: (TkRun) -> Bool = { $0.kinds.contains("release 3") }
        var runs: [(holding: Double, with: TkRun, without: TkRun)] = []
        var daemon: Child?
        for holding in [0.08, 0.03] {
            let tap: (Tk) throws -> Void = { try Self.tap(bench.touch, [$0.at(0.4, 0.5), $0.at(0.4, 0.5, dx: 80)], holding: holding) }
            if let d = daemon { _ = d.stop(); daemon = nil }
            let without = try Self.runTk(bench, nil, expected: clicked, tap)
            daemon = try bench.startDaemon()
            runs.append((holding, try Self.runTk(bench, daemon, expected: clicked, tap), without))
        }
        for (holding, with, without) in runs {
            let ms = Int(holding * 1000)
            #expect(without.kinds == ["press 1", "release 1"], "without the daemon, \(ms) ms: \(without.summary)")
            #expect(with.kinds == ["press 3", "release 3"], "with the daemon, \(ms) ms: \(with.summary)")
            #expect(with.selection == nil && with.buttons.first.map { $0.state & 0x100 == 0 } == true,
                    "with the daemon, \(ms) ms, the right click comes with button 1 up and selects nothing: \(with.summary)")
            if let click = with.buttons.first, let first = without.buttons.first {
                #expect(abs(click.x - (first.x + 40)) <= 2 && abs(click.y - first.y) <= 2, "\(ms) ms: the right click between the fingers: \(click), first finger \(first)")
            }
            #expect(with.lines.contains("menu mapped") && !with.lines.contains("menu unmapped"), "Tk's menu, \(ms) ms: \(with.summary)")
            Self.figure("two-finger tap of \(ms) ms: with \(with.buttons), without \(without.buttons)")
        }
    }

    // MARK: xterm

    /// xterm (Xt translations, 5 lines per wheel step) with 600 lines printed, one finger
    /// dragged down 300 px: without the daemon the server's button 1 selects (xterm owns
    /// PRIMARY) and the scroll bar and the rows above the finger stay; with it the window's
    /// pixels are those of the same xterm after as many wheel steps up sent straight through
    /// XTest as the finger made (a step per 65 px, the built-in profile's wheelNotch for
    /// xterm), so the text moved within one notch of the finger's 300 px, and PRIMARY has no
    /// owner.
    @Test func xtermDragScrollsAsTheWheelDoesAndSelectsWithoutTheDaemon() throws {
        let bench = try CompareBench()
        var term: Child?, previous: XWindowID?
        /// A fresh xterm, its output all drawn (it sets its title after the last number): its
        /// client window's frame and pixels.
        func start(_ daemon: Child?) throws -> (frame: Rect, pixels: Pixels) {
            if let term, let previous {
                bench.stop(term)
                _ = bench.x.poll { bench.x.server.geometry(previous) == nil }
            }
            term = try bench.start(["xterm", "-sb", "-sl", "1000", "-geometry", "100x50+100+60", "-e", "sh", "-c",
                                    "seq 1 600; printf '\\033]2;printed\\007'; exec sleep 1000"], captureErrors: true)
            let window = try #require(bench.client { $0.windowClass == "XTerm" && $0.title == "printed" },
                                      "xterm did not print: \(term!.output!.lines) \(WindowTracker(server: bench.x.server).clients())")
            previous = XWindowID(window.id)
            if let daemon { try Self.waitUntilRead(daemon, window.id, touch: false) }
            let shot = try bench.stableScreenshot(of: window.frame, name: "xterm")
            try #require(shot.settled, "xterm's window did not settle")
            return (window.frame, shot.pixels)
        }
        func region(_ p: Pixels, _ xs: Range<Int>, _ ys: Range<Int>) -> [Screenshot.Color] { ys.flatMap { y in xs.map { p.color($0, y) } } }
        let drag = { (f: Rect) in try Self.drag(bench.touch, [Point(x: f.x + 300, y: f.y + 150)], by: Vector(dx: 0, dy: 300)) }
        // Without the daemon.
        let (frame, before) = try start(nil)
        try drag(frame)
        #expect(bench.x.poll { bench.x.server.selectionOwner("PRIMARY") != nil }, "without the daemon the drag selected nothing in xterm")
        let selected = try bench.stableScreenshot(of: frame, name: "xterm") { $0 != before }
        #expect(selected.settled && region(selected.pixels, 0..<12, 0..<selected.pixels.height) == region(before, 0..<12, 0..<before.height)
                && region(selected.pixels, 0..<selected.pixels.width, 0..<140) == region(before, 0..<before.width, 0..<140),
                "without the daemon xterm scrolled (its scroll bar or the rows above the finger changed)")
        #expect(bench.x.poll { Self.buttonsDown(bench.x) == 0 }, "a button is left down after the drag without the daemon")
        bench.keep(selected.shot, frame, as: "programs-without-touch-xterm-without")
        // With the daemon.
        let daemon = try bench.startDaemon()
        let (frame2, before2) = try start(daemon)
        #expect(bench.x.server.selectionOwner("PRIMARY") == nil, "PRIMARY owned before the run")
        try drag(frame2)
        let scrolled = try bench.stableScreenshot(of: frame2, name: "xterm") { $0 != before2 }
        try #require(scrolled.settled, "with the daemon xterm's window did not change")
        #expect(bench.x.poll { Self.buttonsDown(bench.x) == 0 }, "a button is left down after the drag")
        #expect(bench.x.server.selectionOwner("PRIMARY") == nil, "with the daemon the drag selected text in xterm")
        bench.keep(scrolled.shot, frame2, as: "programs-without-touch-xterm-with")
        // Control: wheel steps up through XTest, one at a time, on a fresh xterm, until its
        // pixels are those the drag left.
        let (frame3, before3) = try start(daemon)
        #expect(frame3 == frame2 && before3 == before2, "the control xterm starts as the one dragged did")
        bench.x.server.fakeMotion(to: Point(x: frame3.x + 300, y: frame3.y + 300))
        var steps: Int?, last = before3
        for k in 1...20 where steps == nil {
            bench.x.server.fakeButton(4, pressed: true)
            bench.x.server.fakeButton(4, pressed: false)
            bench.x.server.sync()
            let shot = try bench.stableScreenshot(of: frame3, name: "xterm") { $0 != last }
            last = shot.pixels
            if shot.pixels == scrolled.pixels { steps = k }
        }
        // 1 step at the slop, then one per 65 px: 5 in 300 px (4 if the slop is crossed late).
        #expect(steps.map { (4...5).contains($0) } == true, "with the daemon xterm shows what \(steps.map(String.init) ?? "no number of") wheel steps up show, for a drag of 300 px")
        // 50 rows in the window, 2 px of border above and below: the row's height.
        let rowHeight = (Int(frame2.height) - 4) / 50, moved = (steps ?? 0) * 5 * rowHeight
        #expect(abs(moved - 300) <= 5 * rowHeight, "xterm's text moved \(moved) px for 300 px of finger")
        Self.figure("xterm: the 300 px drag equals \(steps.map(String.init) ?? "no number of") XTest wheel steps (5 lines each: \((steps ?? 0) * 5) lines of \(rowHeight) px, \(moved) px, for 300 px of finger)")
        if let term { bench.stop(term) }
    }

    // MARK: The control group

    /// A window that selects touch events gets the one-finger drag as touches, with the daemon
    /// exactly as without it: the same begin, updates and end at the same places, no wheel.
    @Test func aWindowThatTakesTouchesGetsTheDragAsWithoutTheDaemon() throws {
        let bench = try CompareBench()
        let w = try bench.x.openWindow(class: "Touchy", title: "touch", geometry: "500x500+300+150", touch: true)
        let frame = try #require(WindowTracker(server: bench.x.server).info(w.id)?.frame)
        func run() throws -> [String] {
            let from = w.output.count
            try Self.drag(bench.touch, [Point(x: frame.x + 250, y: frame.y + 400)], by: Vector(dx: 0, dy: -300))
            #expect(w.output.wait { _ in w.output.lines(from: from).contains { $0.hasPrefix("touch end") } } != nil, "\(w.output.lines(from: from))")
            // Without the touch id (the server numbers touches), and without focus changes: the
            // window manager may focus the new window while the first drag runs (make test once
            // printed its focus-in between the drag's lines), which is not what is compared.
            return w.output.lines(from: from).filter { !$0.hasPrefix("focus-") }.map { l in l.hasPrefix("touch ") ? l.split(separator: " ").enumerated().filter { $0.offset != 2 }.map(\.element).joined(separator: " ") : l }
        }
        let without = try run()
        let daemon = try bench.startDaemon()
        try Self.waitUntilRead(daemon, UInt64(w.id), touch: true)
        let with = try run()
        #expect(without.first?.hasPrefix("touch begin 249 399") == true && without.filter { $0.hasPrefix("touch update") }.count == 60, "\(without)")
        #expect(with == without, "with the daemon: \(with); without: \(without)")
        #expect(!with.contains { $0.hasPrefix("button-") }, "\(with)")
        #expect(bench.x.poll { Self.buttonsDown(bench.x) == 0 })
    }
}
