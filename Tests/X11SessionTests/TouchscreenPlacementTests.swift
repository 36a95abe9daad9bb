import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session

/// Where a touchscreen's matrix puts its touches, and the matrix that maps it onto a
/// monitor: the laptop panel beside an external monitor of issue 16.
@Suite struct TouchscreenPlacementTests {
    static let screen = (width: 4480.0, height: 1440.0)
    static let panel = XMonitor(name: "eDP-1", x: 0, y: 0, width: 1920, height: 1080, primary: true, outputs: ["eDP-1"])
    static let external = XMonitor(name: "HDMI-1", x: 1920, y: 0, width: 2560, height: 1440, primary: false, outputs: ["HDMI-1"])
    static let identity: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]

    @Test func theMatrixOntoAMonitorIsItsShareOfTheScreen() {
        let m = TouchscreenPlacement.matrix(onto: Self.panel, screen: Self.screen)
        #expect(TouchscreenPlacement.same(m, [1920.0 / 4480, 0, 0, 0, 1080.0 / 1440, 0, 0, 0, 1]))
        let e = TouchscreenPlacement.matrix(onto: Self.external, screen: Self.screen)
        #expect(TouchscreenPlacement.same(e, [2560.0 / 4480, 0, 1920.0 / 4480, 0, 1, 0, 0, 0, 1]))
        // And back: that matrix places the device on that monitor.
        #expect(TouchscreenPlacement(matrix: m, monitors: [Self.panel, Self.external], screen: Self.screen) == .monitor("eDP-1"))
        #expect(TouchscreenPlacement(matrix: e, monitors: [Self.panel, Self.external], screen: Self.screen) == .monitor("HDMI-1"))
    }

    @Test func theIdentitySpansEveryMonitorOrIsTheOneScreen() {
        #expect(TouchscreenPlacement(matrix: Self.identity, monitors: [Self.panel, Self.external], screen: Self.screen) == .allMonitors)
        let alone = XMonitor(name: "eDP-1", x: 0, y: 0, width: 1920, height: 1080, primary: true)
        #expect(TouchscreenPlacement(matrix: Self.identity, monitors: [alone], screen: (1920, 1080)) == .wholeScreen)
        #expect(TouchscreenPlacement(matrix: Self.identity, monitors: [], screen: (1920, 1080)) == .wholeScreen)
    }

    @Test func anAreaThatIsNoMonitorsIsShownAsSuch() {
        // The left half of the screen: no monitor there (the panel is 1920 wide).
        let half: [Double] = [0.5, 0, 0, 0, 1, 0, 0, 0, 1]
        #expect(TouchscreenPlacement(matrix: half, monitors: [Self.panel, Self.external], screen: Self.screen).description == "2240x1440+0+0 (no monitor)")
    }

    @Test func aRotatedPanelIsPlacedByTheAreaItCovers() {
        // xinput's matrix for the panel turned left: x' = y, y' = 1 - x, scaled to the panel.
        let w = 1920.0 / 4480, h = 1080.0 / 1440
        let left: [Double] = [0, w, 0, -h, 0, h, 0, 0, 1]
        #expect(TouchscreenPlacement(matrix: left, monitors: [Self.panel, Self.external], screen: Self.screen) == .monitor("eDP-1"))
    }

    @Test func aMonitorIsNamedByItsOutputsToo() {
        let declared = XMonitor(name: "left", x: 0, y: 0, width: 640, height: 800, primary: false, outputs: ["DUMMY0"])
        #expect(declared.isNamed("LEFT") && declared.isNamed("dummy0") && !declared.isNamed("right"))
    }
}
