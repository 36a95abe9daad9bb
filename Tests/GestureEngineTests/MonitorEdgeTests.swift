import Testing
@testable import GestureEngine

/// Edge pans on a screen of several monitors (issue 16): the edges are those of the monitor
/// where the touch starts; a window's edge pans keep the window's edges. Each case is a whole
/// touch, down to up, on a 1280×800 screen split into two 640×800 monitors.
@Suite struct MonitorEdgeTests {
    static let left = Rect(x: 0, y: 0, width: 640, height: 800)
    static let right = Rect(x: 640, y: 0, width: 640, height: 800)

    /// The screen's edge pans from each edge, with `monitors` on the screen view.
    private func harness(monitors: [Rect]) -> Harness {
        let h = Harness(width: 1280, height: 800)
        h.screen.monitors = monitors
        for (name, edge) in [("from-left", EdgeSet.left), ("from-right", .right), ("from-top", .top), ("from-bottom", .bottom)] {
            h.screen.addGestureRecognizer(EdgePanGestureRecognizer(name: name, edges: edge))
        }
        return h
    }

    /// The gestures that began during one drag.
    private func began(_ h: Harness, from a: Point, to b: Point) -> [String] {
        let before = h.gestureLines.count
        h.drag(1, from: a, to: b, start: 0, duration: 200)
        h.drain()
        return h.gestureLines[before...].filter { $0.hasSuffix("possible->began") }.map { String($0.split(separator: " ")[0]) }
    }

    @Test func theInnerEdgeOfEachMonitorIsAnEdge() {
        let h = harness(monitors: [Self.left, Self.right])
        // The right edge of the left monitor, moving left, and the left edge of the right one.
        #expect(began(h, from: Point(638, 400), to: Point(450, 400)) == ["from-right"])
        #expect(began(harness(monitors: [Self.left, Self.right]), from: Point(642, 400), to: Point(830, 400)) == ["from-left"])
    }

    @Test func theOuterEdgesStayEdges() {
        #expect(began(harness(monitors: [Self.left, Self.right]), from: Point(1278, 400), to: Point(1090, 400)) == ["from-right"])
        #expect(began(harness(monitors: [Self.left, Self.right]), from: Point(3, 400), to: Point(190, 400)) == ["from-left"])
        #expect(began(harness(monitors: [Self.left, Self.right]), from: Point(900, 797), to: Point(900, 600)) == ["from-bottom"])
    }

    @Test func withoutMonitorsTheScreenIsOneMonitor() {
        // The bug the monitors fix: the inner edge is the middle of the root window.
        #expect(began(harness(monitors: []), from: Point(638, 400), to: Point(450, 400)) == [])
        #expect(began(harness(monitors: []), from: Point(1278, 400), to: Point(1090, 400)) == ["from-right"])
    }

    @Test func aPanAlongTheInnerEdgeIsNotAnEdgePan() {
        // Starting near the inner edge and moving away from the other monitor's edge.
        #expect(began(harness(monitors: [Self.left, Self.right]), from: Point(638, 400), to: Point(830, 400)) == [])
    }

    @Test func unequalMonitorsUseTheirOwnBottoms() {
        // A 1280×800 screen: a 640×480 monitor beside a 640×800 one; the first one's bottom is 480.
        let small = Rect(x: 0, y: 0, width: 640, height: 480)
        #expect(began(harness(monitors: [small, Self.right]), from: Point(300, 478), to: Point(300, 300)) == ["from-bottom"])
        #expect(began(harness(monitors: [small, Self.right]), from: Point(900, 478), to: Point(900, 300)) == [])
    }

    @Test func aMonitorDeclaredInsideALargerOneWins() {
        // `xrandr --setmonitor` halves over the output's own whole-screen monitor.
        let whole = Rect(x: 0, y: 0, width: 1280, height: 800)
        #expect(began(harness(monitors: [whole, Self.left, Self.right]), from: Point(638, 400), to: Point(450, 400)) == ["from-right"])
    }

    @Test func aTouchOnNoMonitorUsesTheScreen() {
        // Monitors that leave a gap: a touch in it sees the screen's edges.
        let top = Rect(x: 0, y: 0, width: 1280, height: 400)
        #expect(began(harness(monitors: [top]), from: Point(640, 797), to: Point(640, 600)) == ["from-bottom"])
        #expect(began(harness(monitors: [top]), from: Point(640, 397), to: Point(640, 200)) == ["from-bottom"])
    }

    @Test func monitorsChangingBetweenTouchesChangeTheEdges() {
        let h = harness(monitors: [])
        #expect(began(h, from: Point(638, 400), to: Point(450, 400)) == [])
        h.screen.monitors = [Self.left, Self.right]  // a monitor was plugged in
        h.drag(2, from: Point(638, 400), to: Point(450, 400), start: 1000, duration: 200)
        h.drain()
        #expect(h.gestureLines.contains("from-right possible->began"))
    }

    @Test func aWindowsEdgesStayTheWindows() {
        // A window across both monitors: the monitors' inner edges are not its edges.
        let h = Harness(width: 1280, height: 800)
        h.screen.monitors = [Self.left, Self.right]
        let window = h.view("win", Rect(x: 100, y: 100, width: 1000, height: 600))
        window.addGestureRecognizer(EdgePanGestureRecognizer(name: "win-left", edges: .left))
        h.drag(1, from: Point(642, 400), to: Point(830, 400), start: 0, duration: 200)
        h.drag(2, from: Point(103, 400), to: Point(290, 400), start: 1000, duration: 200)
        h.drain()
        #expect(h.gestureLines.filter { $0.hasSuffix("->began") } == ["win-left possible->began"])
        #expect(h.gestureLines.contains("win-left possible->failed"))
    }
}
