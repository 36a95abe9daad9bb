import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// A touch released after the finger lifted (a tap that a double tap waited on) reaches the
/// window as a click, and the touches after it still reach everyone. Xorg + openbox, whose
/// click-to-focus button grab sits between Tactus's touch grab and the window.
@Suite(.serialized) struct ReleasedAfterLiftXorgTests {
    static let config = DaemonConfiguration.profiles("""
        - name: clicker
          match: { class: Clicker }
          gestures:
            - name: double
              tap: { taps: 2 }
              action: { log: double }
        """)

    @Test func tapsReleasedAfterTheLiftReachTheWindowOneAfterAnother() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        let w = try x.openWindow(class: "Clicker", title: "clicker", geometry: "600x500+100+100")
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: Self.config)
        func released() -> Int { daemon.output!.lines.filter { $0.contains("\"verdict\":\"released\"") }.count }
        func presses() -> Int { w.output.lines.filter { $0.hasPrefix("button-press 1") }.count }
        for n in 1...5 {
            let p = Point(x: frame.x + 100 + 40 * Double(n), y: frame.y + 200)
            try touch.touch(.begin, id: UInt32(n), at: p)
            try touch.touch(.end, id: UInt32(n), at: p)
            #expect(daemon.output!.wait { _ in released() == n } != nil, "tap \(n): \(daemon.output!.lines.suffix(8))")
            #expect(w.output.wait { _ in presses() == n } != nil, "tap \(n) reaches the window as a click: \(w.output.lines.suffix(8))")
        }
    }
}
