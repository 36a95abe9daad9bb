import Testing
@testable import GestureEngine
@testable import GestureProfiles

/// `fire: at-lift` and `preview: true` (Touchégg's `action_execute_threshold` model): the
/// action's progress follows the fingers, and the action fires when they lift past the commit
/// point, never before, and not at all when they come back under it or lift short. Driven
/// like the daemon drives it: frames of touches through a ``GestureSession`` on a manual
/// clock. The thresholds are the built-in ones: whole at 240 px, commit at half (120 px).
@Suite struct ActionPreviewTests {
    /// A profile made live through a session, fed frames of three fingers 60 px apart.
    final class Hand {
        let clock = ManualClock()
        let session: GestureSession
        let sink = RecordingSink()
        var changes: [String] = []
        var ms = 0.0
        var fingers: [Point] = []

        init(_ gestures: String) throws {
            let yaml = "version: 1\nprofiles:\n  - name: desktop\n    match: any\n    gestures:\n" + gestures
            session = try liveSession(yaml, clock: clock)
            session.runtime.sink = sink
            session.runtime.pendingActionChanged = { [unowned self] in self.changes.append($0.progressLine) }
        }

        var pending: ProfileRuntime.PendingAction? { session.runtime.pendingActions.first }
        var progress: Double? { pending?.preview.progress }

        func frame(_ phase: TouchPhase) {
            clock.advance(to: Instant(milliseconds: ms))
            let frame = TouchFrame(time: Instant(milliseconds: ms), touches: fingers.enumerated().map { i, p in
                TouchPoint(id: TouchID(Int64(i + 1)), phase: phase, location: p)
            })
            session.handle(.touches(frame), at: frame.time)
        }

        func land(_ count: Int = 3, at p: Point = Point(x: 800, y: 700)) {
            fingers = (0..<count).map { Point(x: p.x + Double($0) * 60, y: p.y) }
            frame(.began)
        }

        /// Moves every finger by (dx, dy) in steps of at most 10 px, a frame each 16 ms.
        func move(dx: Double = 0, dy: Double = 0) {
            let steps = max(1, Int((max(abs(dx), abs(dy)) / 10).rounded(.up)))
            for _ in 0..<steps {
                ms += 16
                fingers = fingers.map { Point(x: $0.x + dx / Double(steps), y: $0.y + dy / Double(steps)) }
                frame(.moved)
            }
        }

        func lift() {
            ms += 16
            frame(.ended)
        }
    }

    static let maximize = """
              - name: maximize
                swipe: { direction: up, touches: 3 }
                action: { window: maximize }
                preview: true

        """

    @Test func theProgressGrowsWithTravelAndTheActionFiresOnlyAtTheLiftPastTheCommitPoint() throws {
        let hand = try Hand(Self.maximize)
        hand.land()
        hand.move(dy: -40)
        #expect(hand.pending == nil, "not recognized yet (50 px)")
        hand.move(dy: -20)  // 60 px: a quarter of 240
        #expect(hand.progress == 0.25)
        #expect(hand.pending?.preview.isPastCommit == false)
        hand.move(dy: -60)  // 120 px: half, the commit point
        #expect(hand.progress == 0.5)
        hand.move(dy: -60)  // 180 px: past it
        #expect(hand.progress == 0.75 && hand.pending?.preview.isPastCommit == true)
        hand.move(dy: -200)
        #expect(hand.progress == 1, "whole at 240 px and beyond")
        #expect(hand.sink.lines == [], "nothing fires while the fingers are down")
        hand.lift()
        #expect(hand.sink.lines == ["maximize recognized: window maximize"])
        #expect(hand.sink.requests.first?.time == Instant(milliseconds: hand.ms), "at the lift")
        #expect(hand.pending == nil)
        // Told when it started waiting (recognized at 50 px: 21 %) and when it fired.
        #expect(hand.changes == ["maximize following 21%", "maximize committed 100%"])
    }

