import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// The built-in profile's conventions for programs without touch with two more real programs,
/// on one Xorg with the dummy video and `inputtest` drivers (`CompareBench`), each run without
/// the daemon and with it, the program started afresh for each run: GTK 2's gtk-demo
/// (gtk2.0-examples; it selects no touch events: `mouse`) and Qt 5's textedit example
/// (qtbase5-examples; Qt selects touch on every window: `own (Qt widgets)`, left alone unless
/// its profile says `touch: mouse`). What happened is read back from the server — the
/// program's pixels, the PRIMARY selection's owner, the pointer's buttons, the program's
/// override-redirect menu windows — never from the daemon's log. (AT-SPI is not used: GTK 2's
/// atk-bridge module and Atspi's typelib are not installed here.) Figures: `FIGURE …` lines.
@Suite(.serialized) struct Gtk2AndQtWithoutTouchXorgTests {
    typealias Programs = ProgramsWithoutTouchXorgTests

    static let gtkDemo = "/usr/bin/gtk-demo"
    static let textedit = "/usr/lib/x86_64-linux-gnu/qt5/examples/widgets/richtext/textedit/textedit"

    /// A program's window placed where the test put it, and its pixels once it was ready.
    struct Shown {
        let program: Child
        let id: UInt64
        let frame: Rect
        let pixels: Pixels
        func at(_ x: Double, _ y: Double) -> Point { Point(x: frame.x + x, y: frame.y + y) }
    }

    /// Asks for `window` (a client) at `rect` (XMoveResizeWindow: the window manager gets the
    /// request as from the program) and waits until it is there: its frame.
    static func place(_ bench: CompareBench, _ id: UInt64, at rect: Rect) throws -> Rect {
        XMoveResizeWindow(bench.x.server.display, Window(id), Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
        bench.x.server.sync()
        let placed = try #require(bench.client { $0.id == id && $0.frame.width == rect.width && $0.frame.height == rect.height },
                                  "window 0x\(String(id, radix: 16)) was not resized to \(rect)")
        return placed.frame
    }

    /// Starts `program` (called `name` in failures), waits for its window (`window`) and, with
    /// a daemon, until the daemon has read it (`selectsTouch`: what it must have found); puts
    /// it at `rect` and waits until its pixels settle (screenshots named `shots`).
    static func show(_ bench: CompareBench, _ program: String, _ name: String, _ daemon: Child?, selectsTouch: Bool, at rect: Rect, shots: String,
                     window: (WindowInfo) -> Bool) throws -> Shown {
        let child = try bench.start([program], captureErrors: true)
        let found = bench.client(window)
        let client = try #require(found, "\(name)'s window did not appear: \(child.output!.lines.suffix(5))")
        if let daemon { try Programs.waitUntilRead(daemon, client.id, touch: selectsTouch) }
        let frame = try place(bench, client.id, at: rect)
        let shot = try bench.stableScreenshot(of: frame, name: shots)
        try #require(shot.settled, "\(name) did not settle")
        return Shown(program: child, id: client.id, frame: frame, pixels: shot.pixels)
    }

    /// Mapped override-redirect windows of a program (its menus, tooltips), by WM_CLASS.
    static func popups(_ bench: CompareBench, class name: String) -> Set<XWindowID> {
        let server: XlibServer = bench.x.server
        return Set(server.children(of: server.root).filter { w in
            var a = XWindowAttributes()
            guard XGetWindowAttributes(server.display, Window(w), &a) != 0 else {
                _ = cx11_take_last_error()
                return false
            }
            return a.override_redirect != 0 && a.map_state == IsViewable && server.classHint(w)?.windowClass == name
        })
    }

    /// Stops a program and waits until its window has gone (and with it its selections).
    static func stop(_ bench: CompareBench, _ shown: Shown) {
        bench.stop(shown.program)
        _ = bench.x.poll { bench.x.server.geometry(XWindowID(shown.id)) == nil }
    }

