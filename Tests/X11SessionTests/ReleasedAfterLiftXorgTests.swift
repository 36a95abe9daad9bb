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
    static let config = """
        version: 1
        profiles:
          - name: clicker
            match: { class: Clicker }
            gestures:
              - name: double
                tap: { taps: 2 }
                action: { log: double }
        """

    @Test func tapsReleasedAfterTheLiftReachTheWindowOneAfterAnother() throws {
        let x = try XvfbSession(backend: .xorg)
        let touch = try InputTestDevice(path: x.deviceSockets["touch"]!)
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
        // Drags far apart, one after another without waiting: each released while the next lands.
        var id: UInt32 = 10
        for n in 0..<6 {
            id += 1
            let p = Point(x: frame.x + 100 + 60 * Double(n), y: frame.y + 100)
            try touch.touch(.begin, id: id, at: p)
            for s in 1...8 { try touch.touch(.update, id: id, at: Point(x: p.x + 5 * Double(s), y: p.y + 30 * Double(s))) }
            try touch.touch(.end, id: id, at: Point(x: p.x + 40, y: p.y + 240))
        }
        #expect(daemon.output!.wait { _ in released() == 11 } != nil, "\(daemon.output!.lines.suffix(8))")
        // Two fingers together, then a last tap: it still reaches the window.
        try touch.touch(.begin, id: 30, at: Point(x: frame.x + 200, y: frame.y + 300))
        try touch.touch(.begin, id: 31, at: Point(x: frame.x + 300, y: frame.y + 300))
        try touch.touch(.end, id: 30, at: Point(x: frame.x + 200, y: frame.y + 300))
        try touch.touch(.end, id: 31, at: Point(x: frame.x + 300, y: frame.y + 300))
        #expect(daemon.output!.wait { _ in released() == 13 } != nil, "\(daemon.output!.lines.suffix(8))")
        let before = presses()
        try touch.touch(.begin, id: 40, at: Point(x: frame.x + 250, y: frame.y + 400))
        try touch.touch(.end, id: 40, at: Point(x: frame.x + 250, y: frame.y + 400))
        #expect(daemon.output!.wait { _ in released() == 14 } != nil, "\(daemon.output!.lines.suffix(8))")
        #expect(w.output.wait { _ in presses() > before } != nil, "the last tap reaches the window: \(w.output.lines.suffix(8))")
    }
}
