import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// KWin 5.27 on X11 (Debian's kwin-x11, alone, without plasmashell), issue 34's table: the
/// built-in profile's gestures on one Xorg (dummy video, `inputtest` touchscreen), with the
/// daemon stopped and running, read back from the server. With the daemon, three fingers left
/// and right switch desktops, up maximizes, down minimizes, four fingers down show the
/// desktop and bring it back (`_NET_SHOWING_DESKTOP`: KWin's own mode, which without a desktop
/// window leaves the windows in sight — KWin's way, not Tactus's); without it, none of that
/// happens. A one-finger drag on a title bar moves the window, and a tap on a window without
/// the focus gives it the focus, the same with the daemon as without.
extension CompareXorgTests {
    /// `count` fingers 60 px apart landing together at `start` and dragged by `dx`, `dy` in 16
    /// frames 10 ms apart.
    static func swipe(_ bench: CompareBench, fingers count: Int, at start: Point, by dx: Double, _ dy: Double) throws {
        try bench.stroke(ids: (0..<count).map { UInt32(41 + $0) }, from: start, by: Vector(dx: dx / 16, dy: dy / 16), moves: 16, interval: 10)
    }

    /// One finger dragged by 100,100 in 20 steps 10 ms apart (a title bar's drag, here and in
    /// the window managers' comparison).
    static func drag(_ bench: CompareBench, from start: Point) throws {
        try bench.stroke(from: start, by: Vector(dx: 5, dy: 5), moves: 20, interval: 10)
    }

    struct KWinRows: Equatable {
        var desktops: [Int?] = []
        var maximized: Bool?
        var minimized: Bool?
        var showing: [UInt?] = []
        var tapFocused: Bool?
        var draggedBy: [Double]?
        var detail: [String] = []
    }

