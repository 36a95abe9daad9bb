import Testing
import TestSupport
@testable import GestureEngine
@testable import GestureProfiles

@Suite struct RuntimeTests {
    let firefox = WindowInfo(id: 7, windowClass: "firefox", instance: "Navigator", title: "Mozilla Firefox", frame: Rect(x: 0, y: 0, width: 1280, height: 800), focused: true)

    @Test func configExampleComesAliveWithOneViewPerWindow() throws {
        let live = try Live(configExample)
        live.runtime.updateWindow(firefox)
        live.runtime.updateWindow(WindowInfo(id: 9, windowClass: "XTerm", instance: "xterm", title: "bash", frame: Rect(x: 1300, y: 0, width: 600, height: 400)))
        #expect(live.engine.root.subviews.map(\.path) == ["screen/browser:7", "screen/window:9"])
        #expect(live.engine.root.subviews[0].subviews.map(\.name) == ["tab-strip", "home", "volume"])
        #expect(live.engine.root.gestureRecognizers.map(\.name) == ["next-desktop", "previous-desktop", "zoom", "turn", "right-click"])
        // Regions resolve from the window's edges: volume is 32 wide at the right, 100 from top and bottom.
        #expect(live.engine.root.subviews[0].subviews[2].frame == Rect(x: 1248, y: 100, width: 32, height: 600))
    }

    @Test func singleTapWaitsForTheDoubleTapThenLogsWithPlaceholders() throws {
        let live = try Live(configExample)
        live.runtime.updateWindow(firefox)
        live.tap(1, 300, 200, at: 0)
        live.drain()
        #expect(live.sink.lines == ["tap recognized: log single tap at 300,200 @7"])
        live.tap(2, 300, 200, at: 1000)
        live.tap(3, 302, 201, at: 1150)
        live.drain()
        #expect(live.sink.lines.last == "double-tap recognized: window toggle-maximize @7")
        #expect(live.sink.lines.count == 2)
    }

    @Test func firstMatchingProfileWinsAndClassMatchesCaseInsensitively() throws {
        let yaml = """
            version: 1
            profiles:
              - name: first
                match: { class: FireFox }
                gestures:
                  - { name: a, tap: {}, action: { log: first } }
              - name: second
                match: { class: firefox }
                gestures:
                  - { name: b, tap: {}, action: { log: second } }
              - name: titled
                match: { title: "/^Docs/", type: dialog }
                gestures:
                  - { name: c, tap: {}, action: { log: "titled {window.title}" } }

            """
        let live = try Live(yaml)
        live.runtime.updateWindow(firefox)
        live.runtime.updateWindow(WindowInfo(id: 8, windowClass: "x", title: "Docs - a", type: "dialog", frame: Rect(x: 1300, y: 0, width: 500, height: 500)))
        live.tap(1, 100, 100, at: 0)
        live.tap(2, 1400, 100, at: 1000)
        #expect(live.sink.lines == ["a recognized: log first @7", "c recognized: log titled Docs - a @8"])
        // A title change that no longer matches rebuilds the window's view without gestures.
        live.runtime.updateWindow(WindowInfo(id: 8, windowClass: "x", title: "Other", type: "dialog", frame: Rect(x: 1300, y: 0, width: 500, height: 500)))
        live.tap(3, 1400, 100, at: 2000)
        #expect(live.sink.lines.count == 2)
        #expect(live.engine.root.subviews.map(\.name).contains("window:8"))
    }

