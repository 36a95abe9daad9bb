import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces

/// Programs without touch (semantics.md §12) through the built-in profile, as whole ordered
/// traces: each trace is written from what the hand did (a drag, a hold, a tap), over a
/// window whose program selects no touch events (`"touch":"mouse"`, as the daemon learns it
/// from the server) and over one that takes touches itself; the expectation is every verdict
/// and every action, in order.
@Suite struct ProgramsWithoutTouchTests {
    /// An xterm (its program selects no touch events) and a GTK 3 window beside it.
    static let windows = """
        {"t":0,"kind":"screen","width":1920,"height":1080}
        {"t":0,"kind":"window","id":7,"class":"XTerm","instance":"xterm","title":"bash","type":"normal","frame":[100,100,800,600],"touch":"mouse"}
        {"t":0,"kind":"window","id":8,"class":"Gtk3-demo","instance":"gtk3-demo","title":"demo","type":"normal","frame":[1000,100,800,600],"touch":"own"}
        {"t":0,"kind":"window","id":9,"class":"Unasked","instance":"unasked","title":"?","type":"normal","frame":[100,750,800,300]}

        """

    /// One finger: `points` (ms, x, y), the first a landing, the last a lift.
    static func finger(_ id: Int, _ points: [(Double, Double, Double)]) -> [String] {
        points.indices.map { i in
            let phase = i == 0 ? "began" : i == points.count - 1 ? "ended" : "moved"
            let (t, x, y) = points[i]
            return #"{"t":\#(t),"kind":"touch","phase":"\#(phase)","id":\#(id),"x":\#(x),"y":\#(y)}"#
        }
    }

