import Testing
import TestSupport
@testable import GestureEngine
@testable import GestureProfiles

/// `hold: { keys }` (issue 26): keys held down for as long as a continuous gesture goes on —
/// Touchégg's `<modifiers>` of a repeated SEND_KEYS, pressed in its prelude as the gesture
/// begins and released in its postlude as it ends (send-keys.cpp, repeated-action.cpp), the
/// window switcher's Alt held while Tab steps. Each trace is the whole ordered list of what the
/// runtime sends the X session: `hold` (keys down), the keys typed and under which hold
/// (`#N`), `release` (keys up). Whatever way the gesture stops, the release comes.
@Suite struct HoldTests {
    /// `GESTURE STATE: ACTION #HOLD` for every request, in order.
    static func trace(_ sink: RecordingSink, from start: Int = 0) -> [String] {
        sink.requests[start...].map { "\($0.gesture) \($0.state): \($0.action)" + ($0.hold.map { " #\($0)" } ?? "") }
    }

    /// The shared window switcher on three fingers (right steps forward, left back, one step
    /// per 30 px, Alt held throughout), with hooks logging its begin and its end.
    static let switcher = WindowSwitcher.profile(adding: [#"on: { began: { log: "began" }, ended: { log: "ended" } }"#])

    /// The three fingers land 10 ms apart, move by each offset of `path` (a frame every 16 ms),
    /// then end the way `last` says (lifted, or cancelled by the device).
    static func threeFingers(_ live: Live, at start: Double, _ path: [Vector], last: TouchPhase = .ended) {
        for (i, f) in WindowSwitcher.fingers.enumerated() { live.send(.began, f.0, f.1, f.2, at: start + 10 * Double(i)) }
        live.frame(.moved, WindowSwitcher.fingers, movedBy: path[0], at: start + 40)
        for d in path.dropFirst() { live.nextFrame(.moved, WindowSwitcher.fingers, movedBy: d) }
        if last != .moved { live.nextFrame(last, WindowSwitcher.fingers, movedBy: path.last!) }
    }

    /// Right 100 px (three steps: 30, 60, 90), back to 50 (one back: under 60), lift: Alt goes
    /// down as the pan begins, before what its begin fires; each Tab is typed under it; Alt
    /// comes up after what its end fires.
    @Test func aHeldKeyGoesDownAtTheBeginAndUpAfterTheEnd() throws {
        let live = try Live(Self.switcher)
        Self.threeFingers(live, at: 0, [Vector(dx: 15, dy: 0), Vector(dx: 40, dy: 2), Vector(dx: 70, dy: 3), Vector(dx: 100, dy: 3), Vector(dx: 50, dy: 0)])
        #expect(Self.trace(live.sink) == [
            "switcher began: hold Alt_L #1",
            "switcher began: log began #1",
            "switcher changed: keys Tab #1",
            "switcher changed: keys Tab #1",
            "switcher changed: keys Tab #1",
            "switcher changed: keys Shift_L+Tab #1",
            "switcher ended: log ended #1",
            "switcher ended: release Alt_L #1",
        ])
        #expect(live.runtime.heldKeys.isEmpty)
        // The next switch is a hold of its own.
        Self.threeFingers(live, at: 1000, [Vector(dx: 15, dy: 0), Vector(dx: 35, dy: 0)])
        #expect(Self.trace(live.sink, from: 8) == [
            "switcher began: hold Alt_L #2", "switcher began: log began #2", "switcher changed: keys Tab #2",
            "switcher ended: log ended #2", "switcher ended: release Alt_L #2",
        ])
    }

    /// Fingers the device cancels cancel the pan: Alt comes up (after the cancelled hook).
    @Test func aCancelledGestureReleasesItsKeys() throws {
        let live = try Live(Self.switcher.replacingOccurrences(of: "ended: { log: \"ended\" }", with: "cancelled: { log: \"cancelled\" }"))
        Self.threeFingers(live, at: 0, [Vector(dx: 15, dy: 0), Vector(dx: 40, dy: 0)], last: .cancelled)
        #expect(Self.trace(live.sink) == [
            "switcher began: hold Alt_L #1", "switcher began: log began #1", "switcher changed: keys Tab #1",
            "switcher cancelled: log cancelled #1", "switcher cancelled: release Alt_L #1",
        ])
        #expect(live.runtime.heldKeys.isEmpty)
    }

    /// A reload while the fingers are down: the gesture is cancelled and Alt comes up at once;
    /// the fingers going on and lifting fire nothing more, and hold nothing.
    @Test func aReloadMidGestureReleasesTheKeys() throws {
        let live = try Live(Self.switcher)
        Self.threeFingers(live, at: 0, [Vector(dx: 15, dy: 0), Vector(dx: 40, dy: 0)], last: .moved)
        #expect(live.runtime.heldKeys == [KeyCombo(keys: ["Alt_L"])])
        live.runtime.apply(ProfileLoader.load(yaml: Self.switcher, path: "t.yaml").file!)
        #expect(live.runtime.heldKeys.isEmpty)
        live.frame(.moved, WindowSwitcher.fingers, movedBy: Vector(dx: 90, dy: 0), at: 200)
        live.frame(.ended, WindowSwitcher.fingers, movedBy: Vector(dx: 90, dy: 0), at: 216)
        #expect(Self.trace(live.sink) == [
            "switcher began: hold Alt_L #1", "switcher began: log began #1", "switcher changed: keys Tab #1",
            "switcher cancelled: release Alt_L #1",
        ])
    }

    /// A window's own gesture whose window closes mid-gesture: the gesture stops, its keys come
    /// up, and the fingers going on fire nothing more.
    @Test func theWindowGoingAwayReleasesItsGesturesKeys() throws {
        let yaml = """
            version: 1
            profiles:
              - name: editor
                match: { class: Editor }
                gestures:
                  - name: zoom
                    pinch: { touches: 2 }
                    hold: { keys: ctrl }
                    repeat: { every: 0.25, action: { keys: plus }, reverse: { keys: minus } }
            """
        let live = try Live(yaml)
        live.runtime.updateWindow(WindowInfo(id: 5, windowClass: "Editor", frame: Rect(x: 0, y: 0, width: 1000, height: 800)))
        live.send(.began, 1, 400, 400, at: 0)
        live.send(.began, 2, 500, 400, at: 5)
        for (i, spread) in [55.0, 60, 65, 70].enumerated() {
            let t = 20 + 16 * Double(i)
            live.frame(.moved, [(1, 450 - spread, 400), (2, 450 + spread, 400)], at: t)
        }
        #expect(Self.trace(live.sink) == ["zoom began: hold Control_L #1", "zoom changed: keys plus #1"])
        #expect(live.sink.requests.first?.window?.id == 5)
        live.runtime.closeWindow(5)
        #expect(Self.trace(live.sink, from: 2) == ["zoom cancelled: release Control_L #1"])
        #expect(live.runtime.heldKeys.isEmpty)
        live.send(.ended, 1, 300, 400, at: 200)
        live.send(.ended, 2, 600, 400, at: 200)
        #expect(live.sink.requests.count == 3)
    }

    /// A gesture switched off mid-gesture (the engine cancels it) lets its keys up, once.
    @Test func aGestureDisabledMidGestureReleasesItsKeys() throws {
        let live = try Live(Self.switcher)
        Self.threeFingers(live, at: 0, [Vector(dx: 15, dy: 0), Vector(dx: 40, dy: 0)], last: .moved)
        #expect(live.runtime.heldKeys.count == 1)
        let pan = try #require(live.engine.root.gestureRecognizers.first)
        pan.isEnabled = false
        live.runtime.followPendingActions(at: Instant(milliseconds: 100))
        #expect(live.runtime.heldKeys.isEmpty)
        #expect(Self.trace(live.sink).filter { $0.contains("release") } == ["switcher cancelled: release Alt_L #1"])
    }

    // MARK: Touchpad

    /// Touchégg's switcher on a touchpad: a binding per direction, each holding Alt. Alt goes
    /// down when the swipe's direction is known (the binding's repeat is chosen, as Touchégg
    /// begins a touchpad gesture once it knows its direction), not at the driver's begin.
    @Test func aTouchpadBindingsHoldGoesDownWhenTheGestureIsKnownToBeItsOwn() throws {
        let live = try Live("""
            version: 1
            profiles:
              - name: desktop
                match: any
                touchpad:
                  - name: forward
                    swipe: { fingers: 3, direction: right }
                    hold: { keys: Alt_L }
                    repeat: { every: 50, action: { keys: Tab }, reverse: { keys: Shift_L+Tab } }
                  - name: back
                    swipe: { fingers: 3, direction: left }
                    hold: { keys: Alt_L }
                    repeat: { every: 50, action: { keys: Shift_L+Tab }, reverse: { keys: Tab } }
            """)
        #expect(live.runtime.touchpadBegan(.swipe, fingers: 3, at: Point(x: 10, y: 10), time: .zero))
        #expect(live.sink.requests.isEmpty, "nothing is held before the direction is known")
        for (t, dx) in [(10.0, 12.0), (20, 20), (30, 40), (40, 50), (50, -77)] {
            live.runtime.touchpadUpdated(delta: Vector(dx: dx, dy: 1), scale: 1, angle: 0, time: Instant(milliseconds: t))
        }
        live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: 60))
        // Right 122 px: two steps (at 50 and 100); back to 45: one back (past 50 again).
        #expect(Self.trace(live.sink) == [
            "forward changed: hold Alt_L #1",
            "forward changed: keys Tab #1",
            "forward changed: keys Tab #1",
            "forward changed: keys Shift_L+Tab #1",
            "forward ended: release Alt_L #1",
        ])
        // Cancelled by the driver (a finger more): Alt comes up all the same.
        #expect(live.runtime.touchpadBegan(.swipe, fingers: 3, at: Point(x: 10, y: 10), time: Instant(milliseconds: 100)))
        live.runtime.touchpadUpdated(delta: Vector(dx: -60, dy: 0), scale: 1, angle: 0, time: Instant(milliseconds: 110))
        live.runtime.touchpadEnded(cancelled: true, time: Instant(milliseconds: 120))
        #expect(Self.trace(live.sink, from: 5) == ["back changed: hold Alt_L #2", "back changed: keys Shift_L+Tab #2", "back cancelled: release Alt_L #2"])
        // A short swipe that never picks a direction holds nothing.
        #expect(live.runtime.touchpadBegan(.swipe, fingers: 3, at: Point(x: 10, y: 10), time: Instant(milliseconds: 200)))
        live.runtime.touchpadUpdated(delta: Vector(dx: 5, dy: 0), scale: 1, angle: 0, time: Instant(milliseconds: 210))
        live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: 220))
        #expect(live.sink.requests.count == 8)
    }

    /// fusuma's switcher (`begin: xdotool keydown alt`, `update: xdotool key Tab`, `end:
    /// xdotool keyup alt` on a swipe of any direction) imports as a binding of any direction:
    /// its hold goes down at the driver's begin, comes up at the end, a cancelled end, a new
    /// begin the driver never ended, a reload, and the target window closing.
    @Test func aTouchpadBindingOfAnyDirectionHoldsFromTheBeginAndAlwaysLetsGo() throws {
        let yaml = """
            version: 1
            settings: { target: focused }
            profiles:
              - name: fusuma
                match: any
                touchpad:
                  - name: switcher
                    swipe: { fingers: 3 }
                    hold: { keys: alt }
                    repeat: { every: 150, action: { keys: Tab }, reverse: { keys: Tab } }
            """
        let live = try Live(yaml)
        live.runtime.updateWindow(WindowInfo(id: 3, windowClass: "xterm", frame: Rect(x: 0, y: 0, width: 500, height: 500), focused: true))
        func begin(_ t: Double) { #expect(live.runtime.touchpadBegan(.swipe, fingers: 3, at: Point(x: 10, y: 10), time: Instant(milliseconds: t))) }
        func move(_ dx: Double, _ t: Double) { live.runtime.touchpadUpdated(delta: Vector(dx: dx, dy: 0), scale: 1, angle: 0, time: Instant(milliseconds: t)) }
        begin(0)
        move(160, 10)
        move(160, 20)
        live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: 30))
        #expect(Self.trace(live.sink) == [
            "switcher began: hold Alt_L #1", "switcher changed: keys Tab #1", "switcher changed: keys Tab #1", "switcher ended: release Alt_L #1",
        ])
        #expect(live.sink.requests.allSatisfy { $0.window?.id == 3 })
        var seen = live.sink.requests.count
        // Cancelled.
        begin(100)
        live.runtime.touchpadEnded(cancelled: true, time: Instant(milliseconds: 110))
        #expect(Self.trace(live.sink, from: seen) == ["switcher began: hold Alt_L #2", "switcher cancelled: release Alt_L #2"])
        seen = live.sink.requests.count
        // A begin the driver never ended, then another begin.
        begin(200)
        begin(300)
        live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: 310))
        #expect(Self.trace(live.sink, from: seen) == [
            "switcher began: hold Alt_L #3", "switcher cancelled: release Alt_L #3", "switcher began: hold Alt_L #4", "switcher ended: release Alt_L #4",
        ])
        seen = live.sink.requests.count
        // A reload mid-gesture: cancelled, released; what the driver still sends is not this gesture's.
        begin(400)
        live.runtime.apply(ProfileLoader.load(yaml: yaml, path: "t.yaml").file!)
        move(400, 410)
        live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: 420))
        #expect(Self.trace(live.sink, from: seen) == ["switcher began: hold Alt_L #5", "switcher cancelled: release Alt_L #5"])
        seen = live.sink.requests.count
        // The window it acts on closes mid-gesture.
        begin(500)
        live.runtime.closeWindow(3)
        move(400, 510)
        live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: 520))
        #expect(Self.trace(live.sink, from: seen) == ["switcher began: hold Alt_L #6", "switcher cancelled: release Alt_L #6"])
        #expect(live.runtime.heldKeys.isEmpty)
    }

    /// A binding for one direction without a repeat: its hold goes down just before its action
    /// at the end (Touchégg's prelude, run once the gesture is known to be this one), and up
    /// after it.
    @Test func aTouchpadBindingWithoutRepeatHoldsAroundItsAction() throws {
        let live = try Live("""
            version: 1
            profiles:
              - name: desktop
                match: any
                touchpad:
                  - { name: launcher, pinch: { fingers: 4, direction: in }, hold: { keys: super }, action: { keys: a } }
            """)
        #expect(live.runtime.touchpadBegan(.pinch, fingers: 4, at: Point(x: 10, y: 10), time: .zero))
        live.runtime.touchpadUpdated(delta: .zero, scale: 0.6, angle: 0, time: Instant(milliseconds: 10))
        live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: 20))
        #expect(Self.trace(live.sink) == ["launcher ended: hold Super_L #1", "launcher ended: keys a #1", "launcher ended: release Super_L #1"])
    }

    /// With `fire: at-lift` the action waits for the lift: past the commit point its hold
    /// goes down just before it and up after it; lifted short, neither the action nor the
    /// hold (a lone Super would open a launcher).
    @Test func aTouchpadBindingFiredAtTheLiftHoldsAroundItsActionOnlyWhenItCommits() throws {
        let live = try Live("""
            version: 1
            profiles:
              - name: desktop
                match: any
                touchpad:
                  - { name: launcher, swipe: { fingers: 4, direction: up }, fire: at-lift, hold: { keys: super }, action: { keys: a } }
            """)
        func swipe(up: Double, from ms: Double) {
            #expect(live.runtime.touchpadBegan(.swipe, fingers: 4, at: Point(x: 10, y: 10), time: Instant(milliseconds: ms)))
            for k in 1...10 {
                live.runtime.touchpadUpdated(delta: Vector(dx: 0, dy: -up / 10), scale: 1, angle: 0, time: Instant(milliseconds: ms + 10 * Double(k)))
            }
            live.runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: ms + 110))
        }
        swipe(up: 400, from: 0)  // past half of the 500 px of a whole touchpad swipe
        #expect(Self.trace(live.sink) == ["launcher ended: hold Super_L #1", "launcher ended: keys a #1", "launcher ended: release Super_L #1"])
        let before = live.sink.requests.count
        swipe(up: 100, from: 1000)  // short of it
        #expect(Self.trace(live.sink, from: before) == [])
    }

    // MARK: Reading

    private let head = "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n"

    @Test func theParserReadsHoldOnGesturesAndTouchpadBindings() throws {
        let file = try #require(ProfileLoader.load(yaml: head + """
                  - { name: p, pan: { touches: 3 }, hold: { keys: ctrl+alt }, repeat: { every: 20, action: { keys: Tab } } }
                  - { name: z, pinch: {}, hold: { keys: Control_L } }
                touchpad:
                  - { name: t, swipe: { fingers: 3 }, hold: { keys: super } }
            """, path: "t.yaml").file)
        #expect(file.allGestures.map(\.hold) == [HoldSpec(keys: KeyCombo(keys: ["Control_L", "Alt_L"])), HoldSpec(keys: KeyCombo(keys: ["Control_L"]))])
        #expect(file.profiles[0].touchpad[0].hold == HoldSpec(keys: KeyCombo(keys: ["Super_L"])))
        // The keys a hold presses are bound ahead where the layout lacks them, as keys: actions' are.
        #expect(file.keyNames == ["Tab", "Control_L", "Alt_L", "Super_L"])
    }

    @Test func badHoldsAreClearErrors() {
        func diagnostics(_ gesture: String) -> [String] {
            ProfileLoader.load(yaml: head + gesture, path: "t.yaml").diagnostics.map(\.description)
        }
        #expect(diagnostics("      - { name: s, swipe: {}, hold: { keys: alt }, action: { keys: Tab } }\n") == [
            "t.yaml:6:31: 'hold' needs a continuous gesture (longPress, pan, pinch, rotation, edgePan); 's' is discrete, its keys would go down and up at once (put them in its action's keys instead)",
        ])
        #expect(diagnostics("      - { name: p, pan: {}, hold: alt }\n") == [
            "t.yaml:6:35: hold takes a mapping with the keys to hold, such as 'hold: { keys: alt }'",
        ])
        #expect(diagnostics("      - { name: p, pan: {}, hold: {} }\n") == [
            "t.yaml:6:35: hold needs 'keys': the keys held down from the gesture's begin to its end, such as 'keys: alt'",
        ])
        #expect(diagnostics("      - { name: p, pan: {}, hold: { key: alt } }\n") == [
            "t.yaml:6:35: hold needs 'keys': the keys held down from the gesture's begin to its end, such as 'keys: alt'",
            "t.yaml:6:37: unknown key 'key' in hold (did you mean 'keys'?)",
        ])
        #expect(diagnostics("      - { name: p, pan: {}, hold: { keys: Atl_L } }\n") == [
            "t.yaml:6:43: unknown key name 'Atl_L' in 'Atl_L' (did you mean 'Alt_L'?)",
        ])
        #expect(diagnostics("      - { name: p, pan: {}, hold: { keys: \"alt+\" } }\n") == [
            "t.yaml:6:43: keys 'alt+' has an empty key name (write 'plus' for +)",
        ])
        let touchpad = "version: 1\nprofiles:\n  - name: d\n    match: any\n    touchpad:\n"
        #expect(ProfileLoader.load(yaml: touchpad + "      - { name: t, swipe: {}, hold: { keys: [alt] } }\n", path: "t.yaml").diagnostics.map(\.description) == [
            "t.yaml:6:45: keys must be a string, not a list",
        ])
    }
}
