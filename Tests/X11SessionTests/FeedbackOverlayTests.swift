import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session

/// The feedback overlay's logic against the fake server's overlay window and hand-set instants: what it draws
/// when, that it wakes the loop only while animating, and which action draws what.
@Suite struct FeedbackOverlayTests {
    let window = Rect(x: 100, y: 100, width: 400, height: 300)
    let monitor = Rect(x: 0, y: 0, width: 1280, height: 800)
    let t0 = Instant(seconds: 10)

    /// An overlay that draws each change at once (`frameDelay` 0) unless told otherwise.
    /// The fake server's log starts after the overlay window is made.
    func make(_ settings: FeedbackSettings = FeedbackSettings(), frameDelay: Double = 0) -> (FeedbackOverlay, FakeX) {
        let x = FakeX()
        let overlay = FeedbackOverlay(settings: settings, surface: x.makeOverlay()!, frameDelay: frameDelay)
        x.log = []
        return (overlay, x)
    }

    @Test func idleItDrawsNothingAndNeverWakesTheLoop() {
        let (overlay, x) = make()
        overlay.render(at: t0)
        overlay.render(at: t0 + 5)
        #expect(x.log == [])
        #expect(overlay.nextFrame == nil)
    }

    func undecided(_ x: Double, _ y: Double, since: Instant) -> FeedbackOverlay.UndecidedTouch {
        FeedbackOverlay.UndecidedTouch(location: Point(x: x, y: y), since: since)
    }

    @Test func touchesAreMarkedWhileUndecidedAndDrawnOnlyWhenTheyChange() {
        let (overlay, x) = make()
        overlay.touches = [undecided(300, 200, since: t0 + -1.0)]
        overlay.render(at: t0)
        #expect(x.overlayShapes == [.ring(center: Point(x: 300, y: 200), radius: 22, width: 4), .disc(center: Point(x: 300, y: 200), radius: 6)])
        overlay.render(at: t0 + 0.1)
        overlay.touches = [undecided(300, 200, since: t0 + -1.0), undecided(400, 220, since: t0 + -1.0)]
        overlay.render(at: t0 + 0.2)
        overlay.touches = []
        overlay.render(at: t0 + 0.3)
        #expect(x.log == ["show overlay 2 100%", "show overlay 4 100%", "hide overlay"])
        #expect(overlay.nextFrame == nil, "touch marks need no timer: they change with events")
    }

    @Test func aTouchDecidedWithinFiftyMillisecondsNeverFlashes() {
        let (overlay, x) = make()
        #expect(overlay.touchMarkDelay == 0.05)
        // A tap: down at t0, still undecided at the turn of the loop 8 ms later.
        overlay.touches = [undecided(300, 200, since: t0)]
        overlay.render(at: t0 + 0.008)
        #expect(x.log == [], "too young to mark")
        #expect(overlay.nextFrame == t0 + 0.05, "the loop wakes when the mark would be due")
        // Decided (claimed or handed back) at 30 ms: nothing was ever shown.
        overlay.touches = []
        overlay.render(at: t0 + 0.03)
        #expect(x.log == [] && overlay.nextFrame == nil)
    }

    @Test func aTouchStillUndecidedAtFiftyMillisecondsIsMarkedThen() {
        let (overlay, x) = make()
        overlay.touches = [undecided(300, 200, since: t0)]
        overlay.render(at: t0 + 0.01)
        #expect(x.log == [])
        overlay.render(at: t0 + 0.05)
        #expect(x.log == ["show overlay 2 100%"])
        #expect(overlay.nextFrame == nil)
    }

    @Test func theRingsOfAFrameAreDrawnWhereThatFramePutEveryTouch() {
        let (overlay, x) = make()
        // Three fingers of a swipe moving together: each frame moves all three.
        for step in 0..<3 {
            let dy = Double(step) * 12
            overlay.touches = [undecided(300, 400 - dy, since: t0 + -1.0), undecided(360, 400 - dy, since: t0 + -1.0), undecided(420, 400 - dy, since: t0 + -1.0)]
            overlay.render(at: t0 + Double(step) / 60)
            let centres = x.overlayShapes.compactMap { shape -> Double? in
                if case .ring(let c, _, _) = shape { return c.y }
                return nil
            }
            #expect(centres == [400 - dy, 400 - dy, 400 - dy], "frame \(step): \(centres)")
        }
        #expect(x.log.count == 3)
    }

