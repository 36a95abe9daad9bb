import Testing
@testable import GestureEngine
@testable import GestureProfiles

/// `preview: true` and `fire:` on touchpad bindings: once the driver's swipe has a direction
/// (20 px of its deltas) or its pinch a way (10 % of scale), the binding's action waits for
/// the end with a progress that follows the deltas toward `preview.touchpadDistance` (500) or
/// the scale toward `preview.pinchScale` (2), and fires at the end past `preview.commit`
/// (half) — never before, and not at all when the fingers come back under it, lift short,
/// the driver cancels the gesture, or another direction wins. Driven as the daemon drives it:
/// touchpad events through a ``GestureSession`` on a manual clock, each test asserting the
/// whole ordered trace of what happened (actions waiting, fired, dropped).
@Suite struct TouchpadPreviewTests {
    static let bindings = """
              - name: tp-next
                swipe: { fingers: 3, direction: left }
                action: { desktop: next }
                preview: true
              - name: tp-previous
                swipe: { fingers: 3, direction: right }
                action: { desktop: previous }
                preview: true
              - name: tp-maximize
                swipe: { fingers: 3, direction: up }
                action: { window: toggle-maximize }
                fire: at-recognition
              - name: tp-minimize
                swipe: { fingers: 3, direction: down }
                action: { window: minimize }
              - name: tp-close
                pinch: { fingers: 3, direction: in }
                action: { window: close }
                preview: true
              - name: tp-fullscreen
                pinch: { fingers: 3, direction: out }
                action: { window: fullscreen }
                fire: at-lift

        """

    /// A profile made live through a session, fed the driver's touchpad events 10 ms apart;
    /// `trace` is everything the runtime did, in order: `fire NAME STATE: ACTION` for an
    /// action performed, `NAME PHASE N%` when an action starts waiting or is decided.
    final class Pad: ActionSink {
        let clock = ManualClock()
        let session: GestureSession
        var trace: [String] = []
        var requests: [ActionRequest] = []
        var ms = 0.0

        init(_ bindings: String = TouchpadPreviewTests.bindings, settings: String = "") throws {
            let yaml = "version: 1\n" + settings + "profiles:\n  - name: desktop\n    match: any\n    touchpad:\n" + bindings
            session = try liveSession(yaml, clock: clock)
            session.runtime.sink = self
            session.runtime.pendingActionChanged = { [unowned self] in self.trace.append($0.progressLine) }
        }

        func perform(_ request: ActionRequest) {
            requests.append(request)
            trace.append("fire \(request.gesture) \(request.state): \(request.action)" + (request.window.map { " @\($0.id)" } ?? ""))
        }

        var pending: ProfileRuntime.PendingAction? { session.runtime.pendingActions.first }
        var progress: Double? { pending?.preview.progress }

        private func send(_ e: TouchpadEvent) {
            ms += 10
            clock.advance(to: Instant(milliseconds: ms))
            session.handle(.touchpad(e), at: Instant(milliseconds: ms))
        }

        private var kind = TouchpadBinding.Kind.swipe
        private var fingers = 3

        func begin(_ kind: TouchpadBinding.Kind = .swipe, fingers: Int = 3) {
            self.kind = kind
            self.fingers = fingers
            send(TouchpadEvent(gesture: kind, phase: .begin, fingers: fingers))
        }

        /// Swipe updates of at most 12.5 px each, adding up to (dx, dy).
        func swipe(dx: Double = 0, dy: Double = 0) {
            let steps = max(1, Int((max(abs(dx), abs(dy)) / 12.5).rounded(.up)))
            for _ in 0..<steps {
                var u = TouchpadEvent(gesture: .swipe, phase: .update, fingers: fingers)
                u.dx = dx / Double(steps)
                u.dy = dy / Double(steps)
                send(u)
            }
        }

        /// Pinch updates at each of `scales` (the driver's scale is since the begin).
        func pinch(_ scales: Double...) {
            for s in scales {
                var u = TouchpadEvent(gesture: .pinch, phase: .update, fingers: fingers)
                u.scale = s
                send(u)
            }
        }

        func end(cancelled: Bool = false) {
            var e = TouchpadEvent(gesture: kind, phase: .end, fingers: fingers)
            e.cancelled = cancelled
            send(e)
        }
    }

    // MARK: Swipes