    /// A finger moving in a straight line from `a` to `b`, an update every 8 ms (a
    /// touchscreen's 125 Hz), landing at `start`; it rests `restFirst` ms before it moves and
    /// `restLast` ms where it stops before it lifts (0: it lifts moving, a flick).
    static func line(_ id: Int, from a: (Double, Double), to b: (Double, Double), start: Double, duration: Double, restFirst: Double = 0,
                     restLast: Double = 160) -> [String] {
        var points = [(start, a.0, a.1)]
        let steps = Int(duration / 8)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            points.append((start + restFirst + duration * f, a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f))
        }
        var t = start + restFirst + duration
        while t + 8 <= start + restFirst + duration + restLast {
            t += 8
            points.append((t, b.0, b.1))
        }
        points.append((t + 8, b.0, b.1))
        return finger(id, points)
    }

    /// Interleaves the lines of several fingers by time (stable: a frame keeps its order).
    static func together(_ fingers: [String]...) -> [String] {
        let all = fingers.flatMap { $0 }
        func time(_ line: String) -> Double { Double(line.split(separator: ",")[0].dropFirst(5))! }
        return all.enumerated().sorted { (time($0.element), $0.offset) < (time($1.element), $1.offset) }.map(\.element)
    }

    /// The verdicts and actions the built-in profile (or `yaml`) gives the touches, as
    /// `verdict ID by` and `action GESTURE: ACTION` lines.
    static func outcome(_ touches: [String], yaml: String = defaultProfileYAML, verdictTimes: Bool = false) throws -> [String] {
        let text = windows + touches.joined(separator: "\n") + "\n"
        let trace = try parseTrace(text)
        var lines: [String] = []
        let file = try profile(yaml)
        let r = Replayer(configuration: file, screen: (1920, 1080), format: .json) { lines.append($0) }
        r.run(trace)
        return lines.compactMap { line -> String? in
            guard case .object(let o)? = try? JSONValue.parse(Substring(line)), case .string(let kind)? = o["kind"] else { return nil }
            func s(_ k: String) -> String { if case .string(let v)? = o[k] { return v }; if case .number(let n)? = o[k] { return formatNumber(n) }; return "" }
            switch kind {
            case "touch" where o["verdict"] != nil:
                let at = verdictTimes ? " at \(formatNumber((Double(s("t")) ?? 0).rounded()))" : ""
                return "\(s("verdict")) \(s("id")) by \(s("by"))\(at)"
            case "action": return "action \(s("gesture")): \(s("action"))"
            default: return nil
            }
        }
    }

    // MARK: One finger

    @Test func aDragScrollsTheProgramWithoutTouchAndIsLeftToTheOneWithTouch() throws {
        // Up 150 px over half a second over the xterm: claimed at the slop (12.5 px), with the
        // first wheel step down on that update (the content follows the finger up), then one
        // per 65 px further (xterm's notch, the built-in profile's wheelNotch), where the finger is.
        let up = try Self.outcome(Self.line(1, from: (400, 500), to: (400, 350), start: 10, duration: 480))
        #expect(up == [
            "claimed 1 by drag-scrolls",
            "action drag-scrolls: scroll down at 400,487.5", "action drag-scrolls: scroll down at 400,422.5",
            "action drag-scrolls: scroll down at 400,357.5",
        ], "\(up)")
        // The same over the GTK 3 window, and over a window not asked yet: the program's.
        #expect(try Self.outcome(Self.line(1, from: (1400, 500), to: (1400, 350), start: 10, duration: 480)) == ["released 1 by all-failed"])
        #expect(try Self.outcome(Self.line(1, from: (400, 900), to: (400, 800), start: 10, duration: 320)) == ["released 1 by all-failed"])
    }

    @Test func aFlickGlidesOnUntilTheNextTouch() throws {
        // Up 120 px in 48 ms (2,500 px/s) over the xterm and lifted 8 ms later: two steps
        // under the finger (at 12.5 and 77.5 px: a step per 65 px, xterm's notch), then the
        // glide where it lifted, from the speed of the last 100 ms, lift included (120 px in
        // 56 ms: 2,140 px/s, 535 px more at GTK 3's friction: 8 steps).
        let flick = Self.line(1, from: (400, 500), to: (400, 380), start: 10, duration: 48, restLast: 0)
        let glide = try Self.outcome(flick)
        #expect(glide.first == "claimed 1 by drag-scrolls", "\(glide)")
        #expect(glide.dropFirst().allSatisfy { $0.hasPrefix("action drag-scrolls: scroll down at 400,") }, "\(glide)")
        #expect(glide.count == 1 + 2 + 8, "\(glide)")
        // The same drag stopped, resting 200 ms (a touchscreen reports nothing meanwhile),
        // then lifted: no glide.
        let stoppedThenLifted = Array(flick.dropLast()) + Self.finger(1, [(266, 400, 380), (266, 400, 380)]).suffix(1)
        #expect(try Self.outcome(stoppedThenLifted).count == 1 + 2, "\(stoppedThenLifted)")
        // A finger landing 100 ms after the lift stops it: that tap is the program's click,
        // and fewer steps come.
        let stopped = try Self.outcome(flick + Self.finger(2, [(166, 600, 500), (200, 600, 500)]))
        #expect(stopped.last == "released 2 by all-failed", "\(stopped)")
        let steps = stopped.filter { $0.hasPrefix("action") }.count
        #expect(steps > 3 && steps < 3 + 13, "\(stopped)")
    }

    @Test func aPointerTriggersDragIsTheMousesOwn() throws {
        // A drag with the pointer trigger's button over the xterm: the conventions stand in
        // for the touchscreen, not the mouse; nothing takes it.
        let drag = [#"{"t":10,"kind":"pointer","phase":"down","button":1,"x":400,"y":500}"#,
                    #"{"t":30,"kind":"pointer","phase":"motion","x":400,"y":450}"#,
                    #"{"t":50,"kind":"pointer","phase":"motion","x":400,"y":380}"#,
                    #"{"t":60,"kind":"pointer","phase":"up","button":1,"x":400,"y":380}"#]
        #expect(try Self.outcome(drag) == ["released p1 by all-failed"])
    }

    @Test func aTapAndADoubleTapStayTheProgramsClicksAtTheLift() throws {
        // Handed back at the lift (the server replays press and release): no action, no delay after.
        let taps = Self.finger(1, [(10, 400, 500), (90, 401, 500)]) + Self.finger(2, [(250, 402, 501), (320, 402, 501)])
        #expect(try Self.outcome(taps) == ["released 1 by all-failed", "released 2 by all-failed"])
    }

    @Test func aHoldLiftedStillIsARightClickAndNothingElse() throws {
        // Held 900 ms, wandering 3 px: claimed when the hold is recognized (500 ms), a right
        // click at the lift, where the finger lifted.
        let hold = Self.finger(1, [(10, 400, 500), (300, 402, 501), (700, 403, 502), (910, 403, 502)])
        #expect(try Self.outcome(hold) == ["claimed 1 by hold-right-click-or-drag", "action hold-right-click-or-drag: click 3 at 403,502"])
    }

    @Test func aHoldThenADragIsALeftButtonDrag() throws {
        // Held 600 ms, then dragged right 160 px: button 1 down where it was held, the pointer
        // following the finger, up at the lift; no right click.
        let drag = Self.finger(1, [(10, 400, 500), (610, 405, 500), (626, 440, 500), (642, 500, 502), (658, 560, 504), (700, 560, 504)])
        #expect(try Self.outcome(drag) == [
            "claimed 1 by hold-right-click-or-drag",
            "action hold-right-click-or-drag: press button 1 at 400,500", "action hold-right-click-or-drag: move pointer to 440,500",
            "action hold-right-click-or-drag: move pointer to 500,502", "action hold-right-click-or-drag: move pointer to 560,504",
            "action hold-right-click-or-drag: release button 1 at 560,504",
        ])
    }

    @Test func aWindowClosingEndsTheDragAndTheScrollOnIt() throws {
        // Held, dragged right, and the xterm closes under the finger: the button comes up at
        // once where the finger is; the rest of the drag moves nothing, and the lift clicks nothing.
        let closing = #"{"t":630,"kind":"window-closed","id":7}"#
        let drag = Self.finger(1, [(10, 400, 500), (610, 405, 500), (626, 440, 500), (642, 500, 502), (658, 560, 504), (700, 560, 504)])
        #expect(try Self.outcome(Array(drag[...2]) + [closing] + Array(drag[3...])) == [
            "claimed 1 by hold-right-click-or-drag",
            "action hold-right-click-or-drag: press button 1 at 400,500", "action hold-right-click-or-drag: move pointer to 440,500",
            "action hold-right-click-or-drag: release button 1 at 440,500",
        ])
        // Scrolling up, the window closes: no more wheel steps (they would go to whatever is
        // under the finger now).
        let scroll = Self.line(1, from: (400, 500), to: (400, 350), start: 10, duration: 480)
        // It closes at 300 ms, 90 px up: after two steps, before the third (142.5 px).
        let closed = try Self.outcome(Array(scroll[...36]) + [#"{"t":300,"kind":"window-closed","id":7}"#] + Array(scroll[37...]))
        #expect(closed == ["claimed 1 by drag-scrolls", "action drag-scrolls: scroll down at 400,487.5",
                           "action drag-scrolls: scroll down at 400,422.5"], "\(closed)")
    }

    // MARK: Two fingers

    @Test func aTwoFingerTapIsARightClick() throws {
        // Both down 70 ms: claimed as soon as the second lands (the first finger is decided
        // while down: accepted after its lift it would leave the server's button 1 down); held
        // still 60 ms, the two-finger press's click at the lift where the fingers were.
        let tap = Self.together(Self.finger(1, [(10, 400, 500), (90, 400, 500)]), Self.finger(2, [(20, 480, 500), (95, 481, 500)]))
        let tapOut = try Self.outcome(tap)
        #expect(tapOut == ["claimed 1 by two-finger-right-click", "claimed 2 by two-finger-right-click",
                           "action two-finger-press: click 3 at 440,500"], "\(tapOut)")
        // A quick one, both down 30 ms: the same, still claimed while down.
        let quick = Self.together(Self.finger(1, [(10, 400, 500), (50, 400, 500)]), Self.finger(2, [(20, 480, 500), (52, 481, 500)]))
        let quickOut = try Self.outcome(quick, verdictTimes: true)
        #expect(quickOut == ["claimed 1 by two-finger-right-click at 20", "claimed 2 by two-finger-right-click at 20",
                             "action two-finger-right-click: click 3 at 440.5,500"], "\(quickOut)")
        // Held 400 ms, longer than a tap: the two-finger press's right click at the lift.
        let held = Self.together(Self.finger(1, [(10, 400, 500), (410, 400, 500)]), Self.finger(2, [(20, 480, 500), (412, 481, 500)]))
        #expect(try Self.outcome(held) == ["claimed 1 by two-finger-right-click", "claimed 2 by two-finger-right-click",
                                          "action two-finger-press: click 3 at 440,500"])
        // Two fingers resting, then scrolling: a scroll and no right click.
        let rested = Self.together(Self.line(1, from: (400, 500), to: (400, 400), start: 10, duration: 200, restFirst: 100),
                                   Self.line(2, from: (480, 500), to: (480, 400), start: 12, duration: 200, restFirst: 98))
        let out = try Self.outcome(rested)
        #expect(out.prefix(2) == ["claimed 1 by two-finger-right-click", "claimed 2 by two-finger-right-click"], "\(out)")
        #expect(out.dropFirst(2).allSatisfy { $0.hasPrefix("action two-finger-scroll: scroll down") } && out.count > 3, "\(out)")
        // Over the GTK 3 window the two fingers are its own: nothing claims them on landing.
        let onGtk = Self.together(Self.finger(1, [(10, 1400, 500), (50, 1400, 500)]), Self.finger(2, [(20, 1480, 500), (52, 1481, 500)]))
        #expect(try Self.outcome(onGtk).allSatisfy { !$0.contains("two-finger") })
    }

    /// Two fingers down, then a third within the landing window, resting and then swiping
    /// left together: the next-desktop swipe, though the first two were claimed on landing.
    @Test func aThirdFingerStillMakesTheDesktopSwipe() throws {
        for stagger in [2.0, 20, 40] {
            let swipe = Self.together(Self.line(1, from: (300, 400), to: (100, 400), start: 10, duration: 240, restFirst: 100),
                                      Self.line(2, from: (380, 400), to: (180, 400), start: 10 + stagger, duration: 240, restFirst: 100 - stagger),
                                      Self.line(3, from: (460, 400), to: (260, 400), start: 10 + 2 * stagger, duration: 240, restFirst: 100 - 2 * stagger))
            let out = try Self.outcome(swipe)
            #expect(out.filter { $0.hasPrefix("claimed") }.count == 3 && out.last == "action next-desktop: desktop next"
                    && !out.contains { $0.hasPrefix("action two-finger") || $0.contains("scroll") }, "landing \(stagger) ms apart: \(out)")
        }
    }

    @Test func twoFingersDraggedScrollBothWays() throws {
        // Two fingers 80 px apart, left 150 px and up 75 px together, over the xterm.
        let drag = Self.together(Self.line(1, from: (400, 500), to: (250, 425), start: 10, duration: 240),
                                 Self.line(2, from: (480, 500), to: (330, 425), start: 10, duration: 240))
        let out = try Self.outcome(drag)
        #expect(out.prefix(2) == ["claimed 1 by two-finger-right-click", "claimed 2 by two-finger-right-click"], "\(out)")
        // Begun mostly leftwards: a step right at once (the content follows the fingers),
        // two more by 150 px (one per 65 px, xterm's notch); 75 px up makes one step down.
        let steps = out.dropFirst(2).map { $0.split(separator: " ")[3] }
        #expect(steps.filter { $0 == "right" }.count == 3 && steps.filter { $0 == "down" }.count == 1, "\(out)")
        #expect(steps.count == 4, "\(out)")
    }

    @Test func aPinchZoomsWithCtrlAndTheWheel() throws {
        // Two fingers 100 px apart, resting 40 ms, then spreading to 200 px.
        let spread = Self.together(Self.line(1, from: (400, 500), to: (350, 500), start: 10, duration: 240, restFirst: 40),
                                   Self.line(2, from: (500, 500), to: (550, 500), start: 10, duration: 240, restFirst: 40))
        let out = try Self.outcome(spread)
        // Claimed as the second finger lands, the pinch zooming; no right click, the fingers moved.
        #expect(out.prefix(3) == ["claimed 1 by two-finger-right-click", "claimed 2 by two-finger-right-click", "action pinch-zoom: hold Control_L"], "\(out)")
        let clicks = out.filter { $0.contains(": click") }
        #expect(clicks.isEmpty, "\(out)")
        #expect(out.last == "action pinch-zoom: release Control_L", "\(out)")
        let zooms = out.filter { $0.hasPrefix("action pinch-zoom: scroll") }
        // Scale 2: (2 - 1) / 0.15 → six steps of the wheel up, none down.
        #expect(zooms.count == 6 && zooms.allSatisfy { $0.contains("scroll up") }, "\(out)")
    }

    // MARK: Everything else as before

    @Test func theDesktopSwipesStillFireOverAProgramWithoutTouch() throws {
        let swipe = Self.together(Self.line(1, from: (300, 400), to: (100, 400), start: 10, duration: 240),
                                  Self.line(2, from: (380, 400), to: (180, 400), start: 12, duration: 240),
                                  Self.line(3, from: (460, 400), to: (260, 400), start: 14, duration: 240))
        let out = try Self.outcome(swipe)
        #expect(out.filter { $0.hasPrefix("claimed") }.count == 3 && out.allSatisfy { !$0.contains("released") }, "\(out)")
        #expect(out.last == "action next-desktop: desktop next", "\(out)")
    }

    @Test func aProfileSaysWhatAProgramDoesWithTouches() throws {
        let overrides = defaultProfileYAML.replacingOccurrences(of: "    wheelNotch: 65\n", with: "    wheelNotch: 65\n    touch: own\n")
            .replacingOccurrences(of: "  - name: programs-without-touch\n", with: """
              - name: gtk-demo
                match: { class: Gtk3-demo }
                touch: mouse
              - name: programs-without-touch

            """)
        let file = try profile(overrides)
        #expect(file.profiles.first { $0.name == "xterm" }?.touch == .own)
        // The xterm is now left alone, the GTK 3 window gets the conventions.
        #expect(try Self.outcome(Self.line(1, from: (400, 500), to: (400, 350), start: 10, duration: 480), yaml: overrides) == ["released 1 by all-failed"])
        let gtk = try Self.outcome(Self.line(1, from: (1400, 500), to: (1400, 420), start: 10, duration: 480), yaml: overrides)
        #expect(gtk == ["claimed 1 by drag-scrolls", "action drag-scrolls: scroll down at 1400,489.333", "action drag-scrolls: scroll down at 1400,438.667"], "\(gtk)")
    }

    @Test func aWindowsOwnGesturesComeBeforeTheConventions() throws {
        let own = defaultProfileYAML.replacingOccurrences(of: "    wheelNotch: 65\n", with: """
                wheelNotch: 65
                gestures:
                  - name: xterm-hold
                    longPress: { minimumDuration: 0.3 }
                    action: { keys: ctrl+c }

            """)
        let hold = Self.finger(1, [(10, 400, 500), (700, 400, 500)])
        let held = try Self.outcome(hold, yaml: own)
        #expect(held == ["claimed 1 by xterm-hold", "action xterm-hold: keys Control_L+c"], "\(held)")
        // Its drags still scroll: the layer is over every window of the kind.
        #expect(try Self.outcome(Self.line(1, from: (400, 500), to: (400, 420), start: 10, duration: 240), yaml: own).first == "claimed 1 by drag-scrolls")
    }

    @Test func theContentFollowsTheFingerByEachProgramsWheelNotch() throws {
        // The same 150 px drag up over the xterm with its profile's wheelNotch at 100 and at 30:
        // a step at the slop, then one per notch further.
        for (notch, steps) in [(100, ["487.5", "387.5"]), (30, ["487.5", "457.5", "427.5", "397.5", "367.5"])] {
            let yaml = defaultProfileYAML.replacingOccurrences(of: "    wheelNotch: 65\n", with: "    wheelNotch: \(notch)\n")
            let out = try Self.outcome(Self.line(1, from: (400, 500), to: (400, 350), start: 10, duration: 480), yaml: yaml)
            #expect(out == ["claimed 1 by drag-scrolls"] + steps.map { "action drag-scrolls: scroll down at 400,\($0)" }, "notch \(notch): \(out)")
        }
        // A profile's own `every` is the finger's travel per step, whatever the window's notch.
        let fixed = defaultProfileYAML.replacingOccurrences(of: "        pan: { touches: 1 }\n        scroll: { kinetic: true }\n", with: "        pan: { touches: 1 }\n        scroll: { every: 100 }\n")
        #expect(try Self.outcome(Self.line(1, from: (400, 500), to: (400, 350), start: 10, duration: 480), yaml: fixed).count == 1 + 2)
    }

    // MARK: The file

    @Test func wheelNotchIsAWindowProfilesAndAProfileThatNeverAppliesIsSaid() {
        let load = { (yaml: String) in ProfileLoader.load(yaml: "version: 1\nprofiles:\n" + yaml, path: "t.yaml") }
        #expect(load("  - name: a\n    match: { class: xterm }\n    wheelNotch: 65\n").errors.isEmpty)
        #expect(load("  - name: a\n    match: any\n    wheelNotch: 65\n").errors.first?.description.contains("'wheelNotch' is for a profile of windows") == true)
        #expect(load("  - name: a\n    match: { class: xterm }\n    wheelNotch: 0\n").errors.count == 1)
        // A window profile after one that takes all its windows: first match wins, so it never
        // applies, and `tactus check` says so where it is.
        let shadowed = load("  - name: terminals\n    match: { class: \"/^U?XTerm$/\" }\n    wheelNotch: 65\n  - name: xterm\n    match: { class: XTerm, title: vim }\n    touch: own\n")
        #expect(shadowed.errors.isEmpty)
        #expect(shadowed.warnings.map(\.description) == ["t.yaml:6:5: warning: profile 'xterm' never applies: 'terminals' (line 3) comes before it and matches every window it matches, and a window gets the first profile that matches (move 'xterm' above it, or put what it says in 'terminals')"])
        // Another class, or an earlier profile with more conditions: no warning.
        #expect(load("  - name: t\n    match: { class: \"/^U?XTerm$/\" }\n  - name: r\n    match: { class: URxvt }\n").warnings.isEmpty)
        #expect(load("  - name: t\n    match: { class: XTerm, title: vim }\n  - name: r\n    match: { class: XTerm }\n").warnings.isEmpty)
    }

    @Test func touchIsWrittenWhereItMeansSomething() {
        let errors = { (yaml: String) in ProfileLoader.load(yaml: "version: 1\nprofiles:\n" + yaml, path: "t.yaml").errors.map(\.description) }
        #expect(errors("  - name: a\n    match: { touch: mouse, class: xterm }\n    gestures: []\n").first?.contains("match 'touch' stands alone") == true)
        #expect(errors("  - name: a\n    match: { touch: fingers }\n    gestures: []\n").first?.hasSuffix("unknown match touch 'fingers'; expected one of: own, mouse") == true)
        #expect(errors("  - name: a\n    match: any\n    touch: own\n    gestures: []\n").first?.contains("'touch' is for a profile of windows") == true)
        #expect(errors("  - name: a\n    match: { touch: mouse }\n    regions: [{ name: r, frame: { left: 0, top: 0, width: 10, height: 10 } }]\n").first?
            .contains("it takes gestures, not regions") == true)
        #expect(errors("  - name: a\n    match: { touch: mouse }\n    gestures:\n      - name: p\n        pan: {}\n        drag: {}\n").first?
            .contains("'drag' is for a longPress") == true)
        #expect(errors("  - name: a\n    match: { touch: mouse }\n    gestures:\n      - name: p\n        longPress: {}\n        drag: { button: 12 }\n").count == 1)
        #expect(errors("  - name: a\n    match: { class: xterm }\n    touch: mouse\n") == [])
        // `fire: if-still` is a long press's; a swipe's are at-recognition and at-lift.
        #expect(errors("  - name: a\n    match: any\n    gestures:\n      - name: p\n        longPress: { touches: 2 }\n        fire: if-still\n        action: { click: 3 }\n") == [])
        #expect(errors("  - name: a\n    match: any\n    gestures:\n      - name: p\n        longPress: {}\n        fire: at-lift\n        action: { click: 3 }\n").first?
            .hasSuffix("unknown fire 'at-lift'; expected one of: if-still") == true)
        #expect(errors("  - name: a\n    match: any\n    gestures:\n      - name: p\n        swipe: {}\n        fire: if-still\n        action: { click: 3 }\n").first?
            .hasSuffix("unknown fire 'if-still'; expected one of: at-recognition, at-lift") == true)
    }
}
