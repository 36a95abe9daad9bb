import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// The window a screen gesture's window action acts on is the one the server had under the
/// fingers as they landed, decorations counting as their window: read by the daemon as it
/// decodes each touch and carried with the touch, never asked for while the gestures settle.
/// On openbox, three fingers landing on the lower window's title bar (outside the client
/// geometry the session tracks) and swiped up over the upper window maximize the lower one.
extension CompareXorgTests {
    @Test func threeFingersSwipedUpFromATitleBarMaximizeThatWindow() throws {
        let bench = try CompareBench()
        let server = bench.x.server!
        let tracker = WindowTracker(server: server)
        try bench.startDaemon()
        let upper = try bench.x.openWindow(class: "Upper", title: "upper", geometry: "500x300+60+60")
        let lower = try bench.x.openWindow(class: "Lower", title: "lower", geometry: "500x300+60+460")
        defer { upper.process.stop(); lower.process.stop() }
        let extents = try #require(server.numbers(lower.id, "_NET_FRAME_EXTENTS"), "openbox gives the window a frame")
        let frame = try #require(server.geometry(lower.id))
        #expect(extents.count == 4 && extents[2] > 6, "a title bar to land on: \(extents)")
        let titleBar = Point(x: frame.x + 100, y: frame.y - Double(extents[2]) / 2)

        try CompareXorgTests.swipe(bench, fingers: 3, at: titleBar, by: 0, -260)

        func maximized(_ id: XWindowID) -> Bool {
            let states = tracker.states(id)
            return states.contains("_NET_WM_STATE_MAXIMIZED_VERT") && states.contains("_NET_WM_STATE_MAXIMIZED_HORZ")
        }
        #expect(bench.x.poll(timeout: 5) { maximized(lower.id) }, "the lower window, whose title bar the fingers landed on, is maximized")
        #expect(!maximized(upper.id), "the upper window, under the fingers at the lift, is not")
    }
}