    @Test func comingBackUnderTheCommitPointAndLiftingCancels() throws {
        let hand = try Hand(Self.maximize)
        hand.land()
        hand.move(dy: -180)
        #expect(hand.progress == 0.75)
        hand.move(dy: 130)  // back to 50 px up
        #expect(hand.progress.map { abs($0 - 50.0 / 240) < 1e-9 } == true, "the preview shrinks back with the fingers")
        hand.lift()
        #expect(hand.sink.lines == [], "taken back: no action")
        #expect(hand.changes.last == "maximize cancelled 21%")
        #expect(hand.pending == nil)
    }

    @Test func goingPastTheStartTheOtherWayCountsAsNoTravel() throws {
        let hand = try Hand(Self.maximize)
        hand.land()
        hand.move(dy: -70)
        hand.move(dy: 150)  // 80 px below where they landed
        #expect(hand.progress == 0)
        hand.lift()
        #expect(hand.sink.lines == [])
    }

    @Test func liftingShortOfTheCommitPointCancels() throws {
        let hand = try Hand(Self.maximize)
        hand.land()
        hand.move(dy: -100)  // recognized at 50, lifted at 100 of the 120 needed
        hand.lift()
        #expect(hand.sink.lines == [])
        #expect(hand.changes.last == "maximize cancelled 42%")
    }

    @Test func aTouchTheDeviceCancelsCancelsTheAction() throws {
        let hand = try Hand(Self.maximize)
        hand.land()
        hand.move(dy: -200)
        hand.ms += 16
        hand.frame(.cancelled)
        #expect(hand.sink.lines == [])
        #expect(hand.changes.last?.hasPrefix("maximize cancelled") == true)
    }

    @Test func atRecognitionFiresAsTodayAndNothingWaits() throws {
        let hand = try Hand(Self.maximize.replacingOccurrences(of: "preview: true", with: "fire: at-recognition"))
        hand.land()
        hand.move(dy: -60)
        #expect(hand.sink.lines == ["maximize recognized: window maximize"], "fired the moment it was recognized")
        #expect(hand.pending == nil)
        hand.move(dy: 100)
        hand.lift()
        #expect(hand.sink.lines.count == 1, "taking it back changes nothing")
    }

    @Test func atLiftWithoutAPreviewWaitsAllTheSame() throws {
        let hand = try Hand(Self.maximize.replacingOccurrences(of: "preview: true", with: "fire: at-lift"))
        hand.land()
        hand.move(dy: -150)
        #expect(hand.sink.lines == [] && hand.pending?.showsPreview == false)
        hand.lift()
        #expect(hand.sink.lines == ["maximize recognized: window maximize"])
    }

    @Test func aPinchOpeningPastTheCommitPointFiresAtTheLiftAndOneClosingBackDoesNot() throws {
        let spread = """
              - name: fullscreen
                pinch: { touches: 2, direction: out }
                action: { window: fullscreen }
                preview: true

        """
        // Two fingers 200 px apart spreading to 320: scale 1.6, log2(1.6) = 68 % of the way to double.
        let hand = try Hand(spread)
        hand.fingers = [Point(x: 800, y: 500), Point(x: 1000, y: 500)]
        hand.frame(.began)
        for _ in 0..<12 {
            hand.ms += 16
            hand.fingers = [Point(x: hand.fingers[0].x - 5, y: 500), Point(x: hand.fingers[1].x + 5, y: 500)]
            hand.frame(.moved)
        }
        let progress = try #require(hand.progress)
        #expect(progress > 0.6 && progress < 0.75, "\(progress)")
        #expect(hand.sink.lines == [])
        hand.lift()
        #expect(hand.sink.lines == ["fullscreen ended: window fullscreen"])

        let back = try Hand(spread)
        back.fingers = [Point(x: 800, y: 500), Point(x: 1000, y: 500)]
        back.frame(.began)
        for dx in [-5.0, -5, -5, -5, -5, -5, -5, -5, 5, 5, 5, 5, 5, 5] {
            back.ms += 16
            back.fingers = [Point(x: back.fingers[0].x + dx, y: 500), Point(x: back.fingers[1].x - dx, y: 500)]
            back.frame(.moved)
        }
        #expect((back.progress ?? 1) < 0.5, "\(String(describing: back.progress))")
        back.lift()
        #expect(back.sink.lines == [], "closed back under the commit point")
    }