    @Test func theProgressFollowsTheDeltasAndTheActionFiresAtTheEndPastTheCommitPoint() throws {
        let pad = try Pad()
        pad.begin()
        pad.swipe(dx: -12.5)
        #expect(pad.pending == nil, "no direction yet (12.5 of the 20 px)")
        pad.swipe(dx: -112.5)  // 125: a quarter of 500
        #expect(pad.progress == 0.25 && pad.pending?.showsPreview == true && pad.pending?.preview.isPastCommit == false)
        pad.swipe(dx: -125)  // 250: half, the commit point
        #expect(pad.progress == 0.5 && pad.pending?.preview.isPastCommit == true)
        pad.swipe(dx: -125)  // 375: past it
        #expect(pad.progress == 0.75)
        #expect(pad.requests.isEmpty, "nothing fires while the fingers are down")
        pad.end()
        #expect(pad.trace == ["tp-next following 5%", "tp-next committed 75%", "fire tp-next ended: desktop next"])
        #expect(pad.requests.first?.time == Instant(milliseconds: pad.ms), "at the end, by the event's time")
        #expect(pad.pending == nil)
    }

    @Test func comingBackUnderTheCommitPointAndEndingCancels() throws {
        let pad = try Pad()
        pad.begin()
        pad.swipe(dx: -375)
        #expect(pad.progress == 0.75)
        pad.swipe(dx: 275)  // back to 100 px left: a fifth
        #expect(pad.progress.map { abs($0 - 0.2) < 1e-9 } == true, "the preview shrinks back with the fingers")
        pad.end()
        #expect(pad.trace == ["tp-next following 5%", "tp-next cancelled 20%"])
    }

    @Test func endingShortOfTheCommitPointCancels() throws {
        let pad = try Pad()
        pad.begin()
        pad.swipe(dx: -200)
        pad.end()
        #expect(pad.trace == ["tp-next following 5%", "tp-next cancelled 40%"])
    }

    @Test func aGestureTheDriverCancelsCancelsTheActionWhereverItWas() throws {
        let pad = try Pad()
        pad.begin()
        pad.swipe(dx: -400)
        pad.end(cancelled: true)  // a fourth finger landed
        #expect(pad.trace == ["tp-next following 5%", "tp-next cancelled 80%"])
    }

