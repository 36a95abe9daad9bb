import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// Window managers under the built-in default profile: xfwm4's title bar and frame buttons,
/// and openbox's and fluxbox's click-to-focus grabs between the daemon and a window.
extension CompareXorgTests {
    struct WindowState: Equatable, CustomStringConvertible {
        var frame: Rect
        var maximized: Bool
        var description: String { "\(Int(frame.x)),\(Int(frame.y)) \(Int(frame.width))×\(Int(frame.height))\(maximized ? " maximized" : "")" }
    }

    static func state(_ bench: CompareBench, _ window: XWindowID) -> WindowState? {
        guard let frame = bench.x.server.geometry(window) else { return nil }
        let states = WindowTracker(server: bench.x.server).states(window)
        return WindowState(frame: frame, maximized: states.contains("_NET_WM_STATE_MAXIMIZED_VERT") && states.contains("_NET_WM_STATE_MAXIMIZED_HORZ"))
    }

    /// The window manager's frame around `window` (its parent below the root).
    static func frameWindow(_ bench: CompareBench, of window: XWindowID) -> XWindowID? {
        let display = bench.x.server.display
        var current = Window(window)
        for _ in 0..<8 {
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display, current, &root, &parent, &children, &count) != 0 else { return nil }
            if let children { XFree(children) }
            if parent == root { return XWindowID(current) }
            current = parent
        }
        return nil
    }

    /// xfwm4's maximize button: its frame's title-bar buttons are child windows the height of
    /// the title bar (`_NET_FRAME_EXTENTS` top), about as wide; with the default layout
    /// (`O|SHMC`: …, hide, maximize, close on the right) it is the second from the right.
    static func maximizeButton(_ bench: CompareBench, of window: XWindowID) -> (center: Point, frame: Rect)? {
        let server = bench.x.server!
        guard let frameID = frameWindow(bench, of: window), let frame = server.geometry(frameID),
              let extents = server.numbers(window, "_NET_FRAME_EXTENTS"), extents.count == 4 else { return nil }
        let top = Double(extents[2])
        let buttons = server.children(of: frameID).compactMap { child -> Rect? in
            guard server.isMapped(child), let r = server.geometry(child) else { return nil }
            // Buttons are about as wide as the bar is high (the bar's end pieces are narrow).
            return r.y == frame.y && r.height == top && r.width > top / 2 && r.width < 3 * top / 2 && r.x > frame.x + frame.width / 2 ? r : nil
        }.sorted { $0.x > $1.x }
        guard buttons.count >= 2 else { return nil }
        return (Point(x: buttons[1].x + buttons[1].width / 2, y: buttons[1].y + buttons[1].height / 2), frame)
    }

    /// xfwm4, compositor on and off: a one-finger drag on a window's title bar (20 steps of
    /// 5,5 px, 10 ms apart) moves the window by +100,+100, and a tap (60 ms) on its maximize
    /// button maximizes it (`_NET_WM_STATE` and the geometry read back), with the daemon as
    /// without. xfwm4 grabs the pointer with the time of the press it received: a touch
    /// replayed later than the millisecond it was made in makes that grab fail.
    @Test(arguments: [false, true])
    func xfwm4TitleBarDragAndMaximizeButtonAsWithoutTheDaemon(compositor: Bool) throws {
        let bench = try CompareBench(windowManager: .xfwm4(compositor: compositor))
        func run(daemon: Bool) throws -> (moved: WindowState?, tapped: WindowState?, detail: String) {
            if daemon { try bench.startDaemon() }
            let w = try bench.x.openWindow(class: "Mover", title: "mover", geometry: "400x300+200+150")
            defer { w.process.stop() }
            let id = w.id
            guard let start = Self.state(bench, id), let extents = bench.x.server.numbers(id, "_NET_FRAME_EXTENTS"), extents.count == 4 else {
                return (nil, nil, "no geometry or frame extents")
            }
            // The drag: from the middle of the title bar.
            try Self.drag(bench, from: Point(x: start.frame.x + start.frame.width / 2, y: start.frame.y - Double(extents[2]) / 2))
            // Moved, and xfwm4's move over (its pointer grab released at the lift): a tap made
            // while it still moves the window would move it on.
            let target = Rect(x: start.frame.x + 100, y: start.frame.y + 100, width: start.frame.width, height: start.frame.height)
            _ = bench.x.poll(timeout: 3) { Self.state(bench, id)?.frame == target }
            bench.waitUntilThePointerIsFree()
            let moved = Self.state(bench, id)
            let movedBy = moved.map { "moved by \(Int($0.frame.x - start.frame.x)),\(Int($0.frame.y - start.frame.y))" } ?? "gone"
            // The tap on the maximize button, where the window is now.
            guard let button = Self.maximizeButton(bench, of: id) else { return (moved, nil, "\(movedBy); no maximize button found") }
            try bench.paced { pace in
                try bench.touch.touches([(.begin, 1, button.center)], sync: false)
                pace.wait(60)
                try bench.touch.touches([(.end, 1, button.center)], sync: false)
            }
            try bench.touch.sync()
            _ = bench.x.poll(timeout: 3) { Self.state(bench, id)?.maximized == true }
            bench.waitUntilThePointerIsFree()
            // Maximized: wait for the geometry to settle (the state is set before the resize).
            var tapped = Self.state(bench, id)
            if tapped?.maximized == true {
                var previous: WindowState?
                _ = bench.x.poll(timeout: 3) {
                    defer { previous = tapped }
                    tapped = Self.state(bench, id)
                    return tapped == previous
                }
            }
            return (moved, tapped, "\(movedBy); tap on the maximize button at \(Int(button.center.x)),\(Int(button.center.y)): \(tapped.map { "\($0)" } ?? "gone")")
        }
        let without = try run(daemon: false)
        let with = try run(daemon: true)
        let name = XvfbSession.WindowManager.xfwm4(compositor: compositor).description
        #expect(without.detail.hasPrefix("moved by 100,100") && without.tapped?.maximized == true,
                "\(name) without the daemon: \(without.detail): the input does not do what it should")
        #expect(with.moved.map { [$0.frame.x, $0.frame.y] } == without.moved.map { [$0.frame.x, $0.frame.y] },
                "\(name), drag on the title bar: without the daemon \(without.detail.prefix { $0 != ";" }), with it \(with.detail.prefix { $0 != ";" })")
        #expect(with.tapped == without.tapped,
                "\(name), tap on the maximize button: without the daemon \(without.tapped.map { "\($0)" } ?? "-"), with it \(with.tapped.map { "\($0)" } ?? "-") (\(with.detail))")
    }

    /// openbox, fluxbox, i3 and KWin, whose click-to-focus grabs sit between the daemon's touch
    /// grab and the window: a fast series of 40 touches — taps and short drags by turns, each touch
    /// beginning 3 ms after the previous one ended, every event 2 ms after the one before —
    /// on a window that selects touch events (`tactus-test-window --touch` prints each) reaches
    /// it whole (begin … end, every touch) with the daemon as without.
    @Test(arguments: [XvfbSession.WindowManager.openbox, .fluxbox, .i3, .kwin])
    func fastTapsAndDragsReachATouchWindowAsWithoutTheDaemon(windowManager: XvfbSession.WindowManager) throws {
        let bench = try CompareBench(windowManager: windowManager)
        let count = 40
        func run(daemon: Bool) throws -> (whole: Int, detail: String) {
            if daemon { try bench.startDaemon() }
            let w = try bench.x.openWindow(class: "Taps", title: "taps", geometry: "600x400+200+150", touch: true)
            defer { w.process.stop() }
            let frame = try #require(WindowTracker(server: bench.x.server).info(w.id)?.frame)
            try bench.paced { pace in
                for n in 0..<count {
                    let p = Point(x: frame.x + 60 + Double(n % 8) * 60, y: frame.y + 60 + Double(n / 8) * 60)
                    if n > 0 { pace.wait(3) }
                    // Taps and drags in turn.
                    try bench.pacedStroke(&pace, from: p, by: Vector(dx: 6, dy: 0), moves: n % 2 == 1 ? 3 : 0, interval: 2)
                }
            }
            try bench.touch.sync()
            func touches() -> [(phase: String, id: String)] {
                w.output.lines.filter { $0.hasPrefix("touch ") }.map { line in
                    let f = line.split(separator: " ")
                    return (String(f[1]), String(f[2]))
                }
            }
            _ = w.output.wait(timeout: 15) { _ in touches().filter { $0.phase == "end" }.count >= count }
            let events = touches()
            var whole = 0
            for id in Set(events.map(\.id)) {
                let mine = events.filter { $0.id == id }.map(\.phase)
                if mine.first == "begin", mine.last == "end", mine.filter({ $0 == "begin" }).count == 1 { whole += 1 }
            }
            let begins = events.filter { $0.phase == "begin" }.count, ends = events.filter { $0.phase == "end" }.count
            return (whole, "\(whole) of \(count) touches whole (\(begins) begins, \(ends) ends)")
        }
        let without = try run(daemon: false)
        let with = try run(daemon: true)
        #expect(without.whole == count, "\(windowManager) without the daemon: \(without.detail)")
        #expect(with.whole == without.whole, "\(windowManager), 40 fast taps and drags on a touch window: without the daemon \(without.detail), with it \(with.detail)")
    }
}
