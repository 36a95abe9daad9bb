import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// Previews driven by the devices Xvfb has not: a touchpad's XI 2.4 swipe and a touchscreen's
/// two-finger pinch, on Xorg + dummy + inputtest (root, as the other Xorg tests), judged from
/// screenshots as `FeedbackPreviewXvfbTests` judges the pointer's: a quarter of the way, half
/// (the commit point), past it, and brought back under it; then the gesture ends there and
/// every pixel is as before it began. The overlay is the one the touchscreen's previews use,
/// whatever drives it: the window's outline on its way to where the action puts it — the
/// monitor (1280 × 800) for the touchpad's maximize, its left edge at
/// `frame.x × (1 − progress)`; a tenth of the window about its middle for the pinch's close,
/// its left edge at `frame.x + 0.45 × frame.width × progress`. The PNGs are kept in
/// `.build/screenshots/` (docs/profiles.md shows the pinch's).
@Suite(.serialized) struct PreviewInputXorgTests {
    /// The screenshot helpers of the Xvfb feedback tests (they work on any display).
    let shots = FeedbackXvfbTests()

    static let touchpadConfig = DaemonConfiguration.desktop(touchpad: """
        - name: tp-maximize
          swipe: { fingers: 3, direction: up }
          action: { window: maximize }
          preview: true
        """)

    static let pinchConfig = DaemonConfiguration.desktop(gestures: """
        - name: close
          pinch: { touches: 2, direction: in }
          action: { window: close }
          preview: true
        """)

