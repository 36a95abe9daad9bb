import Foundation
import Testing
@testable import GestureEngine
import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// What Tactus lets go, and the clicks it makes, reach applications and window managers as
/// they would without it (semantics.md §11; issue 23): real touches on Xorg + inputtest.
@Suite(.serialized) struct HandingBackXorgTests {
    /// A long press that right-clicks when it is recognized, with the finger still down.
    static let longPressConfig = DaemonConfiguration.desktop(gestures: """
        - name: right-click
          longPress: { minimumDuration: 0.3 }
          on: { began: { click: 3 } }
        """)

    /// The touchscreen's first touch is button 1 to the server while it is down, whoever
    /// owns it: a click made then arrives with Button1Mask held, and GTK opens no context menu
    /// for it. The long press's right click waits for the lift.
    @Test func aClickWaitsUntilTheFingerHoldingThePointerLifts() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        let w = try x.openWindow(class: "Plain", title: "plain", geometry: "400x300+100+100", buttonState: true)
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: Self.longPressConfig)
        let p = Point(x: frame.x + 120, y: frame.y + 80)
        try touch.touch(.begin, id: 1, at: p)
        #expect(daemon.output!.wait { $0.contains("\"kind\":\"action\",\"gesture\":\"right-click\"") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(daemon.output!.wait { $0.contains("waits until the finger lifts") } != nil, "\(daemon.output!.lines.suffix(10))")
        // The finger lifts after the daemon has answered for it, as a held finger does: an
        // acceptance the server gets after the touch's end leaves its button count raised
        // (Xorg 21.1.7; docs/deciding-under-x-ownership.md, known limits), which a loaded test machine could race into.
        #expect(daemon.output!.wait { $0.contains("touch 1: accepted") } != nil, "\(daemon.output!.lines.suffix(10))")
        x.server.sync()
        #expect(!w.output.lines.contains { $0.hasPrefix("button-press 3") }, "no click while the finger is down: \(w.output.lines)")
        try touch.touch(.end, id: 1, at: p)
        let press = try #require(w.output.wait { $0.hasPrefix("button-press 3 120 80") }, "\(w.output.lines)")
        let state = try #require(press.split(separator: " ").last.flatMap { UInt32($0.dropFirst(2), radix: 16) })
        #expect(state & 0x100 == 0, "button 1 is not held when the right click arrives: \(press)")
    }
}

extension HandingBackXorgTests {
    /// A drag on a title bar moves the window, with the built-in profile holding the touch
    /// first (it may be the first finger of a swipe): xfwm4 grabs the pointer with the press's
    /// time, which a replayed press's implicit grab refuses (Xorg stamps it with the rejection's
    /// time); given to the window manager as XTest pointer input, it moves the window.
    @Test(arguments: [XvfbSession.WindowManager.xfwm4(compositor: false), .xfwm4(compositor: true), .openbox])
    func aDragOnATitleBarMovesTheWindow(_ manager: XvfbSession.WindowManager) throws {
        let (x, touch) = try XvfbSession.withTouchscreen(windowManager: manager)
        let w = try x.openWindow(class: "Plain", title: "plain", geometry: "400x300+200+200")
        let tracker = WindowTracker(server: x.server)
        let before = try #require(tracker.info(w.id)?.frame)
        let daemon = try x.startDaemon(config: defaultProfileYAML)
        // On the title bar: above the client, inside the frame.
        let start = Point(x: before.x + 150, y: before.y - 8)
        #expect(tracker.isDecoration(try #require(x.server.topLevelWindow(at: start)), at: start), "the point is on \(manager)'s title bar")
        // At a finger's pace: a frame each 8 ms (the input's own timing, not a wait).
        try touch.touch(.begin, id: 1, at: start)
        for s in 1...20 {
            usleep(8_000)
            try touch.touch(.update, id: 1, at: Point(x: start.x + 5 * Double(s), y: start.y + 5 * Double(s)))
        }
        usleep(8_000)
        try touch.touch(.end, id: 1, at: Point(x: start.x + 100, y: start.y + 100))
        #expect(x.poll { tracker.info(w.id).map { $0.frame.x == before.x + 100 && $0.frame.y == before.y + 100 } == true },
                "\(manager): moved to \(String(describing: tracker.info(w.id)?.frame)) from \(before); \(daemon.output!.lines.filter { $0.contains("decorations") })")
    }
}