    static func noButtonDown(_ bench: CompareBench, _ what: String) {
        #expect(bench.x.poll { Programs.buttonsDown(bench.x) == 0 }, "a button is left down (0x\(String(Programs.buttonsDown(bench.x), radix: 16))) after \(what)")
    }

    /// XTest wheel steps down (button 5), one at a time, over `point` of a fresh program, until
    /// its pixels are `target`: how many (nil: none of 1…20).
    static func wheelSteps(_ bench: CompareBench, _ shown: Shown, at point: Point, to target: Pixels) throws -> Int? {
        bench.x.server.fakeMotion(to: point)
        bench.x.server.sync()
        var last = shown.pixels
        for k in 1...20 {
            bench.x.server.fakeButton(5, pressed: true)
            bench.x.server.fakeButton(5, pressed: false)
            bench.x.server.sync()
            // A step moves lines: more than a caret blinking (Qt's, a 2 px bar) changes.
            let shot = try bench.stableScreenshot(of: shown.frame, timeout: 3, name: "control") { $0.differences(from: last).count > 500 }
            if shot.pixels == target { return k }
            if !shot.settled { return nil }
            last = shot.pixels
        }
        return nil
    }

    // MARK: GTK 2

    /// gtk-demo's window, 1200×720, its frame at 40,40, its Source page shown (a click of XTest on the tab):
    /// a GtkTextView of the first demo's source (hundreds of lines), 950×685 px from 250,30
    /// of the window. With the daemon, once it has said the program selects no touch events.
    static func startGtkDemo(_ bench: CompareBench, _ daemon: Child?) throws -> Shown {
        let info = try show(bench, gtkDemo, "gtk-demo", daemon, selectsTouch: false, at: Rect(x: 40, y: 40, width: 1200, height: 720), shots: "gtk2") {
            $0.windowClass == "Gtk-demo" && $0.title == "GTK+ Code Demos"
        }
        bench.x.pointerClick(button: 1, at: info.at(296, 14))
        let source = try bench.stableScreenshot(of: info.frame, name: "gtk2") { $0.differences(from: info.pixels).count > 5000 }
        try #require(source.settled, "gtk-demo's Source page did not show")
        return Shown(program: info.program, id: info.id, frame: info.frame, pixels: source.pixels)
    }

