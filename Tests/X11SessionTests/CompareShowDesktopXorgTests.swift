import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// Issue 34: under muffin (Cinnamon) the built-in profile's show desktop — four fingers down,
/// with a preview — hid the windows, and the second swipe never brought them back: the
/// overlay mapped for its preview ended muffin's show-desktop mode (window.c,
/// `maybe_leave_show_desktop_mode`, which minimizes the windows the mode hid), so at the lift
/// Tactus read "off" and asked for "on" again. Two swipes on one Xorg (dummy video,
/// `inputtest` touchscreen) with the daemon running the built-in profile, read back from the
/// server: `_NET_SHOWING_DESKTOP` and each window's `WM_STATE` and map state.
extension CompareXorgTests {
    /// Four fingers 60 px apart landing together at `start` (on one window: fingers on two windows
    /// would be two hands to the windows' own gestures) and dragged 240 px down in 16
    /// frames 10 ms apart: the built-in profile's show desktop, past its preview's commit point.
    static func fourFingerSwipeDown(_ bench: CompareBench, at start: Point) throws {
        try bench.stroke(ids: [31, 32, 33, 34], from: start, by: Vector(dx: 0, dy: 15), moves: 16, interval: 10)
    }

    @Test(arguments: [XvfbSession.WindowManager.muffin, .mutter])
    func twoFourFingerSwipesDownHideTheWindowsAndBringThemBack(windowManager: XvfbSession.WindowManager) throws {
        let bench = try CompareBench(windowManager: windowManager)
        let server = bench.x.server!
        let daemon = try bench.startDaemon()
        let windows = [try bench.x.openWindow(class: "Below", title: "below", geometry: "500x400+60+150"),
                       try bench.x.openWindow(class: "Above", title: "above", geometry: "500x400+680+150")]
        func showing() -> UInt? { server.numbers(server.root, "_NET_SHOWING_DESKTOP")?.first }
        func shown() -> [Bool] { windows.map { server.isMapped($0.id) && server.numbers($0.id, "WM_STATE")?.first == 1 } }
        func detail() -> String {
            "_NET_SHOWING_DESKTOP \(showing().map(String.init) ?? "-"), " + windows.map { w in
                "\(bench.x.hex(w)): WM_STATE \(server.numbers(w.id, "WM_STATE")?.first.map(String.init) ?? "-"), \(server.isMapped(w.id) ? "mapped" : "unmapped"), "
                    + "\(WindowTracker(server: server).states(w.id))"
            }.joined(separator: "; ") + "\n" + daemon.output!.lines.filter { $0.contains("desktop show") || $0.contains("show-desktop") || $0.contains("showing") }.suffix(12).joined(separator: "\n")
        }
        let name = windowManager.description
        try #require(bench.x.poll { shown() == [true, true] && showing() == 0 }, "\(name): \(detail())")

        try Self.fourFingerSwipeDown(bench, at: Point(x: 200, y: 200))
        #expect(bench.x.poll { showing() == 1 && shown() == [false, false] }, "\(name), the first swipe: the desktop is not shown: \(detail())")
        #expect(daemon.output!.lines.contains { $0.contains("gesture show-desktop: recognized, its action waits for the lift") && $0.contains("previewed") },
                "\(name): the preview was not drawn: \(daemon.output!.lines.suffix(20))")

        try Self.fourFingerSwipeDown(bench, at: Point(x: 200, y: 200))
        #expect(bench.x.poll { showing() == 0 && shown() == [true, true] }, "\(name), the second swipe: the windows did not come back: \(detail())")
        let previews = daemon.output!.lines.filter { $0.contains("gesture show-desktop: recognized") && $0.contains("previewed") }.count
        #expect(previews == 2, "\(name): \(previews) previews drawn")
        #expect(!daemon.output!.lines.contains { $0.contains("warning") && $0.contains("desktop") }, "\(name): \(daemon.output!.lines.filter { $0.contains("warning") })")
    }
}