    @Test func aFrameOfTheFingersThatCameInTwoReadsIsDrawnOnceWhole() {
        let (overlay, x) = make(frameDelay: 0.004)
        let row = { (ys: [Double]) in ys.enumerated().map { self.undecided(300 + Double($0.offset) * 60, $0.element, since: self.t0 + -1.0) } }
        // Frame 1: all three fingers at y 400, drawn 4 ms after the change began.
        overlay.touches = row([400, 400, 400])
        overlay.render(at: t0)
        #expect(x.log == [] && overlay.nextFrame == t0 + 0.004)
        overlay.render(at: t0 + 0.004)
        #expect(x.log == ["show overlay 6 100%"])
        // Frame 2 reaches the daemon in two reads 1 ms apart: two fingers, then the third.
        overlay.touches = row([388, 388, 400])
        overlay.render(at: t0 + 0.0167)
        #expect(overlay.nextFrame == t0 + 0.0207, "not drawn with the fingers at mixed places")
        overlay.touches = row([388, 388, 388])
        overlay.render(at: t0 + 0.0177)
        overlay.render(at: t0 + 0.0207)
        #expect(x.log == ["show overlay 6 100%", "show overlay 6 100%"], "one draw for the frame")
        let ys = x.overlayShapes.compactMap { shape -> Double? in
            if case .ring(let c, _, _) = shape { return c.y }
            return nil
        }
        #expect(ys == [388, 388, 388])
        // Lifted: gone at once, no waiting.
        overlay.touches = []
        overlay.render(at: t0 + 0.03)
        #expect(x.log.last == "hide overlay" && overlay.nextFrame == nil)
    }

    @Test func touchesOffMarksNothing() {
        var settings = FeedbackSettings()
        settings.touches = false
        let (overlay, x) = make(settings)
        overlay.touches = [undecided(300, 200, since: t0 + -1.0)]
        overlay.render(at: t0)
        #expect(x.log == [])
    }

    @Test func theOutlineGrowsToTheMonitorOverTheDurationThenGoes() throws {
        let (overlay, x) = make()  // 0.3 s
        overlay.start(.outline(from: window, to: monitor), at: t0)
        #expect(overlay.nextFrame == t0, "the first frame at once")
        overlay.render(at: t0)
        #expect(x.overlayShapes == [.outline(window, width: 6)])
        #expect(overlay.nextFrame == t0 + 1.0 / 60)
        overlay.render(at: t0 + 0.15)
        guard case .outline(let middle, _) = try #require(x.overlayShapes.first) else { Issue.record("\(x.overlayShapes)"); return }
        // Eased: past half way at half the time, strictly between the two.
        #expect(middle.x < 50 && middle.x > 0 && middle.width > 840 && middle.width < 1280, "\(middle)")
        overlay.render(at: t0 + 0.29)
        #expect(overlay.nextFrame == t0 + 0.3, "the last wake-up is the end itself")
        overlay.render(at: t0 + 0.3)
        #expect(x.log.last == "hide overlay")
        #expect(overlay.nextFrame == nil && !overlay.isShowing)
        // It fades (for a compositor) in its second half.
        #expect(x.log == ["show overlay 1 100%", "show overlay 1 100%", "show overlay 1 35%", "hide overlay"])
    }

    @Test func actionsOffAnimatesNothing() {
        var settings = FeedbackSettings()
        settings.actions = false
        let (overlay, x) = make(settings)
        overlay.start(.arrow(.right, in: monitor), at: t0)
        overlay.render(at: t0)
        #expect(x.log == [] && overlay.nextFrame == nil)
    }

    @Test func theArrowPointsTheWayTheDesktopsGo() {
        let right = FeedbackAnimation.arrow(pointing: .right, at: Point(x: 640, y: 400), length: 200)
        #expect(right.map(\.x).max() == 740 && right.map(\.x).min() == 540)
        #expect(right.contains(Point(x: 740, y: 400)), "the tip")
        let up = FeedbackAnimation.arrow(pointing: .up, at: Point(x: 640, y: 400), length: 200)
        #expect(up.map(\.y).min() == 300 && up.contains(Point(x: 640, y: 300)))
        let left = FeedbackAnimation.arrow(pointing: .left, at: Point(x: 640, y: 400), length: 200)
        #expect(left.contains(Point(x: 540, y: 400)))
    }