    /// One finger dragged up 300 px over gtk-demo's source view: without the daemon the
    /// server's button 1 selects text (gtk-demo owns PRIMARY) and the view stays (its scroll
    /// bar and the rows above the finger unchanged); with it gtk-demo shows the pixels of a
    /// fresh gtk-demo after as many XTest wheel steps down as the finger made (a step per
    /// 50 px, the built-in notch: 6 or 7), PRIMARY has no owner. No button is left down.
    @Test func gtkDemoDragScrollsWithTheDaemonAndSelectsWithoutIt() throws {
        let bench = try CompareBench()
        let start = (x: 700.0, y: 560.0), lift = Point(x: 700, y: 260)
        let drag = { (s: Shown) in try Programs.drag(bench.touch, [s.at(start.x, start.y)], by: Vector(dx: 0, dy: -300)) }
        func region(_ p: Pixels, _ xs: Range<Int>, _ ys: Range<Int>) -> [Screenshot.Color] { ys.flatMap { y in xs.map { p.color($0, y) } } }
        // Without the daemon.
        let without = try Self.startGtkDemo(bench, nil)
        #expect(bench.x.server.selectionOwner("PRIMARY") == nil, "PRIMARY owned before the run")
        try drag(without)
        let owned = bench.x.poll { bench.x.server.selectionOwner("PRIMARY") != nil }
        #expect(owned, "without the daemon the drag selected nothing in gtk-demo")
        let selected = try bench.stableScreenshot(of: without.frame, name: "gtk2") { $0 != without.pixels }
        let w = Int(without.frame.width), h = Int(without.frame.height), bar = (w - 19)..<(w - 3), above = 32..<Int(lift.y) - 25
        let still = selected.settled && region(selected.pixels, bar, 0..<h) == region(without.pixels, bar, 0..<h)
            && region(selected.pixels, 250..<w, above) == region(without.pixels, 250..<w, above)
        #expect(still, "without the daemon gtk-demo's source view scrolled (its scroll bar or the rows above the finger changed)")
        Self.noButtonDown(bench, "the drag without the daemon")
        bench.keep(selected.shot, without.frame, as: "gtk2-drag-without")
        Self.stop(bench, without)
        // With the daemon.
        let daemon = try bench.startDaemon()
        let with = try Self.startGtkDemo(bench, daemon)
        #expect(bench.x.poll { bench.x.server.selectionOwner("PRIMARY") == nil }, "PRIMARY owned before the run")
        let began = Date()
        try drag(with)
        let scrolled = try bench.stableScreenshot(of: with.frame, name: "gtk2") { $0 != with.pixels }
        let seconds = Date().timeIntervalSince(began)
        try #require(scrolled.settled, "with the daemon gtk-demo's window did not change")
        Self.noButtonDown(bench, "the drag with the daemon")
        #expect(bench.x.server.selectionOwner("PRIMARY") == nil, "with the daemon the drag selected text in gtk-demo")
        #expect(region(scrolled.pixels, bar, 0..<h) != region(with.pixels, bar, 0..<h), "with the daemon the source view's scroll bar did not move")
        bench.keep(scrolled.shot, with.frame, as: "gtk2-drag-with")
        Self.stop(bench, with)
        // Control: a fresh gtk-demo, XTest wheel steps down where the finger lifted.
        let control = try Self.startGtkDemo(bench, daemon)
        #expect(control.frame == with.frame && control.pixels == with.pixels, "the control gtk-demo starts as the one dragged did")
        let steps = try Self.wheelSteps(bench, control, at: control.at(lift.x, lift.y), to: scrolled.pixels)
        #expect(steps.map { (6...7).contains($0) } == true, "with the daemon gtk-demo shows what \(steps.map(String.init) ?? "no number of") wheel steps down show, for a drag of 300 px")
        Self.noButtonDown(bench, "the control's wheel steps")
        Programs.figure(String(format: "gtk-demo (GTK 2) source view, one finger dragged up 300 px: with the daemon its pixels equal %@ XTest wheel steps down (screenshots settled %.2f s after the drag began; the drag lasts 0.7 s, a screenshot about 0.4 s here); without: PRIMARY %@, the view %@",
                               steps.map(String.init) ?? "no number of", seconds, owned ? "owned" : "unowned", still ? "still" : "moved"))
        Self.stop(bench, control)
    }

