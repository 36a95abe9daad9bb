import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// A window manager that holds the root window's touch grab and takes its time, as GNOME Shell
/// does (mutter's tracker holds a touch up to 150 ms when gestures are attached to its stage,
/// and accepts the touches its own gestures begin on): played by this test's own X connection
/// on a thread, beside openbox, on Xorg with the `inputtest` touchscreen. Tactus, below it,
/// decides while the window manager holds a touch (its answer is kept until the touch is its
/// own), and a touch the window manager keeps is cancelled for Tactus.
@Suite(.serialized) struct SlowWindowManagerXorgTests {
    /// A touch's lines without their positions, and the steps between its positions.
    static func shape(_ sequence: [String]) -> (phases: [String], steps: [Int]) {
        let xs = sequence.compactMap { Int($0.split(separator: " ").last?.split(separator: ",").first ?? "") }
        return (sequence.map { String($0.prefix { $0 != " " }) }, zip(xs.dropFirst(), xs).map { $0 - $1 })
    }

    func swipe(_ d: InputTestDevice, at start: Point) throws {
        let ids: [UInt32] = [21, 22, 23]
        func fingers(_ phase: InputTestDevice.TouchPhase, _ dx: Double) -> [(phase: InputTestDevice.TouchPhase, id: UInt32, at: Point)] {
            ids.enumerated().map { (phase, $0.element, Point(x: start.x + Double($0.offset) * 60 + dx, y: start.y)) }
        }
        try d.touches(fingers(.begin, 0))
        for step in 1...16 {
            usleep(10_000)  // the pace of a hand, not a wait for a result
            try d.touches(fingers(.update, -15 * Double(step)))
        }
        try d.touches(fingers(.end, -240))
    }

    /// Held 250 ms by the window manager: a one-finger drag Tactus lets go of on its first
    /// update reaches the window whole once the window manager lets go (Tactus's rejection came
    /// first and was kept); a three-finger swipe Tactus claims while the window manager holds it
    /// (it is recognized once no fourth finger can come, 150 ms after the first landed)
    /// switches the desktop and gives the window nothing (the acceptance is made when the
    /// touches become Tactus's).
    @Test func whileTheWindowManagerHoldsATouchTactusDecidesAndItsAnswerStands() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        let wm = try BareTouchOwner(display: x.display, rule: .rejectAfter(milliseconds: 250))
        defer { wm.stop() }
        let daemon = try x.startDaemon(config: defaultProfileYAML)
        #expect(daemon.output!.lines.contains { $0.contains("touch owner after the window manager") }, "\(daemon.output!.lines.suffix(5))")
        let w = try x.openWindow(class: "Touch", title: "touch", geometry: "600x400+200+150", touch: true)
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        var p = Point(x: frame.x + 100, y: frame.y + 100)
        try touch.touch(.begin, id: 1, at: p)
        for _ in 0..<5 {
            usleep(8_000)  // the pace of a hand
            p.x += 6
            try touch.touch(.update, id: 1, at: p)
        }
        try touch.touch(.end, id: 1, at: p)
        #expect(w.output.wait { _ in CompareXorgTests.ends(w.output) >= 1 } != nil, "the drag never reached the window: \(daemon.output!.lines.filter { $0.contains("touch 1") })")
        let drag = CompareXorgTests.sequences(w.output).first ?? []
        #expect(Self.shape(drag).phases == ["begin"] + Array(repeating: "update", count: 5) + ["end"] && Self.shape(drag).steps == [6, 6, 6, 6, 6, 0], "\(drag)")
        #expect(daemon.output!.lines.contains { $0.contains("touch 1: rejected") }, "\(daemon.output!.lines.filter { $0.contains("touch 1") })")
        #expect(!daemon.output!.lines.contains { $0.contains("touch 1: the window manager let go") }, "Tactus answered before the window manager let go: it is out of the listeners")

        try swipe(touch, at: Point(x: frame.x + 260, y: frame.y + 200))
        #expect(x.poll { WindowTracker(server: x.server).currentDesktop == 1 }, "\(daemon.output!.lines.suffix(20))")
        // Claimed while the window manager held them (the desktop switched at the lift, before
        // it let go): the acceptances are made as it lets go of each.
        #expect(daemon.output!.wait { _ in daemon.output!.lines.filter { $0.contains("it is Tactus's (answered already)") }.count == 3 } != nil,
                "\(daemon.output!.lines.filter { $0.contains("touch ") }.suffix(12))")
        // The window manager let go of all four touches, and the window got the drag alone.
        #expect(x.poll { wm.answers == (0, 4) }, "\(wm.answers)")
        #expect(CompareXorgTests.sequences(w.output).count == 1, "\(w.output.lines)")
    }

    /// A window manager that keeps a three-finger touch for a gesture of its own (as GNOME
    /// Shell does its swipes): Tactus's swipe on it is cancelled — no desktop switch, nothing
    /// fired — and the window gets nothing; a tap after it is Tactus's to hand back as ever.
    @Test func whatTheWindowManagerKeepsIsItsOwn() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        let wm = try BareTouchOwner(display: x.display, rule: .acceptThreeElseRejectAfter(milliseconds: 150))
        defer { wm.stop() }
        let daemon = try x.startDaemon(config: defaultProfileYAML)
        let w = try x.openWindow(class: "Touch", title: "touch", geometry: "600x400+200+150", touch: true)
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        try swipe(touch, at: Point(x: frame.x + 260, y: frame.y + 200))
        #expect(daemon.output!.wait { $0.contains("the window manager kept it") } != nil, "\(daemon.output!.lines.filter { $0.contains("touch ") }.suffix(12))")
        let tap = Point(x: frame.x + 100, y: frame.y + 300)
        try touch.touches([(.begin, 1, tap)])
        usleep(40_000)  // a tap's length
        try touch.touches([(.end, 1, tap)])
        #expect(w.output.wait { _ in CompareXorgTests.ends(w.output) >= 1 } != nil, "the tap never reached the window")
        #expect(CompareXorgTests.sequences(w.output).map { Self.shape($0).phases } == [["begin", "end"]], "\(w.output.lines)")
        #expect(WindowTracker(server: x.server).currentDesktop == 0)
        #expect(!daemon.output!.lines.contains { $0.contains("\"kind\":\"action\"") }, "\(daemon.output!.lines.filter { $0.contains("action") })")
        #expect(wm.answers == (3, 1), "\(wm.answers)")
    }
}
