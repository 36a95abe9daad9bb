import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// Issue 34: muffin and mutter hold the passive touch grab on the root window, and Tactus
/// decides touches below them (TouchOwnership+TopLevels.swift). When such a window manager
/// quits, its grab goes with its connection; Tactus takes the root's grab and is the owner
/// (TouchOwnership+Mode.swift), not an owner below a window manager that is no more.
extension CompareXorgTests {
    /// The window manager's connection is closed by the server (`XKillClient` on its check
    /// window: what a crash or a quit does to its grabs). The daemon says it took the root's
    /// grab; the server refuses the test that grab (it is held); a tap is replayed to the touch
    /// window as the owner replays it, and a three-finger swipe gives it nothing — each read
    /// back from the daemon's log and from the window.
    @Test(arguments: [XvfbSession.WindowManager.muffin, .mutter])
    func aWindowManagerThatQuitsLeavesTheRootsTouchGrabToTactus(windowManager: XvfbSession.WindowManager) throws {
        let bench = try CompareBench(windowManager: windowManager)
        let server = try #require(bench.x.server)
        let name = windowManager.description
        let w = try bench.x.openWindow(class: "Touch", title: "touch", geometry: "500x400+60+150", touch: true)
        defer { w.process.stop() }
        let daemon = try bench.startDaemon()
        let log = try #require(daemon.output)
        let mode = log.lines.first { $0.contains("running on") }
        #expect(mode?.contains("touch owner after the window manager") == true, "\(name): \(mode ?? "-")")

        let check = try #require(server.numbers(server.root, "_NET_SUPPORTING_WM_CHECK")?.first)
        XKillClient(server.display, Window(check))
        server.sync()
        let taken = log.wait(timeout: 10) { $0.contains("touch grab on root taken") }
        #expect(taken != nil, "\(name) gone, the daemon did not take the root's grab:\n\(log.lines.suffix(20).joined(separator: "\n"))")
        if server.grabTouchBegin() {
            server.ungrabTouchBegin()
            Issue.record("\(name) gone: the server gave the test the root's touch grab, so the daemon does not hold it")
        }
        // Its client window, back in the root (the save-set), where the window manager left it.
        let frame = try #require(server.geometry(w.id))

        func decided(_ what: String) -> Int { log.lines.filter { $0.contains(what) }.count }
        let rejected = decided("rejected (replayed to the application)"), ends = Self.ends(w.output)
        try Self.oneFinger(bench, at: Point(x: frame.x + 100, y: frame.y + 300), drag: false)
        _ = w.output.wait(timeout: 5) { _ in Self.ends(w.output) > ends }
        #expect(Self.ends(w.output) == ends + 1 && decided("rejected (replayed to the application)") == rejected + 1,
                "\(name) gone, a tap: \(Self.ends(w.output) - ends) touches reached the window, \(decided("rejected (replayed to the application)") - rejected) rejected")

        let claimed = decided("accepted (a gesture claimed it)"), before = Self.ends(w.output)
        try Self.threeFingerSwipe(bench, at: Point(x: frame.x + 200, y: frame.y + 150))
        _ = log.wait(timeout: 5) { _ in decided("accepted (a gesture claimed it)") >= claimed + 3 }
        // A tap after it: once it is in, whatever the swipe gave the window is too.
        try Self.oneFinger(bench, at: Point(x: frame.x + 100, y: frame.y + 300), drag: false)
        _ = w.output.wait(timeout: 5) { _ in Self.ends(w.output) > before }
        #expect(decided("accepted (a gesture claimed it)") == claimed + 3, "\(name) gone, a swipe: \(decided("accepted (a gesture claimed it)") - claimed) touches claimed")
        #expect(Self.ends(w.output) == before + 1, "\(name) gone: the window got \(Self.ends(w.output) - before - 1) touches of the swipe Tactus claimed")
    }
}