    /// A press held still 1 s and lifted over gtk-demo's source view (a GtkTextView): without
    /// the daemon the server's button 1 click, no menu; with it the text view's context menu
    /// (an override-redirect window of gtk-demo) maps after the lift, not before, and is still
    /// mapped once its pixels have settled. No button is left down.
    @Test func gtkDemoHoldOpensTheTextViewsMenuWithTheDaemonOnly() throws {
        let bench = try CompareBench()
        func run(_ daemon: Child?) throws -> (early: Bool, menu: Rect?, stays: Bool, finger: Point) {
            let shown = try Self.startGtkDemo(bench, daemon)
            defer { Self.stop(bench, shown) }
            let p = shown.at(700, 400), before = Self.popups(bench, class: "Gtk-demo")
            try bench.touch.touches(Programs.frame(.begin, [p]))
            usleep(1_000_000)
            let early = !Self.popups(bench, class: "Gtk-demo").subtracting(before).isEmpty
            try bench.touch.touches(Programs.frame(.end, [p]))
            Self.noButtonDown(bench, "the hold \(daemon == nil ? "without" : "with") the daemon")
            var opened: XWindowID?
            _ = bench.x.poll(timeout: daemon == nil ? 0.5 : 5) {
                opened = Self.popups(bench, class: "Gtk-demo").subtracting(before).first
                return opened != nil
            }
            guard let opened, let menu = bench.x.server.geometry(opened) else { return (early, nil, false, p) }
            // Still there once it has drawn itself and nothing changes on it any more.
            let shot = try bench.stableScreenshot(of: menu, name: "gtk2-menu")
            let stays = shot.settled && Self.popups(bench, class: "Gtk-demo").contains(opened)
            if let whole = try? bench.screenshot(of: shown.frame, name: "gtk2") { bench.keep(whole.shot, shown.frame, as: "gtk2-hold-\(daemon == nil ? "without" : "with")") }
            return (early, menu, stays, p)
        }
        let without = try run(nil)
        let daemon = try bench.startDaemon()
        let with = try run(daemon)
        #expect(without.menu == nil, "without the daemon a gtk-demo popup mapped at \(without.menu.map { "\($0)" } ?? "-")")
        #expect(!with.early, "with the daemon a popup mapped before the lift")
        let menu = try #require(with.menu, "with the daemon gtk-demo's context menu did not map")
        #expect(with.stays, "with the daemon gtk-demo's context menu did not stay mapped")
        #expect(abs(menu.x - with.finger.x) <= 4 && abs(menu.y - with.finger.y) <= 4 && menu.height >= 50,
                "the menu at \(menu), the finger at \(with.finger)")
        Programs.figure("gtk-demo (GTK 2) hold 1 s lifted: with the daemon its context menu mapped at \(menu) (the finger at \(with.finger)), \(with.stays ? "stayed mapped" : "gone"); without: \(without.menu.map { "a popup at \($0)" } ?? "no popup")")
    }

    // MARK: Qt 5 widgets

    /// Qt's textedit example showing its example.html (a long rich text in a QTextEdit under a
    /// menu bar and two tool bars), 640×560, its frame at 320,100. With a daemon, once it has said the
    /// program selects touch events.
    static func startTextedit(_ bench: CompareBench, _ daemon: Child?) throws -> Shown {
        try show(bench, textedit, "textedit", daemon, selectsTouch: true, at: Rect(x: 320, y: 100, width: 640, height: 560), shots: "qt") {
            $0.windowClass == "Rich Text" && $0.title.hasPrefix("example.html")
        }
    }

    /// One finger dragged up 300 px over textedit's text. Without the daemon Qt makes a mouse
    /// of the touch: text selected (textedit owns PRIMARY), the view still. With the built-in
    /// profile (`own (Qt widgets)`) the same pixels (a screenshot the same: the caret blinks) and
    /// PRIMARY owned. With a profile giving its class `touch: mouse`, the pixels of a fresh
    /// textedit after as many XTest wheel steps down as the finger made (6 or 7), PRIMARY
    /// unowned. No button is left down.
    @Test func qtTexteditIsLeftAloneUnlessItsProfileSaysTouchMouse() throws {
        let bench = try CompareBench()
        let start = (x: 300.0, y: 500.0), lift = Point(x: 300, y: 200)
        let drag = { (s: Shown) in try Programs.drag(bench.touch, [s.at(start.x, start.y)], by: Vector(dx: 0, dy: -300)) }
        // A line moved or selected changes far more pixels than the caret blinking.
        let changed = { (a: Pixels, b: Pixels) in a.differences(from: b).count > 500 }
        // Without the daemon.
        let without = try Self.startTextedit(bench, nil)
        #expect(bench.x.server.selectionOwner("PRIMARY") == nil, "PRIMARY owned before the run")
        try drag(without)
        #expect(bench.x.poll { bench.x.server.selectionOwner("PRIMARY") != nil }, "without the daemon the drag selected nothing in textedit")
        let selected = try bench.stableScreenshot(of: without.frame, name: "qt") { changed($0, without.pixels) }
        try #require(selected.settled, "without the daemon textedit did not change")
        Self.noButtonDown(bench, "the drag without the daemon")
        bench.keep(selected.shot, without.frame, as: "qt-textedit-drag-without")
        Self.stop(bench, without)
        // With the built-in profile: Qt's touches are its own.
        var daemon = try bench.startDaemon()
        let own = try Self.startTextedit(bench, daemon)
        #expect(bench.x.poll { bench.x.server.selectionOwner("PRIMARY") == nil }, "PRIMARY owned before the run")
        try drag(own)
        #expect(bench.x.poll { bench.x.server.selectionOwner("PRIMARY") != nil }, "with the built-in profile the drag selected nothing in textedit")
        Self.noButtonDown(bench, "the drag with the built-in profile")
        // The gesture is over (PRIMARY owned, no button down): one screenshot the same as
        // without the daemon, pixel for pixel, in the caret's phase it had then (its 1 s
        // blink is longer than two screenshots here, 0.4 s each: two in a row seldom agree).
        var last = selected.pixels
        let same = bench.x.poll(timeout: 5) {
            guard let shot = try? bench.screenshot(of: own.frame, name: "qt") else { return false }
            last = shot.pixels
            return shot.pixels == selected.pixels
        }
        let difference = last.differences(from: selected.pixels)
        #expect(own.frame == without.frame && same,
                "with the built-in profile textedit shows other pixels than without the daemon: \(difference.count) differ within \(difference.box.map { "\($0)" } ?? "-")")
        Self.stop(bench, own)
        // With its class given `touch: mouse`.
        daemon.stop()
        let profile = defaultProfileYAML.replacingOccurrences(of: "  - name: programs-without-touch\n", with: """
              - name: qt-textedit
                match: { class: "Rich Text" }
                touch: mouse
              - name: programs-without-touch

            """)
        try #require(profile != defaultProfileYAML, "the built-in profile has no programs-without-touch layer")
        daemon = try bench.startDaemon(config: profile)
        let mouse = try Self.startTextedit(bench, daemon)
        #expect(bench.x.poll { bench.x.server.selectionOwner("PRIMARY") == nil }, "PRIMARY owned before the run")
        let began = Date()
        try drag(mouse)
        let scrolled = try bench.stableScreenshot(of: mouse.frame, name: "qt") { changed($0, mouse.pixels) }
        let seconds = Date().timeIntervalSince(began)
        try #require(scrolled.settled, "with touch: mouse textedit did not change")
        Self.noButtonDown(bench, "the drag with touch: mouse")
        #expect(bench.x.server.selectionOwner("PRIMARY") == nil, "with touch: mouse the drag selected text in textedit")
        bench.keep(scrolled.shot, mouse.frame, as: "qt-textedit-drag-mouse")
        Self.stop(bench, mouse)
        // Control: a fresh textedit, XTest wheel steps down where the finger lifted.
        let control = try Self.startTextedit(bench, daemon)
        #expect(control.frame == mouse.frame, "the control textedit is where the dragged one was")
        let steps = try Self.wheelSteps(bench, control, at: control.at(lift.x, lift.y), to: scrolled.pixels)
        #expect(steps.map { (6...7).contains($0) } == true, "with touch: mouse textedit shows what \(steps.map(String.init) ?? "no number of") wheel steps down show, for a drag of 300 px")
        Self.noButtonDown(bench, "the control's wheel steps")
        Programs.figure(String(format: "Qt 5 textedit, one finger dragged up 300 px: with the built-in profile %d pixels differ from without the daemon; with touch: mouse its pixels equal %@ XTest wheel steps down (screenshots settled %.2f s after the drag began; the drag lasts 0.7 s, a screenshot about 0.4 s here)",
                               difference.count, steps.map(String.init) ?? "no number of", seconds))
        Self.stop(bench, control)
    }
}
