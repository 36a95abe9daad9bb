import Foundation
import Glibc
import Testing
import CX11
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// A window destroyed under a touch the daemon holds. Xorg 21.1.7 keeps the copies of the
/// passive grabs under a touch after their window is gone, and replaying the touch into one
/// crashes it (`make xorg-touch-repro REPRO=destroyed`), so the daemon accepts such a touch;
/// accepted after its end, a touch driving the pointer leaves the server's touch button count
/// raised, and the presses replayed after it reach no window. Accepted at once while the
/// finger is down, they do.
@Suite(.serialized) struct WindowGoneUnderATouchXorgTests {
    /// A finger resting a long time is held (a long press of 30 s).
    static let config = DaemonConfiguration.desktop(gestures: """
        - name: rest
          longPress: { minimumDuration: 30 }
          action: { log: rested }
        """)

    @Test func aTouchHeldOverAWindowThatIsDestroyedIsAcceptedAtOnceAndLaterTapsReachTheirWindow() throws {
        let (x, touch) = try XvfbSession.withTouchscreen(windowManager: .xfwm4(compositor: false))
        let doomed = try x.openWindow(class: "Doomed", title: "doomed", geometry: "400x300+100+100", buttonState: true)
        let other = try x.openWindow(class: "Other", title: "other", geometry: "400x300+700+100", buttonState: true)
        let tracker = WindowTracker(server: x.server)
        let doomedFrame = try #require(tracker.info(doomed.id)?.frame)
        let otherFrame = try #require(tracker.info(other.id)?.frame)
        let daemon = try x.startDaemon(config: Self.config)
        #expect(daemon.output!.wait { $0.contains("touch grab on root taken") } != nil)
        let p = Point(x: doomedFrame.x + 100, y: doomedFrame.y + 100)
        try touch.touch(.begin, id: 1, at: p)
        #expect(daemon.output!.wait { $0.contains("touch 1 began") } != nil, "\(daemon.output!.lines.suffix(10))")
        // Its client goes: the window is destroyed under the resting finger.
        _ = doomed.process.stop(signal: SIGKILL)
        #expect(daemon.output!.wait { $0.contains("touch 1: the window it landed on was destroyed while it was down: accepted now") } != nil,
                "\(daemon.output!.lines.suffix(10))")
        try touch.touch(.end, id: 1, at: p)
        // The finger is up: the server holds no button for it (accepted after its end, a touch
        // driving the pointer leaves button 1 down).
        func buttonOneDown() -> Bool {
            var rootReturn: Window = 0, child: Window = 0, rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0, mask: UInt32 = 0
            XQueryPointer(x.server.display, Window(x.server.root), &rootReturn, &child, &rx, &ry, &wx, &wy, &mask)
            return mask & UInt32(Button1Mask) != 0
        }
        #expect(daemon.output!.wait { $0.contains("touch 1 ended") || $0.contains("\"verdict\"") } != nil)
        #expect(x.poll { !buttonOneDown() }, "button 1 is up once the finger lifted")
        // Taps on the other window reach it, through xfwm4's click-to-focus grab.
        for (k, dx) in [60.0, 160, 260].enumerated() {
            let q = Point(x: otherFrame.x + dx, y: otherFrame.y + 120)
            try touch.touch(.begin, id: UInt32(2 + k), at: q)
            try touch.touch(.end, id: UInt32(2 + k), at: q)
            #expect(other.output.wait { $0.hasPrefix("button-press 1 ") && other.output.lines.filter { $0.hasPrefix("button-press 1 ") }.count > k } != nil,
                    "tap \(k + 1) reached the other window: \(other.output.lines.suffix(6)); daemon: \(daemon.output!.lines.suffix(6))")
        }
        #expect(x.serverExitStatus == nil, "the X server is running")
    }
}
