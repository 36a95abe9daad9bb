import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// Window and desktop actions as a user sees them, on each window manager the tests run:
/// a window maximized from behind another comes on top. Everything is read back from the
/// server; the stacking from the window tree itself.
@Suite(.serialized) struct WindowManagerActionsXvfbTests {
    static let windowManagers: [XvfbSession.WindowManager] = [.openbox, .fluxbox, .xfwm4(compositor: false), .xfwm4(compositor: true), .marco]

    static let config = """
        version: 1
        settings:
          pointer: { button: 3, modifiers: [] }
        profiles:
          - name: desktop
            match: any
            gestures:
              - name: maximize
                swipe: { direction: right }
                action: { window: toggle-maximize }
        """

    /// A pointer-trigger drag with button 3 (in one synced batch: see `pointerDrag`).
    func drag(_ x: XvfbSession, from start: Point, by step: Vector, steps: Int = 10) {
        x.pointerDrag(from: start, to: Point(x: start.x + step.dx * Double(steps), y: start.y + step.dy * Double(steps)), steps: steps)
    }

    /// Where each window's top-level window (its frame) is in the root's children, bottom
    /// first: the stacking as the server has it.
    func stackingIndex(_ x: XvfbSession, of window: XWindowID) -> Int? {
        for (index, top) in x.server.children(of: x.server.root).enumerated() {
            var queue = [top]
            while !queue.isEmpty {
                let w = queue.removeFirst()
                if w == window { return index }
                queue += x.server.children(of: w)
            }
        }
        return nil
    }

    /// The lower of two overlapping windows, maximized through the daemon, ends up maximized
    /// and above the other (openbox, fluxbox and xfwm4 maximize a window where it is stacked:
    /// Tactus activates it as well).
    @Test(arguments: windowManagers)
    func aWindowMaximizedFromBehindAnotherComesOnTop(_ windowManager: XvfbSession.WindowManager) throws {
        let x = try XvfbSession(windowManager: windowManager)
        let lower = try x.openWindow(class: "Lower", title: "lower", geometry: "400x300+50+100")
        let upper = try x.openWindow(class: "Upper", title: "upper", geometry: "400x300+350+150")
        let tracker = WindowTracker(server: x.server)
        #expect(x.poll { (stackingIndex(x, of: upper.id) ?? -1) > (stackingIndex(x, of: lower.id) ?? -1) }, "the window opened last is on top")
        let frame = try #require(tracker.info(lower.id)?.frame)
        let start = Point(x: frame.x + 20, y: frame.y + 60), step = Vector(dx: 15, dy: 0)
        let end = Point(x: start.x + step.dx * 10, y: start.y)
        try #require(tracker.clientWindow(at: start) == lower.id && tracker.clientWindow(at: end) == lower.id, "the drag is on the lower window's visible part")
        let daemon = try x.startDaemon(config: Self.config)

        drag(x, from: start, by: step)
        #expect(daemon.output!.wait { $0.contains("\"action\":\"window toggle-maximize\",\"window\":\(lower.id)") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { tracker.states(lower.id).contains("_NET_WM_STATE_MAXIMIZED_VERT") && tracker.states(lower.id).contains("_NET_WM_STATE_MAXIMIZED_HORZ") },
                "maximized: \(tracker.states(lower.id))")
        #expect(x.poll { (stackingIndex(x, of: lower.id) ?? -1) > (stackingIndex(x, of: upper.id) ?? -1) },
                "on top: frames at \(String(describing: stackingIndex(x, of: lower.id))) (maximized) and \(String(describing: stackingIndex(x, of: upper.id))): \(daemon.output!.lines.suffix(10))")
        #expect(!tracker.states(upper.id).contains("_NET_WM_STATE_MAXIMIZED_VERT"))
    }
}