    @Test func anotherDirectionWinningCancelsTheFirstAndItsOwnBindingWaitsInstead() throws {
        let pad = try Pad()
        pad.begin()
        pad.swipe(dx: -100)
        // Back through the start: under 20 px from it no direction wins, and the left one
        // waits on at no progress; 20 px to the right, right wins.
        for _ in 0..<10 { pad.swipe(dx: 10) }
        #expect(pad.pending?.gesture == "tp-next" && pad.progress == 0)
        pad.swipe(dx: 10)
        #expect(pad.pending?.gesture == "tp-next", "10 px right: no direction yet")
        pad.swipe(dx: 10)
        #expect(pad.pending?.gesture == "tp-previous")
        pad.swipe(dx: 280)  // 300 px right
        pad.end()
        #expect(pad.trace == ["tp-next following 5%", "tp-next cancelled 0%", "tp-previous following 4%",
                              "tp-previous committed 60%", "fire tp-previous ended: desktop previous"])
    }

    @Test func aDirectionBoundToNoWaitingBindingCancelsTooAndFiresAsBeforeAtTheEnd() throws {
        let pad = try Pad()
        pad.begin()
        pad.swipe(dx: -50)
        pad.swipe(dy: 300)  // down dominates: tp-minimize, which fires at the end as it always did
        pad.end()
        #expect(pad.trace == ["tp-next following 5%", "tp-next cancelled 10%", "fire tp-minimize ended: window minimize"])
    }

    @Test func atRecognitionFiresOnceTheSwipeGoesItsWayAndNothingTakesItBack() throws {
        let pad = try Pad()
        pad.begin()
        pad.swipe(dy: -12.5)
        #expect(pad.requests.isEmpty)
        pad.swipe(dy: -12.5)  // 25 px up: a direction
        #expect(pad.trace == ["fire tp-maximize began: window toggle-maximize"])
        #expect(pad.requests.first?.time == Instant(milliseconds: pad.ms), "at that update")
        pad.swipe(dy: -200)
        pad.end()
        #expect(pad.trace.count == 1, "once, and the end fires nothing more: \(pad.trace)")
        #expect(pad.pending == nil)
    }

    @Test func bindingsWithoutFireFireAtTheEndAsBeforeAndNothingWaits() throws {
        let pad = try Pad()
        pad.begin()
        pad.swipe(dy: 60)
        #expect(pad.pending == nil && pad.requests.isEmpty)
        pad.end()
        #expect(pad.trace == ["fire tp-minimize ended: window minimize"])
    }

    @Test func aDiagonalFollowsItsOwnLineAndABindingForAnyDirectionTheWayTheSwipeWent() throws {
        let pad = try Pad("""
                  - { name: tp-corner, swipe: { fingers: 4, direction: up-left }, action: { desktop: up-left }, preview: true }
                  - { name: tp-any, swipe: { fingers: 3 }, action: { desktop: show }, preview: true }

            """)
        pad.begin(fingers: 4)
        pad.swipe(dx: -200, dy: -200)  // 283 px along the diagonal
        #expect(pad.progress.map { abs($0 - 200 * 2.0.squareRoot() / 500) < 1e-9 } == true, "\(String(describing: pad.progress))")
        pad.end()
        #expect(pad.trace == ["tp-corner following 7%", "tp-corner committed 57%", "fire tp-corner ended: desktop up-left"])

        pad.trace = []
        pad.begin()
        pad.swipe(dy: 300)
        if case .travel(let d, distance: 500)? = pad.pending?.preview.measure { #expect(d == .down) } else { Issue.record("\(String(describing: pad.pending?.preview.measure))") }
        pad.swipe(dx: -400)  // now left dominates: the same binding, another direction
        pad.end()
        #expect(pad.trace == ["tp-any following 5%", "tp-any cancelled 60%", "tp-any following 63%", "tp-any committed 80%", "fire tp-any ended: desktop show"])
    }

    @Test func theActionActsOnTheWindowUnderThePointerAtTheBegin() throws {
        let pad = try Pad()
        pad.session.handle(.window(WindowUpdate(WindowInfo(id: 7, windowClass: "a", frame: Rect(x: 100, y: 100, width: 400, height: 300)))), at: .zero)
        pad.session.handle(.pointer(phase: .motion, button: nil, location: Point(x: 300, y: 250)), at: .zero)
        pad.begin(.pinch)
        pad.pinch(0.95, 0.88)
        #expect(pad.pending?.window?.id == 7 && pad.pending?.origin == Point(x: 300, y: 250))
        pad.pinch(0.6)
        pad.end()
        #expect(pad.trace == ["tp-close following 18%", "tp-close committed 74%", "fire tp-close ended: window close @7"])
    }

    // MARK: Pinches

    @Test func aPinchWaitsOnceItHasAWayAndFollowsItsScale() throws {
        let pad = try Pad()
        pad.begin(.pinch)
        pad.pinch(0.98, 0.95)
        #expect(pad.pending == nil, "within 10 % of the start: no way yet")
        pad.pinch(0.88)
        #expect(pad.pending?.gesture == "tp-close")
        pad.pinch(0.84)  // 2^-0.25: a quarter of the way to half
        #expect(pad.progress.map { abs($0 - 0.25) < 0.01 } == true)
        pad.pinch(0.7, 0.6)  // back
        pad.pinch(0.85)  // opened back under the commit point (0.71)
        pad.end()
        #expect(pad.trace == ["tp-close following 18%", "tp-close cancelled 23%"])
    }

    @Test func aPinchThatTurnsFromInToOutWaitsWithTheOtherBinding() throws {
        let pad = try Pad()
        pad.begin(.pinch)
        pad.pinch(0.88, 0.8, 1, 1.2, 1.5)
        #expect(pad.pending?.gesture == "tp-fullscreen" && pad.pending?.showsPreview == false, "fire: at-lift waits and draws nothing")
        pad.end()
        #expect(pad.trace == ["tp-close following 18%", "tp-close cancelled 0%", "tp-fullscreen following 26%",
                              "tp-fullscreen committed 58%", "fire tp-fullscreen ended: window fullscreen"])
    }

    @Test func aDriverCancelledPinchFiresNothing() throws {
        let pad = try Pad()
        pad.begin(.pinch)
        pad.pinch(0.88, 0.5)
        pad.end(cancelled: true)
        #expect(pad.trace == ["tp-close following 18%", "tp-close cancelled 100%"])
    }

    // MARK: Settings, reloads, the built-in profile

    @Test func theDistanceAndTheCommitPointAreSettings() throws {
        let pad = try Pad(settings: "settings:\n  preview: { touchpadDistance: 200, commit: 0.2 }\n")
        pad.begin()
        pad.swipe(dx: -50)
        #expect(pad.progress == 0.25)
        pad.end()
        #expect(pad.trace == ["tp-next following 13%", "tp-next committed 25%", "fire tp-next ended: desktop next"])
    }

    @Test func aReloadDropsTheWaitingActionAndTheGestureUnderWayWaitsNoMore() throws {
        let pad = try Pad()
        pad.begin()
        pad.swipe(dx: -300)
        let file = try #require(ProfileLoader.load(yaml: "version: 1\nprofiles:\n  - name: d\n    match: any\n    touchpad:\n" + Self.bindings, path: "t.yaml").file)
        pad.session.runtime.apply(file)
        pad.swipe(dx: -100)
        #expect(pad.pending == nil)
        pad.end()
        #expect(pad.trace == ["tp-next following 5%", "tp-next cancelled 60%"])
    }

    @Test func aBeginWithoutThePreviousEndDropsTheActionThatWaited() throws {
        let pad = try Pad()
        pad.begin()
        pad.swipe(dx: -300)
        pad.begin()  // the driver's end never came
        pad.swipe(dx: 100)
        pad.end()
        #expect(pad.trace == ["tp-next following 5%", "tp-next cancelled 60%", "tp-previous following 5%", "tp-previous cancelled 20%"])
    }

    @Test func theBuiltInProfilePreviewsItsTouchpadSwipes() throws {
        let file = try #require(ProfileLoader.load(yaml: defaultProfileYAML, path: "<built-in>").file)
        let touchpad = file.screenProfiles.flatMap(\.touchpad)
        #expect(touchpad.count == 4 && touchpad.allSatisfy { $0.preview && $0.firesAtLift }, "\(touchpad.map { ($0.name, $0.preview) })")
    }
}

