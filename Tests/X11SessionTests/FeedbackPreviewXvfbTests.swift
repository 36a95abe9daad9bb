import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// Previews (`preview: true`) on Xvfb + openbox, judged from screenshots at chosen points of a
/// drag: a quarter of the way, half, past the commit point, and brought back. A press of
/// button 3 is the touch; the swipe is a one-finger one that any speed makes, so the test
/// paces the pointer as it likes. The built-in preview thresholds: whole at 240 px, commit
/// at 120 px. The PNGs are kept in `.build/screenshots/` (docs/profiles.md shows them).
extension FeedbackXvfbTests {
    static func previewConfig(_ swipe: String, _ action: String) -> String {
        """
        version: 1
        settings:
          pointer: { button: 3 }
        profiles:
          - name: desktop
            match: any
            gestures:
              - name: previewed
                swipe: { \(swipe), touches: 1, minimumVelocity: 0, maximumDuration: 60 }
                action: { \(action) }
                preview: true
        """
    }

    /// Moves the held pointer from `a` by `d` px along `unit`, 10 px a step.
    func drag(_ x: XvfbSession, from a: Point, _ unit: Vector, by d: Double, startingAt done: Double = 0) {
        let step = d > done ? 10.0 : -10.0, steps = Int((abs(d - done) / 10).rounded(.up))
        let travels = (0..<steps).map { done + step * Double($0 + 1) }
        x.pointerMove(through: travels.map { Point(x: a.x + unit.dx * $0, y: a.y + unit.dy * $0) })
    }

