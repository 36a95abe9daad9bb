import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// `scroll:` against a real X server: real touches (Xorg's `inputtest` touchscreen) dragging
/// two fingers over a real window that knows nothing of touch (`tactus-test-window`), which
/// receives wheel buttons where the fingers are; the pointer is left where it was.
@Suite(.serialized) struct ScrollXorgTests {
    static let config = DaemonConfiguration.profiles("""
        - name: reader
          match: { class: Reader }
          gestures:
            - name: two-finger-scroll
              pan: { touches: 2 }
              scroll: { every: 40 }
        """)

    /// Two fingers 100 px apart at `start` (their middle), moved together through `offsets`
    /// (dy from the start, 15 ms apart), then lifted.
    func drag(_ d: InputTestDevice, middle start: Point, through offsets: [Double]) throws {
        let fingers = [(UInt32(1), -50.0), (UInt32(2), 50.0)]
        for (id, dx) in fingers { try d.touch(.begin, id: id, at: Point(x: start.x + dx, y: start.y)) }
        for dy in offsets {
            usleep(15_000)
            for (id, dx) in fingers { try d.touch(.update, id: id, at: Point(x: start.x + dx, y: start.y + dy)) }
        }
        for (id, dx) in fingers { try d.touch(.end, id: id, at: Point(x: start.x + dx, y: start.y + offsets.last!)) }
    }

    @Test func aTwoFingerDragScrollsTheWindowUnderIt() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        let reader = try x.openWindow(class: "Reader", title: "a long document", geometry: "500x500+300+150")
        let frame = try #require(WindowTracker(server: x.server).info(reader.id)?.frame)
        let before = try #require(x.server.pointerPosition())
        let daemon = try x.startDaemon(config: Self.config)
        let middle = Point(x: frame.x + 250, y: frame.y + 400)
        // Up 130 px: three steps down (the page follows the fingers up; the first as the pan
        // begins, 30 px up), then back down 70 px: one step up.
        try drag(touch, middle: middle, through: [-10, -30, -60, -90, -110, -130, -110, -60])
        let presses = { reader.output.lines.filter { $0.hasPrefix("button-press") } }
        #expect(reader.output.wait { _ in presses().count >= 4 } != nil, "\(reader.output.lines) \(daemon.output!.lines.suffix(20))")
        #expect(presses().map { $0.split(separator: " ")[1] } == ["5", "5", "5", "4"], "\(presses())")
        // In the window, where the pointer is: under the first finger (window coordinates),
        // which holds it while it is down (moving the pointer to the fingers' middle would be
        // a button-1 drag to the program: the server counts the finger as button 1); a step
        // made as the fingers lift, after the first, at their middle.
        for line in presses() {
            let parts = line.split(separator: " ").compactMap { Double($0) }
            #expect((abs(parts[1] - 200) <= 2 || abs(parts[1] - 250) <= 2) && parts[2] > 250 && parts[2] < 410, "\(line)")
        }
        #expect(presses().filter { abs(Double($0.split(separator: " ")[2])! - 200) <= 2 }.count >= 3, "\(presses())")
        #expect(reader.output.lines.filter { $0.hasPrefix("button-release") }.count == 4)
        #expect(daemon.output!.wait { $0.contains("\"action\":\"scroll up at ") } != nil)
        // The touchscreen moved the pointer with its first finger (X's pointer emulation); the
        // scroll claimed every touch and clicked nothing: the pointer is back where it was.
        #expect(daemon.output!.wait { $0.contains("the pointer goes back to \(Int(before.x)),\(Int(before.y))") } != nil)
        #expect(x.poll { x.server.pointerPosition() == before },
                "the pointer at \(String(describing: x.server.pointerPosition())), not back at \(before)")
    }

    @Test func elsewhereTheSameDragScrollsNothing() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        let other = try x.openWindow(class: "Other", title: "no profile", geometry: "500x500+300+150", touch: true)
        let frame = try #require(WindowTracker(server: x.server).info(other.id)?.frame)
        let daemon = try x.startDaemon(config: Self.config)
        try drag(touch, middle: Point(x: frame.x + 250, y: frame.y + 400), through: [-10, -30, -60, -90, -110, -130])
        // The built-in behaviour stays: the touches are the application's.
        #expect(other.output.wait { $0.hasPrefix("touch end") } != nil, "\(other.output.lines) \(daemon.output!.lines.suffix(20))")
        #expect(!other.output.lines.contains { $0.hasPrefix("button-press 4") || $0.hasPrefix("button-press 5") }, "\(other.output.lines)")
        #expect(!daemon.output!.lines.contains { $0.contains("\"action\":\"scroll") })
    }
}
