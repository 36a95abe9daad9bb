#if canImport(Glibc)
import Glibc
#endif
import GestureEngine
import GestureProfiles
import Testing
@testable import ProfileDescriptions

/// Adding a gesture by doing it: the monitor's lines of a performance → drafts → YAML that
/// the loader reads back as the recognizer reported.
struct DraftTests {
    /// Monitor lines of touches: each finger's path (points a frame apart, 16 ms), the first
    /// line of each naming the window and view as the daemon does (MonitorLines.touch).
    static func touches(_ paths: [[(Double, Double)]], start: Double = 5000, id: Int = 1) -> [String] {
        var lines: [String] = []
        let frames = paths.map(\.count).max() ?? 0
        for f in 0..<frames {
            for (i, path) in paths.enumerated() where f < path.count {
                let (x, y) = path[f]
                let phase = f == 0 ? "began" : (f == path.count - 1 ? "ended" : "moved")
                let t = formatNumber(start + Double(f) * 16)
                var line = #"{"t":\#(t),"kind":"touch","phase":"\#(phase)","id":\#(id + i),"x":\#(formatNumber(x)),"y":\#(formatNumber(y))"#
                if f == 0 { line += #","window":4194313,"class":"firefox","view":"screen/browser:4194313""# }
                lines.append(line + "}")
            }
        }
        return lines
    }

    /// A straight path of `frames` points.
    static func line(from a: (Double, Double), to b: (Double, Double), frames: Int = 20) -> [(Double, Double)] {
        (0..<frames).map { i in
            let k = Double(i) / Double(frames - 1)
            return (a.0 + (b.0 - a.0) * k, a.1 + (b.1 - a.1) * k)
        }
    }

    static func still(at p: (Double, Double), frames: Int) -> [(Double, Double)] { Array(repeating: p, count: frames) }

    /// The draft placed in a file (under `gestures:` or `touchpad:` of a `match: any` profile)
    /// and loaded.
    static func load(_ d: GestureDraft) -> ProfileFile? {
        let lines = d.yaml.split(separator: "\n").enumerated().map { $0.offset == 0 ? "      - " + $0.element : "        " + $0.element }
        let yaml = "version: 1\nprofiles:\n  - name: t\n    match: any\n    \(d.section.rawValue):\n" + lines.joined(separator: "\n") + "\n"
        let r = ProfileLoader.load(yaml: yaml, path: "draft.yaml")
        #expect(r.errors.isEmpty, "\(r.errors.map(\.description))\n\(yaml)")
        return r.file
    }

    /// Each draft loads and gives its recognizer (or binding) back.
    static func roundTrip(_ drafts: [GestureDraft]) {
        for d in drafts {
            guard let file = load(d) else { continue }
            if let r = d.recognizer {
                #expect(file.profiles[0].gestures.first?.recognizer == r, "\(d.yaml)")
                #expect(file.profiles[0].gestures.first?.name == d.name)
            } else if let t = d.touchpad, let b = file.profiles[0].touchpad.first {
                #expect(b.kind == t.kind && b.fingers == t.fingers && b.direction == t.direction && b.pinchDirection == t.pinchDirection, "\(d.yaml)")
            } else {
                Issue.record("nothing loaded from \(d.yaml)")
            }
        }
    }

    @Test func aThreeFingerSwipeTheBuiltInProfileRecognized() throws {
        var lines = [#"{"kind":"hello","version":"0.3.0","display":":0","pid":42,"configuration":"<built-in>","profiles":4,"touch":"owner"}"#]
        lines += Self.touches([
            Self.line(from: (900, 400), to: (600, 410)), Self.line(from: (900, 480), to: (600, 490)), Self.line(from: (900, 560), to: (600, 570)),
        ])
        lines.insert(#"{"t":5100,"kind":"state","gesture":"next-desktop","view":"screen","from":"possible","to":"recognized"}"#, at: 30)
        lines.insert(#"{"t":5100,"kind":"touch","id":1,"verdict":"claimed","held":100,"by":"next-desktop"}"#, at: 31)
        lines.append(#"{"t":5320,"kind":"action","gesture":"next-desktop","state":"recognized","action":"desktop next"}"#)
        let seen = try #require(RecognizedGesture(monitorLines: lines))
        #expect(seen.tracks.count == 3)
        #expect(seen.recognized == ["next-desktop"])
        #expect(seen.windowClass == "firefox")
        #expect(seen.view == "screen/browser:4194313")
        let drafts = seen.drafts(in: Profiles.builtIn, action: .keys(KeyCombo(keys: ["Control_L", "Next"])))
        #expect(drafts.count == 1)
        let d = try #require(drafts.first)
        #expect(d.sameAs == "next-desktop")
        #expect(d.recognizer == .swipe(.init(directions: .left, touches: 3)))
        #expect(d.recognizerKey == "swipe")
        #expect(d.hand == "Three fingers slide left")
        #expect(d.yaml == "name: three-fingers-slide-left\nswipe: { direction: left, touches: 3 }\naction: { keys: ctrl+Next }\n")
        Self.roundTrip(drafts)
    }

    @Test func whatTheTouchesShowWhenNothingWasRecognized() throws {
        let c = GestureConfiguration.standard
        func drafts(_ lines: [String], _ screen: String? = nil) throws -> [GestureDraft] {
            try #require(RecognizedGesture(monitorLines: (screen.map { [$0] } ?? []) + lines)).drafts()
        }
        // A double tap: two short still touches.
        let doubleTap = Self.touches([Self.still(at: (300, 300), frames: 5)]) + Self.touches([Self.still(at: (303, 301), frames: 5)], start: 5200, id: 2)
        #expect(try drafts(doubleTap).map(\.recognizer) == [.tap(.init(taps: 2))])
        // A two-finger tap.
        #expect(try drafts(Self.touches([Self.still(at: (300, 300), frames: 5), Self.still(at: (360, 300), frames: 5)])).map(\.recognizer) == [.tap(.init(touches: 2))])
        // A long press: held longer than a tap may last.
        let frames = Int(c.tap.maxDuration * 1000 / 16) + 10
        #expect(try drafts(Self.touches([Self.still(at: (300, 300), frames: frames)])).map(\.hand) == ["Long press"])
        // Two fingers spreading apart; pinching together.
        let spread = Self.touches([Self.line(from: (500, 500), to: (420, 420)), Self.line(from: (560, 560), to: (640, 640))])
        #expect(try drafts(spread).map(\.recognizer) == [.pinch(.init(direction: .out))])
        let pinch = Self.touches([Self.line(from: (420, 420), to: (500, 500)), Self.line(from: (640, 640), to: (560, 560))])
        #expect(try drafts(pinch).map(\.hand) == ["Pinch two fingers together"])
        // Two fingers turning about their middle.
        let turn = Self.touches([
            (0..<20).map { i in let a = Double(i) * 0.05; return (500 - 80 * cos(a), 500 - 80 * sin(a)) },
            (0..<20).map { i in let a = Double(i) * 0.05; return (500 + 80 * cos(a), 500 + 80 * sin(a)) },
        ])
        #expect(try drafts(turn).map(\.recognizer) == [.rotation(.init())])
        // One finger flicked up.
        #expect(try drafts(Self.touches([Self.line(from: (500, 600), to: (510, 300), frames: 8)])).map(\.recognizer) == [.swipe(.init(directions: .up))])
        // One finger in from the left edge of the screen (declared by a monitor line).
        let monitor = #"{"t":0,"kind":"monitor","name":"eDP-1","frame":[0,0,1920,1080],"primary":true,"outputs":["eDP-1"]}"#
        let edge = Self.touches([Self.line(from: (3, 500), to: (300, 505))])
        #expect(try drafts(edge, monitor).map(\.hand) == ["Swipe in from the left edge"])
        // Without the screen's size, the same movement is a swipe right.
        #expect(try drafts(edge).map(\.hand) == ["Swipe right with one finger"])
        // Each of them loads as it was drafted.
        for lines in [doubleTap, spread, pinch, turn, edge] { Self.roundTrip(try drafts(lines)) }
        Self.roundTrip(try drafts(edge, monitor))
    }

    @Test func aDrawnCircleIsOfferedAsTheBuiltInShapeAndAsANewOne() throws {
        // A circle drawn once round from the top, anticlockwise as the data set's people draw
        // them (drawn clockwise, a perfect circle is nearer their delete marks), a little more
        // than a turn.
        let points = (0...48).map { i -> (Double, Double) in
            let a = -Double.pi / 2 - Double(i) / 44 * 2 * Double.pi
            return (500 + 150 * cos(a), 500 + 150 * sin(a))
        }
        let seen = try #require(RecognizedGesture(monitorLines: Self.touches([points])))
        let file = Profiles.load(Profiles.yaml(gestures: "- { name: draw-circle, tap: { touches: 5 } }"))
        let drafts = seen.drafts(in: file)
        #expect(drafts.map(\.hand) == ["Draw a circle", "Draw the shape “my-shape”"])
        // Named apart from the file's own gestures.
        #expect(drafts.map(\.name) == ["draw-circle-2", "draw-shape-my-shape"])
        #expect(drafts[0].templateScore.map { $0 >= 0.8 } == true)
        #expect(drafts[0].yaml == "name: draw-circle-2\nstroke: { templates: [circle] }\n")
        #expect(drafts[1].recordedShape)
        // A stroke of the profile recognized it: offered as the shape it matched of its shapes.
        let shapes = Profiles.load(Profiles.yaml(gestures: "- { name: shapes, stroke: { templates: [x, circle, star] }, action: { desktop: show } }"))
        let recognized = try #require(RecognizedGesture(monitorLines: Self.touches([points])
            + [#"{"t":5800,"kind":"state","gesture":"shapes","view":"screen","from":"possible","to":"recognized"}"#]))
        let offered = recognized.drafts(in: shapes)
        #expect(offered.first?.sameAs == "shapes")
        #expect(offered.first?.hand == "Draw a circle")
        #expect(offered.count == 2, "the built-in circle is the same as the profile's: offered once")
        #expect(drafts[1].yaml.hasPrefix("name: draw-shape-my-shape\nstroke: { templates: [{ name: my-shape, points: [[150, 0], "))
        Self.roundTrip(drafts)
    }

    @Test func aTouchpadSwipe() throws {
        let lines = [
            #"{"t":100,"kind":"touchpad","gesture":"swipe","phase":"begin","fingers":3}"#,
            #"{"t":116,"kind":"touchpad","gesture":"swipe","phase":"update","fingers":3,"dx":2,"dy":-14}"#,
            #"{"t":132,"kind":"touchpad","gesture":"swipe","phase":"update","fingers":3,"dx":1,"dy":-30}"#,
            #"{"t":132,"kind":"touchpad","gesture":"swipe","fingers":3,"verdict":"released"}"#,
            #"{"t":148,"kind":"touchpad","gesture":"swipe","phase":"end","fingers":3,"cancelled":false}"#,
        ]
        let drafts = try #require(RecognizedGesture(monitorLines: lines)).drafts(action: .window(.toggleMaximize))
        #expect(drafts.count == 1)
        #expect(drafts.first?.section == .touchpad)
        #expect(drafts.first?.hand == "Three fingers swipe up on the touchpad")
        #expect(drafts.first?.yaml == "name: touchpad-three-fingers-swipe-up\nswipe: { fingers: 3, direction: up }\naction: { window: toggle-maximize }\n")
        Self.roundTrip(drafts)
    }

    @Test func aTouchpadPinchAndABindingTheProfileFired() throws {
        let pinch = [
            #"{"t":100,"kind":"touchpad","gesture":"pinch","phase":"begin","fingers":2}"#,
            #"{"t":116,"kind":"touchpad","gesture":"pinch","phase":"update","fingers":2,"dx":0,"dy":0,"scale":0.8,"angle":1}"#,
            #"{"t":132,"kind":"touchpad","gesture":"pinch","phase":"update","fingers":2,"dx":0,"dy":0,"scale":0.6,"angle":2}"#,
            #"{"t":148,"kind":"touchpad","gesture":"pinch","phase":"end","fingers":2,"cancelled":false}"#,
        ]
        let drafts = try #require(RecognizedGesture(monitorLines: pinch)).drafts()
        #expect(drafts.map(\.hand) == ["Pinch two fingers together on the touchpad"])
        Self.roundTrip(drafts)
        // The built-in profile's binding fired: the monitor names it on the action line.
        let swipe = [
            #"{"t":100,"kind":"touchpad","gesture":"swipe","phase":"begin","fingers":3}"#,
            #"{"t":116,"kind":"touchpad","gesture":"swipe","phase":"update","fingers":3,"dx":-40,"dy":2}"#,
            #"{"t":116,"kind":"touchpad","gesture":"swipe","fingers":3,"verdict":"claimed"}"#,
            #"{"t":148,"kind":"touchpad","gesture":"swipe","phase":"end","fingers":3,"cancelled":false}"#,
            #"{"t":148,"kind":"action","gesture":"touchpad-next-desktop","state":"ended","action":"desktop next"}"#,
        ]
        let fired = try #require(RecognizedGesture(monitorLines: swipe)).drafts(in: Profiles.builtIn)
        #expect(fired.map(\.sameAs) == ["touchpad-next-desktop"])
        #expect(fired.first?.touchpad == .init(kind: .swipe, fingers: 3, direction: .left, pinchDirection: .any))
    }

    @Test func linesWithoutAGestureGiveNone() {
        #expect(RecognizedGesture(monitorLines: []) == nil)
        #expect(RecognizedGesture(monitorLines: ["not json", #"{"kind":"hello","version":"1"}"#, #"{"t":1,"kind":"window","id":5,"class":"xterm"}"#]) == nil)
    }

    /// Every recognizer and action kind written as YAML loads back as the same value.
    @Test func recognizersAndActionsAsYAMLLoadBack() throws {
        let gestures = """
        - { name: a, tap: { taps: 3, touches: 2, maxMovement: 12 }, action: { command: [notify-send, "a b", "{x} {{literal}}"] } }
        - { name: b, longPress: { taps: 1, minimumDuration: 0.7 }, action: { shell: "echo \\"hi\\" | wall" } }
        - { name: c, pan: { minimumTouches: 2, maximumTouches: 3, directions: [up, down] }, action: { keys: ctrl+alt+Left } }
        - { name: d, swipe: { directions: [left, right], touches: 3, minimumDistance: 80 }, action: { click: 2 } }
        - { name: e, pinch: { direction: in, touches: 3 }, action: { window: tile-left } }
        - { name: f, rotation: { threshold: 20 }, action: { desktop: 3 } }
        - { name: g, edgePan: { edges: [top, bottom], zoneWidth: 20 }, action: { desktop: up-left } }
        - { name: h, stroke: { templates: [circle, x], minScore: 0.7 }, action: [{ scroll: down }, { log: "drew {template}" }] }
        - { name: i, stroke: { templates: [{ name: zig, points: [[0, 0], [10, 10], [20, 0]], orientation: fixed }] } }
        - { name: j, pan: {}, action: { keys: "super" } }
        """
        let file = Profiles.load(Profiles.yaml(gestures: gestures))
        for g in file.allGestures {
            var yaml = "name: \(g.name)\n\(YAMLText.recognizer(g.recognizer))\n"
            if let a = g.action { yaml += "action: \(YAMLText.action(a))\n" }
            let lines = yaml.split(separator: "\n").enumerated().map { $0.offset == 0 ? "      - " + $0.element : "        " + $0.element }
            let text = "version: 1\nprofiles:\n  - name: t\n    match: any\n    gestures:\n" + lines.joined(separator: "\n") + "\n"
            let r = ProfileLoader.load(yaml: text, path: "again.yaml")
            let back = try #require(r.file?.allGestures.first, "\(r.errors.map(\.description))\n\(text)")
            #expect(back.recognizer == g.recognizer, "\(text)")
            #expect(back.action.map { "\($0)" } == g.action.map { "\($0)" }, "\(text)")
        }
    }
}

/// The stream split into performances while the window listens.
struct MonitorRecorderTests {
    @Test func aDoubleTapStaysOneAndTheNextGestureStartsAnother() throws {
        var recorder = MonitorRecorder()
        let doubleTap = DraftTests.touches([DraftTests.still(at: (300, 300), frames: 5)])
            + DraftTests.touches([DraftTests.still(at: (303, 301), frames: 5)], start: 5200, id: 2)
            + [#"{"t":5600,"kind":"state","gesture":"double","view":"screen","from":"possible","to":"recognized"}"#]
        let swipe = DraftTests.touches([DraftTests.line(from: (500, 600), to: (510, 300), frames: 8)], start: 7000, id: 3)
        var done: [RecognizedGesture] = []
        for line in [#"{"kind":"hello","version":"0.3.0","display":":0","pid":1,"configuration":"x","profiles":1,"touch":"owner"}"#] + doubleTap + swipe {
            if let g = recorder.feed(line) { done.append(g) }
        }
        #expect(done.count == 1)
        #expect(done.first?.recognized == ["double"])
        #expect(done.first?.drafts().map(\.recognizer) == [.tap(.init(taps: 2))])
        let finished = recorder.finish()
        let last = try #require(finished)
        #expect(last.drafts().map(\.recognizer) == [.swipe(.init(directions: .up))])
        let again = recorder.finish()
        #expect(again == nil)
    }
}