    @Test func kwinUnderTheBuiltInProfileAsWithoutTheDaemonOrAsTheActionAsks() throws {
        let bench = try CompareBench(windowManager: .kwin)
        let server = bench.x.server!
        let tracker = WindowTracker(server: server)
        func releases(_ w: XvfbSession.TestWindow) -> Int { w.output.lines.filter { $0.hasPrefix("button-release 1") }.count }
        func run(daemon: Bool) throws -> KWinRows {
            var rows = KWinRows()
            let log = daemon ? try bench.startDaemon().output : nil
            let a = try bench.x.openWindow(class: "Left", title: "left", geometry: "500x400+60+150", buttonState: true)
            let b = try bench.x.openWindow(class: "Right", title: "right", geometry: "500x400+680+150", buttonState: true)
            defer { a.process.stop(); b.process.stop() }
            guard Self.activate(bench, b.id), var frame = server.geometry(a.id) else { rows.detail.append("no start"); return rows }

            // A tap on the window without the focus.
            let tapped = releases(a)
            try Self.oneFinger(bench, at: Point(x: frame.x + 100, y: frame.y + 300), drag: false)
            _ = a.output.wait(timeout: 5) { _ in releases(a) > tapped }
            rows.tapFocused = bench.x.poll { server.numbers(server.root, "_NET_ACTIVE_WINDOW")?.first == UInt(a.id) }

            // A drag on its title bar.
            if let extents = server.numbers(a.id, "_NET_FRAME_EXTENTS"), extents.count == 4, extents[2] > 4 {
                let start = frame
                try Self.drag(bench, from: Point(x: frame.x + frame.width / 2, y: frame.y - Double(extents[2]) / 2))
                _ = bench.x.poll(timeout: 3) { server.geometry(a.id).map { $0.x == start.x + 100 && $0.y == start.y + 100 } ?? false }
                bench.waitUntilThePointerIsFree()
                if let moved = server.geometry(a.id) {
                    rows.draggedBy = [moved.x - start.x, moved.y - start.y]
                    frame = moved
                }
            } else {
                rows.detail.append("no title bar: _NET_FRAME_EXTENTS \(server.numbers(a.id, "_NET_FRAME_EXTENTS") ?? [])")
            }

            // Each gesture on the window: what it did, once the daemon has acted or, without
            // it, once the window got the first finger's click (the rest is the window's).
            // A window action goes to the window under the fingers when it fires, at the lift:
            // the swipe starts where it ends on the window.
            // `activating`: the window made active first. Not between the two show-desktop
            // swipes: activating a window ends KWin's show-desktop mode, which the second swipe
            // must find on (whether the request came before the mode or after was a race).
            func gesture(fingers: Int, _ dx: Double, _ dy: Double, activating: Bool = true, done: () -> Bool) throws -> Bool {
                let on = Point(x: frame.x + 100, y: frame.y + (dy < 0 ? 330 : 60))
                guard !activating || Self.activate(bench, a.id) else { rows.detail.append("the window did not become active"); return false }
                let before = releases(a)
                try Self.swipe(bench, fingers: fingers, at: on, by: dx, dy)
                if daemon { return bench.x.poll(timeout: 5, done) }
                _ = a.output.wait(timeout: 5) { _ in releases(a) > before }
                bench.waitUntilThePointerIsFree()
                return done()
            }
            // Next, then previous, each from desktop 0 (the window's: activating it brings its
            // desktop back): both go to desktop 1, the other of two, around at the ends.
            for dx in [-240.0, 240.0] {
                let switched = try gesture(fingers: 3, dx, 0) { tracker.currentDesktop == 1 }
                rows.desktops.append(switched ? tracker.currentDesktop : nil)
                if tracker.currentDesktop != 0, !Self.showDesktop(bench, 0) { rows.detail.append("desktop 0 did not come back") }
            }
            rows.maximized = try gesture(fingers: 3, 0, -240) { tracker.states(a.id).contains("_NET_WM_STATE_MAXIMIZED_VERT") && tracker.states(a.id).contains("_NET_WM_STATE_MAXIMIZED_HORZ") }
            if rows.maximized == true {
                server.sendRootMessage(about: a.id, type: "_NET_WM_STATE", data: [0, Int(server.atom("_NET_WM_STATE_MAXIMIZED_VERT")), Int(server.atom("_NET_WM_STATE_MAXIMIZED_HORZ")), 2])
                _ = bench.x.poll { server.geometry(a.id) == frame }
            }
            rows.minimized = try gesture(fingers: 3, 0, 240) { server.numbers(a.id, "WM_STATE")?.first == 3 && !server.isMapped(a.id) }
            if rows.minimized == true, !Self.activate(bench, a.id) { rows.detail.append("the minimized window did not come back") }
            for target: UInt in [1, 0] {
                let shown = try gesture(fingers: 4, 0, 240, activating: target == 1) { server.numbers(server.root, "_NET_SHOWING_DESKTOP")?.first == target }
                rows.showing.append(shown ? target : nil)
                if !daemon { break }
            }
            if let log { rows.detail += log.lines.filter { $0.contains("warning") || $0.contains("debug") && ($0.contains("KWin") || $0.contains("action: ")) }.suffix(12) }
            return rows
        }
        let without = try run(daemon: false)
        let with = try run(daemon: true)
        #expect(without.desktops == [nil, nil] && without.maximized == false && without.minimized == false && without.showing == [nil],
                "KWin without the daemon, the gestures do nothing: \(without)")
        #expect(without.tapFocused == true && without.draggedBy == [100, 100], "KWin without the daemon, the tap and the drag: \(without)")
        #expect(with.desktops == [1, 1], "KWin with the daemon, three fingers left then right: \(with)")
        #expect(with.maximized == true && with.minimized == true, "KWin with the daemon, three fingers up, then down: \(with)")
        #expect(with.showing == [1, 0], "KWin with the daemon, four fingers down twice: \(with)")
        #expect(with.tapFocused == without.tapFocused && with.draggedBy == without.draggedBy, "KWin, the tap and the title-bar drag: without the daemon \(without), with it \(with)")
    }
}