    @Test func theMeasureOfAPinch() {
        let out = ActionPreview.Measure.spread(.out, factor: 2)
        #expect(ActionPreview.progress(of: out, translation: .zero, scale: 2) == 1)
        #expect(ActionPreview.progress(of: out, translation: .zero, scale: 0.5) == 0)
        #expect(abs(ActionPreview.progress(of: .spread(.in, factor: 2), translation: .zero, scale: 0.5 .squareRoot()) - 0.5) < 1e-9)
        #expect(ActionPreview.progress(of: .spread(.any, factor: 2), translation: .zero, scale: 0.5) == 1)
    }

    @Test func aDecidedPreviewIgnoresLaterFrames() {
        var p = ActionPreview(.travel(.left, distance: 200), commit: 0.5, at: .zero)
        p.follow(translation: Vector(dx: -150, dy: 0), scale: 1, at: Instant(milliseconds: 10))
        #expect(p.lift(at: Instant(milliseconds: 20)) == .committed)
        p.follow(translation: .zero, scale: 1, at: Instant(milliseconds: 30))
        #expect(p.progress == 0.75 && p.phase == .committed && p.lift(at: Instant(milliseconds: 40)) == .committed)
    }

    // MARK: The file

    @Test func mistakesAreErrorsAtTheirPlace() {
        func errors(_ gesture: String) -> [String] {
            ProfileLoader.load(yaml: "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n" + gesture, path: "t.yaml").diagnostics.map(\.description)
        }
        #expect(errors("      - name: t\n        tap: {}\n        action: { window: close }\n        preview: true\n")
            == ["t.yaml:9:9: 'preview' is for swipe and pinch gestures (their travel decides at the lift); 't' is neither"])
        #expect(errors("      - name: s\n        swipe: { direction: up }\n        action: { window: close }\n        preview: true\n        fire: at-recognition\n").first?
            .contains("'fire: at-recognition' would perform it before the preview is shown") == true)
        #expect(errors("      - name: s\n        swipe: { direction: up }\n        action: { window: close }\n        fire: at-lfit\n").first?
            .contains("did you mean 'at-lift'") == true)
        #expect(errors("      - name: s\n        swipe: { direction: up }\n        on: { recognized: { log: x } }\n        fire: at-lift\n").first?
            .contains("fires at the lift but has no 'action'") == true)
        // Loaded, with a warning: a preview of keys shows nothing.
        #expect(errors("      - name: s\n        swipe: { direction: up, touches: 3 }\n        action: { keys: ctrl+w }\n        preview: true\n")
            == ["t.yaml:9:9: warning: gesture 's': a preview draws window and desktop actions only, and its action has none: nothing is shown while it waits for the lift (write 'fire: at-lift' instead)"])
        #expect(errors("      - name: s\n        swipe: { direction: up, touches: 3 }\n        action: [{ keys: ctrl+w }, { window: close }]\n        preview: true\n") == [])
    }

    @Test func theBuiltInProfilePreviewsItsDesktopSwipes() throws {
        let file = try #require(ProfileLoader.load(yaml: defaultProfileYAML, path: "<built-in>").file)
        // The desktop's gestures (the conventions of programs without touch have no preview).
        let screen = file.screenProfiles.filter { $0.match.programTouch == nil }.flatMap(\.gestures)
        #expect(!screen.isEmpty && screen.allSatisfy { $0.preview && $0.firesAtLift }, "\(screen.map { ($0.name, $0.preview) })")
    }
}