    /// A canvas window at `geometry`, and the daemon previewing a swipe over it (`previewConfig`),
    /// once openbox's popup is gone from the screen.
    func startPreviewing(_ x: XvfbSession, _ swipe: String, _ action: String, geometry: String = "400x300+440+300") throws
        -> (window: XvfbSession.TestWindow, frame: Rect, daemon: Child) {
        let w = try x.openWindow(class: "Canvas", title: "canvas", geometry: geometry)
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: Self.previewConfig(swipe, action))
        #expect(daemon.output!.wait { $0.contains("feedback on: previews") } != nil, "\(daemon.output!.lines.suffix(10))")
        try waitForThePopupToGo(x, over: frame)
        return (w, frame, daemon)
    }

    /// Waits until openbox's desktop-name popup (shown in the middle of the screen after its
    /// start-up) is gone and `frame`'s window is what is there.
    func waitForThePopupToGo(_ x: XvfbSession, over frame: Rect) throws {
        let canvasFrame = try #require(x.server.topLevelWindow(at: Point(x: frame.x + 10, y: frame.y + 10)))
        #expect(x.poll { x.server.topLevelWindow(at: Point(x: 640, y: 400)) == canvasFrame })
    }

    func isMaximized(_ x: XvfbSession, _ w: XWindowID) -> Bool {
        x.server.numbers(w, "_NET_WM_STATE")?.contains(x.server.atom("_NET_WM_STATE_MAXIMIZED_VERT")) == true
    }

    /// The x of the outline's left edge on row `y` (its first overlay pixel left of `limit`).
    func outlineLeft(_ shot: Screenshot, row y: Double, before limit: Double) -> Double? {
        stride(from: 0.0, to: limit, by: 1).first { shot.color($0, y) == Self.overlayColor }
    }

    @Test func aMaximizePreviewGrowsWithTheFingersAndTheWindowMaximizesOnlyAtTheLift() throws {
        let x = try XvfbSession()
        let (w, frame, daemon) = try startPreviewing(x, "direction: up", "window: maximize")
        let start = Point(x: frame.midX, y: frame.midY + 60)
        x.pointerPress(at: start)
        var lefts: [Double] = []
        // The outline's left edge runs from the window's (progress 0) to the monitor's (1):
        // at progress p it is at frame.x × (1 − p) on the 1280 × 800 screen.
        for (travel, name) in [(60.0, "quarter"), (120, "half"), (180, "past")] {
            drag(x, from: start, Vector(dx: 0, dy: -1), by: travel, startingAt: lefts.isEmpty ? 0 : [60.0, 120][lefts.count - 1])
            let expected = (frame.x * (1 - travel / 240)).rounded()
            let shot = try screenshot(x) { outlineLeft($0, row: frame.midY, before: frame.x + 10) == expected }
            try shot.savePNG("\(try keepDirectory())/preview-maximize-\(name).png", cut: (0, 0, 1280, 800))
            let left = try #require(outlineLeft(shot, row: frame.midY, before: frame.x + 10), "\(name): no outline")
            #expect(left == expected, "\(name): the outline's left edge at \(left), expected \(expected)")
            // The outline is 6 px wide, the window inside it untouched.
            #expect(shot.color(left + 5, frame.midY) == Self.overlayColor && shot.color(left + 7, frame.midY) != Self.overlayColor)
            #expect(shot.color(frame.midX, frame.midY) == Self.white)
            #expect(!isMaximized(x, w.id), "\(name): nothing done while the finger is down")
            lefts.append(left)
        }
        #expect(lefts[0] > lefts[1] && lefts[1] > lefts[2], "it grows: \(lefts)")
        x.pointerRelease()
        #expect(daemon.output!.wait { $0.contains("gesture previewed: lifted at 75%, past 50%: fires") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { isMaximized(x, w.id) }, "maximized at the lift")
        #expect(x.poll { overlay(x)?.mapped == false }, "the preview is gone")
        let after = try screenshot(x)
        #expect(after.count(of: Self.overlayColor) == 0, "nothing of the outline left on screen")
    }

    @Test func broughtBackUnderTheCommitPointTheGestureIsCancelledAndTheScreenIsAsBefore() throws {
        let x = try XvfbSession()
        let (w, frame, daemon) = try startPreviewing(x, "direction: up", "window: maximize")
        let before = try screenshot(x)
        let start = Point(x: frame.midX, y: frame.midY + 60)
        x.pointerPress(at: start)
        drag(x, from: start, Vector(dx: 0, dy: -1), by: 180)
        let far = (frame.x * (1 - 180.0 / 240)).rounded()
        _ = try screenshot(x) { outlineLeft($0, row: frame.midY, before: frame.x + 10) == far }
        // Back to 40 px up: a sixth of the way, under the commit point.
        drag(x, from: start, Vector(dx: 0, dy: -1), by: 40, startingAt: 180)
        let near = (frame.x * (1 - 40.0 / 240)).rounded()
        let reversed = try screenshot(x) { outlineLeft($0, row: frame.midY, before: frame.x + 10) == near }
        try reversed.savePNG("\(try keepDirectory())/preview-maximize-reversed.png", cut: (0, 0, 1280, 800))
        #expect(outlineLeft(reversed, row: frame.midY, before: frame.x + 10) == near, "the outline shrank back with the finger")
        x.pointerRelease()
        #expect(daemon.output!.wait { $0.contains("gesture previewed: cancelled at 17% (50% needed): no action") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { overlay(x)?.mapped == false })
        let after = try screenshot(x) { $0.differingPixels(from: before) == 0 }
        #expect(after.differingPixels(from: before) == 0, "every pixel as before the drag")
        #expect(!isMaximized(x, w.id), "taken back: not maximized")
        #expect(!daemon.output!.lines.contains { $0.contains("\"kind\":\"action\"") })
    }

    @Test func aDesktopPreviewArrowSlidesInAndTheDesktopChangesAtTheLift() throws {
        let x = try XvfbSession()
        let (_, frame, daemon) = try startPreviewing(x, "direction: left", "desktop: next", geometry: "600x400+340+200")
        let start = Point(x: frame.midX + 200, y: frame.midY)
        x.pointerPress(at: start)
        // Half way (120 px left): the 200 px arrow, pointing right, half way in from the right
        // edge: its middle at 1010 (from 1380, just off screen, to 640).
        drag(x, from: start, Vector(dx: -1, dy: 0), by: 120)
        let half = try screenshot(x) { $0.color(1010, 400) == Self.overlayColor }
        try half.savePNG("\(try keepDirectory())/preview-desktop-half.png", cut: (0, 0, 1280, 800))
        #expect(half.color(1010, 400) == Self.overlayColor && half.color(1100, 400) == Self.overlayColor)
        #expect(half.color(640, 400) != Self.overlayColor && half.color(880, 400) != Self.overlayColor, "not in the middle yet")
        #expect(x.poll { WindowTracker(server: x.server).currentDesktop == 0 }, "still on the first desktop")
        drag(x, from: start, Vector(dx: -1, dy: 0), by: 200, startingAt: 120)
        x.pointerRelease()
        #expect(daemon.output!.wait { $0.contains("\"action\":\"desktop next\"") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { WindowTracker(server: x.server).currentDesktop == 1 })
        #expect(x.poll { overlay(x)?.mapped == false }, "the preview is gone")
    }

    @Test func underACompositorThePreviewIsARGBAndFaintUntilLiftingWouldFire() throws {
        let x = try XvfbSession()
        // Nothing composites here, so the server shows the overlay's premultiplied pixels as
        // they are: a fainter preview is a darker blue.
        standInForACompositingManager(x)
        let (w, frame, daemon) = try startPreviewing(x, "direction: up", "window: maximize")
        let start = Point(x: frame.midX, y: frame.midY + 60)
        x.pointerPress(at: start)
        drag(x, from: start, Vector(dx: 0, dy: -1), by: 60)
        let quarterLeft = (frame.x * 0.75).rounded()
        let isOutline = { (c: Screenshot.Color) in c != Self.white && c.blue > c.red && c.blue > 20 }
        let faint = try screenshot(x) { isOutline($0.color(quarterLeft + 2, frame.midY)) }
        #expect(overlay(x)?.depth == 32, "an ARGB visual")
        drag(x, from: start, Vector(dx: 0, dy: -1), by: 180, startingAt: 60)
        let pastLeft = (frame.x * 0.25).rounded()
        let strong = try screenshot(x) { isOutline($0.color(pastLeft + 2, frame.midY)) }
        let before = faint.color(quarterLeft + 2, frame.midY), after = strong.color(pastLeft + 2, frame.midY)
        #expect(isOutline(before) && isOutline(after), "\(before) \(after)")
        #expect(after.blue > before.blue + 40, "twice as opaque past the commit point: \(before) then \(after)")
        x.pointerRelease()
        #expect(x.poll { isMaximized(x, w.id) })
        #expect(x.poll { overlay(x)?.mapped == false })
    }
}