    @Test func sliderFiresItsCommandWithTheValueInsideAnArgument() throws {
        let live = try Live(configExample)
        live.runtime.updateWindow(firefox)
        // The volume slider: x 1248..1280, y 100..700, vertical, initial 50 → thumb centred at y 400.
        live.drag(1, from: Point(1264, 400), to: Point(1264, 280), start: 0, duration: 200, steps: 2)
        #expect(live.sink.lines == [
            "volume recognized: command pactl set-sink-volume @DEFAULT_SINK@ 60% @7",
            "volume recognized: command pactl set-sink-volume @DEFAULT_SINK@ 70% @7",
        ])
        if case .command(let argv) = live.sink.requests[0].action {
            #expect(argv == ["pactl", "set-sink-volume", "@DEFAULT_SINK@", "60%"])
        }
    }

    @Test func buttonRegionAndExcludedRegion() throws {
        let live = try Live(configExample)
        live.runtime.updateWindow(firefox)
        live.tap(1, 20, 60, at: 0)  // the home button
        live.drain()
        #expect(live.sink.lines == ["home recognized: keys Alt_L+Home @7"])
    }

    @Test func pinchRepeatFiresEachStepAndReverse() throws {
        let live = try Live(configExample)
        // Two fingers 200 px apart spread to 300 (scale 1.5), then close to 160 (0.8).
        live.send(.began, 1, 800, 900, at: 0)
        live.send(.began, 2, 1000, 900, at: 10)
        for (i, half) in [110.0, 130, 150, 120, 80].enumerated() {
            let t = 50 + Double(i) * 30
            live.send(.moved, 1, 900 - half, 900, at: t)
            live.send(.moved, 2, 900 + half, 900, at: t + 5)
        }
        live.send(.ended, 1, 820, 900, at: 300)
        live.send(.ended, 2, 980, 900, at: 310)
        let zoom = live.sink.lines.filter { $0.hasPrefix("zoom") }
        // every 0.1 of scale: up to 1.5 → 5 × ctrl+plus; down to 0.8 → 7 × ctrl+minus.
        #expect(zoom.filter { $0.hasSuffix("keys Control_L+plus") }.count == 5)
        #expect(zoom.filter { $0.hasSuffix("keys Control_L+minus") }.count == 7)
        #expect(zoom.firstIndex { $0.hasSuffix("minus") }! > zoom.lastIndex { $0.hasSuffix("plus") }!)
    }

    @Test func shellGetsPlaceholdersOnlyAsEnvironment() throws {
        let live = try Live("version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - { name: t, tap: {}, action: { shell: \"notify-send \\\"$TACTUS_GESTURE\\\"\" } }\n")
        live.tap(1, 10, 20, at: 0)
        guard case .shell(let script, let env) = live.sink.requests.first?.action else {
            Issue.record("no shell action: \(live.sink.lines)")
            return
        }
        #expect(script == "notify-send \"$TACTUS_GESTURE\"")
        #expect(env["TACTUS_X"] == "10" && env["TACTUS_Y"] == "20" && env["TACTUS_GESTURE"] == "t" && env["TACTUS_WINDOW_TITLE"] == "")
    }

    @Test func screenGestureTargetsTheWindowUnderTheTouchOrTheFocusedOne() throws {
        for target in ["under-touch", "focused"] {
            let live = try Live("version: 1\nsettings: { target: \(target) }\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - { name: max, tap: { touches: 2 }, action: { window: toggle-maximize } }\n")
            live.runtime.updateWindow(WindowInfo(id: 1, frame: Rect(x: 0, y: 0, width: 500, height: 500), focused: true))
            live.runtime.updateWindow(WindowInfo(id: 2, frame: Rect(x: 600, y: 0, width: 500, height: 500)))
            live.runtime.setFocus(1)
            live.send(.began, 1, 700, 100, at: 0)
            live.send(.began, 2, 800, 100, at: 10)
            live.send(.ended, 1, 700, 100, at: 60)
            live.send(.ended, 2, 800, 100, at: 70)
            #expect(live.sink.lines == ["max recognized: window toggle-maximize @\(target == "focused" ? 1 : 2)"])
        }
    }

    @Test func relationsReachAcrossProfiles() throws {
        // The window's pan requires the screen's swipe to fail; both see the same touches.
        let yaml = """
            version: 1
            profiles:
              - name: d
                match: any
                gestures:
                  - { name: flick, swipe: { direction: right }, action: { log: flick } }
              - name: w
                match: { class: app }
                gestures:
                  - { name: drag, pan: {}, requireToFail: [flick], on: { began: { log: drag } } }

            """
        let live = try Live(yaml)
        live.runtime.updateWindow(WindowInfo(id: 3, windowClass: "app", frame: Rect(x: 0, y: 0, width: 1000, height: 800)))
        live.drag(1, from: Point(100, 100), to: Point(300, 100), start: 0, duration: 80)     // fast: a flick
        live.drag(2, from: Point(100, 300), to: Point(300, 300), start: 1000, duration: 2000) // slow: a drag
        #expect(live.sink.lines == ["flick recognized: log flick @3", "drag began: log drag @3"])
    }

    @Test func reloadReplacesEverythingAndStopsGesturesUnderWay() throws {
        let live = try Live(configExample)
        live.runtime.updateWindow(firefox)
        live.send(.began, 1, 300, 300, at: 0)
        let other = ProfileLoader.load(yaml: "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - { name: only, tap: {}, action: { log: new } }\n", path: "n.yaml").file!
        live.runtime.apply(other)
        #expect(live.engine.undecidedTouches.isEmpty)  // the old gestures gave the touch up
        live.send(.ended, 1, 300, 300, at: 50)
        live.tap(2, 300, 300, at: 100)
        #expect(live.sink.lines == ["only recognized: log new @7"])
        #expect(live.engine.root.subviews.map(\.path) == ["screen/window:7"])
    }

    @Test func windowsRestackAndMove() throws {
        let live = try Live(configExample)
        live.runtime.updateWindow(WindowInfo(id: 1, windowClass: "a", frame: Rect(x: 0, y: 0, width: 500, height: 500)))
        live.runtime.updateWindow(WindowInfo(id: 2, windowClass: "b", frame: Rect(x: 100, y: 100, width: 500, height: 500)))
        #expect(live.runtime.window(at: Point(x: 200, y: 200))?.id == 2)
        live.runtime.raise(1)
        #expect(live.runtime.window(at: Point(x: 200, y: 200))?.id == 1)
        #expect(live.engine.root.hitTest(Point(x: 200, y: 200))?.name == "window:1")
        live.runtime.updateWindow(WindowInfo(id: 1, windowClass: "a", frame: Rect(x: 1000, y: 0, width: 100, height: 100)))
        #expect(live.engine.root.hitTest(Point(x: 200, y: 200))?.name == "window:2")
        live.runtime.closeWindow(2)
        #expect(live.engine.root.hitTest(Point(x: 200, y: 200))?.name == "screen")
    }

    /// The built-in bindings preview their actions: they fire at the end past half of
    /// `preview.touchpadDistance` (250 px of the driver's deltas), not after a short swipe.
    @Test func touchpadBindingsClaimByFingerCountAndFireByDirection() throws {
        let live = try Live(defaultProfileYAML)
        #expect(live.runtime.touchpadBegan(.swipe, fingers: 4, at: Point(x: 10, y: 10), time: .zero) == false)
        #expect(live.runtime.touchpadBegan(.swipe, fingers: 3, at: Point(x: 10, y: 10), time: .zero))
        live.runtime.touchpadUpdated(delta: Vector(dx: 30, dy: 2), scale: 1, angle: 0, time: Instant(milliseconds: 10))
        live.runtime.touchpadUpdated(delta: Vector(dx: 40, dy: -1), scale: 1, angle: 0, time: Instant(milliseconds: 20))
        live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: 30))
        #expect(live.sink.lines == [], "70 px: short of the commit point")
        #expect(live.runtime.touchpadBegan(.swipe, fingers: 3, at: Point(x: 10, y: 10), time: Instant(milliseconds: 50)))
        live.runtime.touchpadUpdated(delta: Vector(dx: 130, dy: 2), scale: 1, angle: 0, time: Instant(milliseconds: 60))
        live.runtime.touchpadUpdated(delta: Vector(dx: 140, dy: -1), scale: 1, angle: 0, time: Instant(milliseconds: 70))
        live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: 80))
        #expect(live.runtime.touchpadBegan(.swipe, fingers: 3, at: Point(x: 10, y: 10), time: Instant(milliseconds: 100)))
        live.runtime.touchpadUpdated(delta: Vector(dx: 0, dy: 380), scale: 1, angle: 0, time: Instant(milliseconds: 110))
        live.runtime.touchpadEnded(cancelled: true, time: Instant(milliseconds: 120))
        #expect(live.sink.lines == ["touchpad-previous-desktop ended: desktop previous"])
    }

    /// Pinching out zooms in, pinching in zooms out, as fusuma and libinput-gestures bind
    /// them; a pinch that ends within 10% of where it began (fingers resting) fires neither.
    @Test func touchpadPinchBindingsFireByTheWayThePinchMoved() throws {
        let live = try Live("""
            version: 1
            profiles:
              - name: desktop
                match: any
                touchpad:
                  - { name: zoom-in, pinch: { fingers: 2, direction: out }, action: { keys: ctrl+plus } }
                  - { name: zoom-out, pinch: { fingers: 2, direction: in }, action: { keys: ctrl+minus } }
            """)
        var t = 0.0
        func pinch(to scales: [Double], cancelled: Bool = false) {
            #expect(live.runtime.touchpadBegan(.pinch, fingers: 2, at: Point(x: 10, y: 10), time: Instant(milliseconds: t)))
            for scale in scales {
                t += 10
                live.runtime.touchpadUpdated(delta: .zero, scale: scale, angle: 0, time: Instant(milliseconds: t))
            }
            t += 100
            live.runtime.touchpadEnded(cancelled: cancelled, time: Instant(milliseconds: t))
        }
        pinch(to: [1.1, 1.3, 1.6])
        pinch(to: [0.9, 0.7, 0.5])
        pinch(to: [1.05, 0.96])
        pinch(to: [1.2, 1.5], cancelled: true)
        pinch(to: [1.3, 0.8])
        #expect(live.sink.lines == ["zoom-in ended: keys Control_L+plus", "zoom-out ended: keys Control_L+minus", "zoom-out ended: keys Control_L+minus"])
    }

    /// A volume swipe: up raises, down lowers, one step per 40 px as the fingers go, and back
    /// the other way; a swipe left on the same fingers switches desktops and never runs the
    /// volume steps, however it wavers vertically.
    @Test func aSwipeRepeatsTheBindingOfTheWayItGoes() throws {
        let live = try Live("""
            version: 1
            profiles:
              - name: desktop
                match: any
                touchpad:
                  - { name: louder, swipe: { fingers: 3, direction: up }, repeat: { every: 40, action: { log: up }, reverse: { log: down } } }
                  - { name: quieter, swipe: { fingers: 3, direction: down }, repeat: { every: 40, action: { log: down }, reverse: { log: up } } }
                  - { name: next, swipe: { fingers: 3, direction: left }, action: { desktop: next } }
            """)
        var t = 0.0
        var fired: [[String]] = []
        func swipe(_ moves: [(Double, Double)]) {
            let before = live.sink.lines.count
            #expect(live.runtime.touchpadBegan(.swipe, fingers: 3, at: Point(x: 10, y: 10), time: Instant(milliseconds: t)))
            for (dx, dy) in moves {
                t += 10
                live.runtime.touchpadUpdated(delta: Vector(dx: dx, dy: dy), scale: 1, angle: 0, time: Instant(milliseconds: t))
            }
            t += 10
            live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: t))
            fired.append(Array(live.sink.lines[before...]))
        }
        swipe([(0, -15), (1, -15), (0, -60), (0, 50)])   // up 90 px: two steps; back 50: one back
        swipe([(2, 25), (0, 60)])                         // down 85 px: two steps of quieter
        swipe([(-30, -12), (-40, -30), (-20, 0)])         // left, 42 px up on the way: no volume
        #expect(fired == [
            ["louder changed: log up", "louder changed: log up", "louder changed: log down"],
            ["quieter changed: log down", "quieter changed: log down"],
            ["next ended: desktop next"],
        ])
    }

    /// fusuma's alt-tab: alt held from the begin of any three-finger swipe to its end, Tab
    /// at each step, beside a binding for swipes left listed first.
    @Test func theHooksOfEveryBindingOfTheFingersRun() throws {
        let live = try Live("""
            version: 1
            profiles:
              - name: desktop
                match: any
                touchpad:
                  - { name: next, swipe: { fingers: 3, direction: left }, action: { desktop: next } }
                  - { name: switcher, swipe: { fingers: 3 }, on: { began: { log: alt down }, ended: { log: alt up } }, repeat: { every: 50, action: { log: tab }, reverse: { log: tab } } }
            """)
        #expect(live.runtime.touchpadBegan(.swipe, fingers: 3, at: Point(x: 10, y: 10), time: .zero))
        live.runtime.touchpadUpdated(delta: Vector(dx: 0, dy: 30), scale: 1, angle: 0, time: Instant(milliseconds: 10))
        live.runtime.touchpadUpdated(delta: Vector(dx: 0, dy: 80), scale: 1, angle: 0, time: Instant(milliseconds: 20))
        live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: 30))
        #expect(live.sink.lines == ["switcher began: log alt down", "switcher changed: log tab", "switcher changed: log tab", "switcher ended: log alt up"])
    }

    /// libinput-gestures' swipes: where a diagonal is bound, a swipe more than 22.5° off its
    /// main axis is diagonal (OBLIQUE_RATIO); where none is, the same swipe is its main axis.
    @Test func diagonalSwipesAreToldApartWhereOneIsBound() throws {
        let live = try Live("""
            version: 1
            profiles:
              - name: desktop
                match: any
                touchpad:
                  - { name: up, swipe: { fingers: 3, direction: up }, action: { log: up } }
                  - { name: up-right, swipe: { fingers: 3, direction: up-right }, action: { log: up-right } }
                  - { name: down-left, swipe: { fingers: 3, direction: down-left }, repeat: { every: 50, action: { log: step } } }
                  - { name: four-up, swipe: { fingers: 4, direction: up }, action: { log: four up } }
            """)
        var t = 0.0
        func swipe(_ fingers: Int, _ dx: Double, _ dy: Double) {
            #expect(live.runtime.touchpadBegan(.swipe, fingers: fingers, at: Point(x: 10, y: 10), time: Instant(milliseconds: t)))
            for _ in 0..<4 {
                t += 10
                live.runtime.touchpadUpdated(delta: Vector(dx: dx / 4, dy: dy / 4), scale: 1, angle: 0, time: Instant(milliseconds: t))
            }
            t += 10
            live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: t))
        }
        swipe(3, 30, -100)   // 16.7° off vertical: up
        swipe(3, 60, -100)   // 31° off vertical: up-right
        swipe(3, -80, 85)    // down-left, 117 px along it: two steps
        swipe(4, 60, -100)   // no diagonal bound for four fingers: up
        #expect(live.sink.lines == ["up ended: log up", "up-right ended: log up-right", "down-left changed: log step", "down-left changed: log step", "four-up ended: log four up"])
    }

    /// XI 2.4 pinch events carry the angle turned: past 15° (libinput-gestures'
    /// ROTATE_ANGLE) a pinch is a rotation where one is bound, clockwise for a positive
    /// angle; a smaller turn is a pinch in or out by its scale, and the zoom repeat runs as it goes.
    @Test func touchpadRotationsFireByTheWayTheFingersTurned() throws {
        let live = try Live("""
            version: 1
            profiles:
              - name: desktop
                match: any
                touchpad:
                  - { name: rotate-right, pinch: { fingers: 2, direction: clockwise }, action: { log: clockwise } }
                  - { name: rotate-left, pinch: { fingers: 2, direction: counterclockwise }, action: { log: counterclockwise } }
                  - { name: zoom, pinch: { fingers: 2 }, repeat: { every: 0.5, action: { log: bigger }, reverse: { log: smaller } } }
            """)
        var t = 0.0
        func pinch(_ steps: [(scale: Double, angle: Double)]) {
            #expect(live.runtime.touchpadBegan(.pinch, fingers: 2, at: Point(x: 10, y: 10), time: Instant(milliseconds: t)))
            for s in steps {
                t += 10
                live.runtime.touchpadUpdated(delta: .zero, scale: s.scale, angle: s.angle, time: Instant(milliseconds: t))
            }
            t += 10
            live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: t))
        }
        pinch([(1.02, 10), (1.0, 25)])
        pinch([(0.98, -12), (1.01, -30)])
        pinch([(1.3, 5), (1.6, 12)])
        #expect(live.sink.lines == ["rotate-right ended: log clockwise", "rotate-left ended: log counterclockwise", "zoom changed: log bigger"])
    }

    /// fusuma-plugin-keypress's variants: with Super held a swipe left snaps the window, without
    /// it the same swipe goes back; a modifier no binding names leaves the plain binding.
    @Test func touchpadBindingsNamingModifiersTakeGesturesMadeWithThem() throws {
        let live = try Live("""
            version: 1
            profiles:
              - name: desktop
                match: any
                touchpad:
                  - { name: back, swipe: { fingers: 3, direction: left }, action: { log: back } }
                  - { name: snap, swipe: { fingers: 3, direction: left }, modifiers: [super], action: { log: snap } }
            """)
        var t = 0.0
        func swipeLeft(holding modifiers: Set<String>) {
            #expect(live.runtime.touchpadBegan(.swipe, fingers: 3, at: Point(x: 10, y: 10), modifiers: modifiers, time: Instant(milliseconds: t)))
            t += 10
            live.runtime.touchpadUpdated(delta: Vector(dx: -80, dy: 0), scale: 1, angle: 0, time: Instant(milliseconds: t))
            t += 10
            live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: t))
        }
        swipeLeft(holding: [])
        swipeLeft(holding: ["super"])
        swipeLeft(holding: ["shift"])
        #expect(live.sink.lines == ["back ended: log back", "snap ended: log snap", "back ended: log back"])
    }
}

extension Point {
    init(_ x: Double, _ y: Double) { self.init(x: x, y: y) }
}