    @Test func eachWindowAndDesktopActionHasItsAnimation() {
        let c = ActionAnimations.Context(windowFrame: window, monitor: monitor, currentDesktop: 2)
        var maximized = c
        maximized.windowMaximized = true
        let kind = { (a: ResolvedAction, c: ActionAnimations.Context) in ActionAnimations.kind(for: a, c) }
        #expect(kind(.window(.maximize, window: 1), c) == .outline(from: window, to: monitor))
        #expect(kind(.window(.toggleMaximize, window: 1), c) == .outline(from: window, to: monitor))
        #expect(kind(.window(.toggleMaximize, window: 1), maximized) == .outline(from: window, to: Rect(x: 160, y: 145, width: 280, height: 210)))
        #expect(kind(.window(.close, window: 1), c) == .outline(from: window, to: Rect(x: 280, y: 235, width: 40, height: 30)))
        #expect(kind(.window(.minimize, window: 1), c) == .outline(from: window, to: Rect(x: 260, y: 788, width: 80, height: 12)))
        #expect(kind(.window(.raise, window: 1), c) == .outline(from: Rect(x: 84, y: 84, width: 432, height: 332), to: window))
        #expect(kind(.desktop(.next), c) == .arrow(.right, in: monitor))
        #expect(kind(.desktop(.previous), c) == .arrow(.left, in: monitor))
        #expect(kind(.desktop(.number(0)), c) == .arrow(.left, in: monitor))
        #expect(kind(.desktop(.number(2)), c) == nil, "already there")
        #expect(kind(.desktop(.show), c) == .arrow(.down, in: monitor))
        #expect(kind(.window(.maximize, window: nil), ActionAnimations.Context(windowFrame: nil, monitor: monitor)) == nil)
        #expect(kind(.keys(KeyCombo(keys: ["a"])), c) == nil)
        #expect(kind(.scroll(.down, at: Point(x: 1, y: 1)), c) == nil)
    }

    @Test func afterTheActionOnlyADesktopSwitchShowsSomething() {
        let c = ActionAnimations.Context(windowFrame: window, monitor: monitor, currentDesktop: 2)
        // The window has already moved: an outline now would show what is not happening.
        for op in [WindowOperation.maximize, .toggleMaximize, .fullscreen, .minimize, .close, .unmaximize, .raise] {
            #expect(ActionAnimations.afterAction(.window(op, window: 1), c) == nil, "\(op)")
        }
        #expect(ActionAnimations.afterAction(.desktop(.next), c) == .arrow(.right, in: monitor))
    }

    // MARK: Previews

    @Test func aWindowsPreviewOutlineGoesFromTheWindowToWhereTheActionPutsIt() throws {
        let grow = FeedbackAnimation.Kind.outline(from: window, to: monitor)
        func rect(_ p: Double) -> Rect? {
            guard case .outline(let r, _)? = FeedbackPreview(grow, progress: p, pastCommit: p >= 0.5, travel: .up).shapes.first else { return nil }
            return r
        }
        #expect(rect(0) == window && rect(1) == monitor)
        let quarter = try #require(rect(0.25)), half = try #require(rect(0.5))
        #expect(quarter.width == 400 + 880 * 0.25 && half.width == 400 + 880 * 0.5 && half.contains(Point(x: quarter.x, y: quarter.y)))
    }

    @Test func aDesktopPreviewArrowSlidesInWithTheFingers() throws {
        // Fingers moving left (next desktop): the arrow comes in from the right edge to the middle.
        func tipX(_ p: Double) -> Double? {
            guard case .polygon(let points)? = FeedbackPreview(.arrow(.right, in: monitor), progress: p, pastCommit: false, travel: .left).shapes.first else { return nil }
            return points.map(\.x).max()
        }
        let length = 800.0 / 4
        #expect(tipX(0) == 1280 + length, "off screen before the fingers moved")
        #expect(tipX(1) == 640 + length / 2, "in the middle when whole")
        let half = try #require(tipX(0.5)), quarter = try #require(tipX(0.25))
        #expect(quarter > half && half > 640 + length / 2)
    }

    @Test func thePreviewIsDrawnWhileItWaitsFaintShortOfTheCommitPointAndGoneAfter() {
        let (overlay, x) = make(.previewsOnly)
        let grow = FeedbackAnimation.Kind.outline(from: window, to: monitor)
        overlay.previews = [FeedbackPreview(grow, progress: 0.25, pastCommit: false, travel: .up)]
        overlay.render(at: t0)
        overlay.previews = [FeedbackPreview(grow, progress: 0.75, pastCommit: true, travel: .up)]
        overlay.render(at: t0 + 0.016)
        overlay.previews = []
        overlay.render(at: t0 + 0.032)
        #expect(x.log == ["show overlay 1 50%", "show overlay 1 100%", "hide overlay"])
        #expect(overlay.nextFrame == nil, "previews change with the fingers, not with time")
    }
}

extension Array where Element == Point {
    /// Whether `p` is one of the polygon's corners (the tip of an arrow).
    func contains(_ p: Point) -> Bool { contains { $0.distance(to: p) < 1e-9 } }
}