    /// A window with the daemon running `config`, the popup gone, and a screenshot of it all.
    func start(_ config: String) throws -> (x: XvfbSession, window: XvfbSession.TestWindow, frame: Rect, daemon: Child, before: Screenshot) {
        let x = try XvfbSession(backend: .xorg)
        let w = try x.openWindow(class: "Canvas", title: "canvas", geometry: "400x300+440+300")
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: config)
        #expect(daemon.output!.wait { $0.contains("feedback on: previews") } != nil, "\(daemon.output!.lines.suffix(10))")
        try shots.waitForThePopupToGo(x, over: frame)
        // The pointer over the window: a touchpad gesture acts on the window under it.
        x.server.fakeMotion(to: Point(x: frame.midX, y: frame.midY))
        x.server.sync()
        return (x, w, frame, daemon, try shots.screenshot(x))
    }

    /// The screenshot once the outline's left edge (on the window's middle row) is within
    /// `tolerance` of `expected`; saved as `name`.
    func outline(_ x: XvfbSession, _ frame: Rect, leftAt expected: Double, tolerance: Double = 0, name: String) throws -> Double? {
        let expected = expected.rounded()
        let left = { (s: Screenshot) in shots.outlineLeft(s, row: frame.midY, before: frame.midX - 10) }
        let shot = try shots.screenshot(x) { left($0).map { abs($0 - expected) <= tolerance } ?? false }
        try shot.savePNG("\(try shots.keepDirectory())/\(name).png", cut: (0, 0, 1280, 800))
        #expect(left(shot).map { abs($0 - expected) <= tolerance } == true, "\(name): the outline's left edge at \(String(describing: left(shot))), expected \(expected)")
        #expect(shot.color(frame.midX, frame.midY) == FeedbackXvfbTests.white, "\(name): the window's middle untouched")
        return left(shot)
    }

    @Test func aTouchpadSwipePreviewFollowsTheDriversDeltasAndLeavesNothingWhenTakenBack() throws {
        let (x, w, frame, daemon, before) = try start(Self.touchpadConfig)
        let pad = try InputTestDevice(path: x.deviceSockets["touchpad"]!)
        var travelled = 0.0
        /// Swipe updates of 12.5 px of the driver's motion up (down when negative) until `to`.
        func swipe(to target: Double) throws {
            while abs(target - travelled) > 1e-9 {
                let step = target > travelled ? 12.5 : -12.5
                try pad.swipe(.update, fingers: 3, dx: 0, dy: -step)
                travelled += step
            }
        }
        try pad.swipe(.begin, fingers: 3)
        // preview.touchpadDistance is 500: a quarter at 125, half (the commit point) at 250.
        var lefts: [Double?] = []
        for (travel, name) in [(125.0, "quarter"), (250, "half"), (375, "past")] {
            try swipe(to: travel)
            lefts.append(try outline(x, frame, leftAt: frame.x * (1 - travel / 500), name: "preview-touchpad-\(name)"))
            #expect(!shots.isMaximized(x, w.id), "\(name): nothing done while the fingers are down")
        }
        #expect(lefts.compactMap { $0 } == lefts.compactMap { $0 }.sorted(by: >) && lefts.count == 3, "it grows: \(lefts)")
        try swipe(to: 100)  // back under the commit point: a fifth
        _ = try outline(x, frame, leftAt: frame.x * 0.8, name: "preview-touchpad-reversed")
        try pad.swipe(.end, fingers: 3)
        #expect(daemon.output!.wait { $0.contains("gesture tp-maximize: cancelled at 20% (50% needed): no action") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { shots.overlay(x)?.mapped == false }, "the preview is gone")
        let after = try shots.screenshot(x) { $0.differingPixels(from: before) == 0 }
        #expect(after.differingPixels(from: before) == 0, "every pixel as before the swipe")
        #expect(!shots.isMaximized(x, w.id), "taken back: not maximized")

        // The same swipe ended past the commit point maximizes the window, at the end.
        try pad.swipe(.begin, fingers: 3)
        travelled = 0
        try swipe(to: 300)
        _ = try outline(x, frame, leftAt: frame.x * 0.4, name: "preview-touchpad-committing")
        #expect(!shots.isMaximized(x, w.id))
        try pad.swipe(.end, fingers: 3)
        #expect(daemon.output!.wait { $0.contains("gesture tp-maximize: lifted at 60%, past 50%: fires") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { shots.isMaximized(x, w.id) }, "maximized at the end")
        #expect(x.poll { shots.overlay(x)?.mapped == false }, "the preview is gone")
        #expect(try shots.screenshot(x).count(of: FeedbackXvfbTests.overlayColor) == 0, "nothing of the outline left on screen")
    }

    @Test func aTouchscreenPinchPreviewFollowsTheFingersClosingAndLeavesNothingWhenTakenBack() throws {
        let (x, w, frame, daemon, before) = try start(Self.pinchConfig)
        let touch = try InputTestDevice(path: x.deviceSockets["touch"]!)
        let centre = Point(x: frame.midX, y: frame.midY + 40)
        var span = 200.0
        func fingers(_ phase: InputTestDevice.TouchPhase) throws {
            try touch.touches([(phase, 1, Point(x: centre.x - span / 2, y: centre.y)), (phase, 2, Point(x: centre.x + span / 2, y: centre.y))])
        }
        /// Closes (or opens) the fingers 8 px a frame until they are `target` apart.
        func spread(to target: Double) throws {
            while abs(target - span) > 1e-9 {
                span = target > span ? min(target, span + 8) : max(target, span - 8)
                try fingers(.update)
            }
        }
        try fingers(.begin)
        // preview.pinchScale is 2: the progress is how far the span has halved in ratios,
        // -log2 of the scale: a quarter at 2^-0.25, half (the commit point) at 2^-0.5.
        var lefts: [Double?] = []
        for (p, name) in [(0.25, "quarter"), (0.5, "half"), (0.75, "past")] {
            try spread(to: 200 * pow(2, -p))
            // Device units (65536 over the screen's width) put the fingers within 0.01 px.
            lefts.append(try outline(x, frame, leftAt: frame.x + 0.45 * frame.width * p, tolerance: 1, name: "preview-pinch-close-\(name)"))
        }
        #expect(lefts.compactMap { $0 } == lefts.compactMap { $0 }.sorted() && lefts.count == 3, "it shrinks: \(lefts)")
        try spread(to: 200 * pow(2, -0.2))  // opened back under the commit point
        _ = try outline(x, frame, leftAt: frame.x + 0.45 * frame.width * 0.2, tolerance: 1, name: "preview-pinch-close-reversed")
        try fingers(.end)
        #expect(daemon.output!.wait { $0.contains("gesture close: cancelled at 20% (50% needed): no action") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { shots.overlay(x)?.mapped == false }, "the preview is gone")
        let after = try shots.screenshot(x) { $0.differingPixels(from: before) == 0 }
        #expect(after.differingPixels(from: before) == 0, "every pixel as before the pinch")
        #expect(WindowTracker(server: x.server).info(w.id) != nil, "taken back: the window is still there")
        #expect(!daemon.output!.lines.contains { $0.contains("\"kind\":\"action\"") })
    }
}