extension TouchpadPreviewTests {
    static func diagnostics(_ binding: String) -> [String] {
        ProfileLoader.load(yaml: "version: 1\nprofiles:\n  - name: d\n    match: any\n    touchpad:\n" + binding, path: "t.yaml").diagnostics.map(\.description)
            .filter { !$0.contains("bound to nothing") }  // the claim warning, tested elsewhere
    }

    @Test func mistakesInFireAndPreviewAreErrorsAtTheirPlace() {
        let d = Self.diagnostics
        #expect(d("      - { name: a, swipe: { fingers: 3, direction: left }, action: { desktop: next }, fire: at-lfit }\n")
            == ["t.yaml:6:93: unknown fire 'at-lfit' (did you mean 'at-lift'?); expected one of: at-recognition, at-lift"])
        #expect(d("      - { name: a, swipe: { fingers: 3, direction: left }, action: { desktop: next }, preview: sure }\n")
            == ["t.yaml:6:96: preview must be true or false, not 'sure'"])
        #expect(d("      - { name: a, swipe: { fingers: 3, direction: left }, action: { desktop: next }, previw: true }\n")
            == ["t.yaml:6:87: unknown key 'previw' in a touchpad binding (did you mean 'preview'?)"])
        #expect(d("      - { name: a, swipe: { fingers: 3, direction: left }, action: { desktop: next }, preview: true, fire: at-recognition }\n")
            == ["t.yaml:6:108: touchpad binding 'a' has a preview, so its action waits for the lift: 'fire: at-recognition' would perform it before the preview is shown (use 'fire: at-lift', or no preview)"])
        #expect(d("      - { name: a, pinch: { fingers: 2, direction: clockwise }, action: { window: close }, preview: true }\n")
            == ["t.yaml:6:92: touchpad binding 'a' is a rotation (clockwise), which has no travel or spread to preview: 'preview' is for swipes and pinches in, out or any"])
        #expect(d("      - { name: a, pinch: { fingers: 2, direction: counterclockwise }, action: { window: close }, fire: at-lift }\n")
            == ["t.yaml:6:105: touchpad binding 'a' is a rotation (counterclockwise), which has no travel or spread to decide at the lift: 'fire: at-lift' is for swipes and pinches in, out or any"])
        #expect(d("      - { name: a, swipe: { fingers: 3, direction: left }, on: { ended: { log: x } }, fire: at-lift }\n")
            == ["t.yaml:6:87: touchpad binding 'a' fires at the lift but has no 'action' to fire"])
        // Loaded, with a warning: a preview of keys shows nothing.
        #expect(d("      - { name: a, swipe: { fingers: 3, direction: left }, action: { keys: ctrl+w }, preview: true }\n")
            == ["t.yaml:6:86: warning: touchpad binding 'a': a preview draws window and desktop actions only, and its action has none: nothing is shown while it waits for the lift (write 'fire: at-lift' instead)"])
        // A rotation may fire the moment it turns far enough.
        #expect(d("      - { name: a, pinch: { fingers: 2, direction: clockwise }, action: { log: turned }, fire: at-recognition }\n") == [])
    }
}
