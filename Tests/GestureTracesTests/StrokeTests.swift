import Foundation
import Testing
import TestSupport
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces

@Suite struct StrokeTests {
    /// A drawing of the data set, placed on the screen at (400, 300) and scaled ×2.
    func drawing(_ shape: String, subject: String = "s05", speed: String = "medium", number: Int = 3) throws -> [Point] {
        let s = try loadDollarSamples().first { $0.subject == subject && $0.speed == speed && $0.shape == shape && $0.number == number }!
        let minX = s.points.map(\.x).min()!, minY = s.points.map(\.y).min()!
        return s.points.map { Point(x: 400 + ($0.x - minX) * 2, y: 300 + ($0.y - minY) * 2) }
    }

    func builtIn(_ names: [String]) -> [StrokeTemplate] {
        names.flatMap { n in BuiltInStrokes.templates(named: n).map(\.template) }
    }

    /// The engine harness with `recognizers` on its screen, and a recorder of what it observes.
    func harness(_ recognizers: GestureRecognizer...) -> (EngineHarness, ObservationRecorder) {
        let hand = EngineHarness()
        for r in recognizers { hand.engine.root.addGestureRecognizer(r) }
        let recorder = ObservationRecorder()
        hand.engine.addObserver(recorder)
        return (hand, recorder)
    }

    @Test func builtInShapesAreTheSixteenOfTheDataSet() {
        #expect(BuiltInStrokes.names == ["arrow", "caret", "check", "circle", "delete_mark", "left_curly_brace", "left_sq_bracket", "pigtail",
                                         "question_mark", "rectangle", "right_curly_brace", "right_sq_bracket", "star", "triangle", "v", "x"])
        #expect(Set(BuiltInStrokes.names.map { BuiltInStrokes.templates(named: $0).count }) == [8])
    }

    @Test func recognizesWhenTheFingerLiftsAndReportsTemplateAndScore() throws {
        let stroke = StrokeGestureRecognizer(name: "stroke", templates: builtIn(BuiltInStrokes.names))
        let (hand, recorder) = harness(stroke)
        var fired: [(String, Double)] = []
        stroke.addAction { e in fired.append((stroke.templates[e.values.templateIndex!].name, e.values.score!)) }
        for shape in ["check", "circle", "star", "triangle"] {
            let path = try drawing(shape)
            hand.trace(1, along: path, start: Double(fired.count) * 10_000)
            #expect(fired.last?.0 == shape)
            #expect(fired.last!.1 >= 0.8 && fired.last!.1 <= 1)
        }
        // Nothing is decided before the lift.
        #expect(recorder.lines.filter { $0.contains("stroke possible->recognized") }.count == 4)
    }

    /// A drawing turned upside down: `any` scores it as drawn, `upright` lower, `fixed` not
    /// at all near a match.
    @Test func orientationDecidesWhatATurnedDrawingScores() throws {
        let arrow = try drawing("arrow")
        let upsideDown = arrow.map { Point(x: 1000 - $0.x, y: 1000 - $0.y) }
        let template = BuiltInStrokes.templates(named: "arrow")[0].points
        func score(_ path: [Point], _ o: StrokeOrientation) -> Double {
            UnistrokeMatcher.nearest(path, templates: [StrokeTemplate(name: "arrow", points: template, orientation: o)])!.score
        }
        let scores = StrokeOrientation.allCases.map { o in (o, score(arrow, o), score(upsideDown, o)) }
        print("arrow as drawn / upside down:", scores.map { "\($0.0) \(String(format: "%.2f / %.2f", $0.1, $0.2))" })
        #expect(abs(score(upsideDown, .any) - score(arrow, .any)) < 0.01)
        #expect(score(upsideDown, .upright) < score(arrow, .upright) - 0.1)
        #expect(score(arrow, .fixed) > 0.6 && score(upsideDown, .fixed) < 0.3)
    }

    @Test func failsAtOnceWhenASecondFingerLandsAndOnTapsAndScribbles() throws {
        let (hand, recorder) = harness(StrokeGestureRecognizer(name: "stroke", templates: builtIn(["check"]), minimumScore: 0.9))
        let path = try drawing("check")
        hand.down(1, path[0].x, path[0].y, at: 0)
        hand.move(1, path[5].x, path[5].y, at: 50)
        hand.down(2, 900, 900, at: 60)
        #expect(recorder.lines.contains("stroke possible->failed"))
        #expect(recorder.lines.contains("touch 1 released") && recorder.lines.contains("touch 2 released"))
        hand.up(1, path[5].x, path[5].y, at: 70)
        hand.up(2, 900, 900, at: 70)
        recorder.removeAll()
        hand.trace(1, along: [Point(x: 10, y: 10), Point(x: 20, y: 12), Point(x: 25, y: 15)], start: 1000)  // too short: a tap
        #expect(recorder.lines.contains("stroke possible->failed"))
        recorder.removeAll()
        hand.trace(1, along: try drawing("star"), start: 2000)  // a star is no check
        #expect(recorder.lines.contains("stroke possible->failed"))
    }

    @Test func composesWithAPanThatRequiresItToFail() throws {
        let stroke = StrokeGestureRecognizer(name: "stroke", templates: builtIn(BuiltInStrokes.names))
        let pan = PanGestureRecognizer(name: "pan")
        pan.require(toFail: stroke)
        let (hand, recorder) = harness(stroke, pan)
        hand.trace(1, along: try drawing("check"), start: 0)
        #expect(recorder.lines.filter { $0.hasPrefix("action") } == ["action stroke recognized"])
        recorder.removeAll()
        // A straight drag is no shape: the stroke fails at the lift and the held pan goes on.
        hand.trace(1, along: (0...20).map { Point(x: 300 + Double($0) * 20, y: 600) }, start: 5000)
        #expect(recorder.lines.filter { $0.hasPrefix("action") } == ["action pan began", "action pan ended"])
    }

    @Test func profileSyntaxWithBuiltInAndUserTemplates() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-stroke-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "# a Z\n0 0\n100 0\n0 100\n100 100\n".write(to: dir.appendingPathComponent("z.stroke"), atomically: true, encoding: .utf8)
        let yaml = """
            version: 1
            profiles:
              - name: d
                match: any
                gestures:
                  - name: shapes
                    stroke:
                      templates: [check, circle, { name: zed, file: z.stroke, orientation: fixed }, { name: el, points: [[0, 0], [0, 100], [60, 100]] }]
                      minScore: 0.75
                    action: { log: "{template} {score}" }

            """
        let path = dir.appendingPathComponent("config.yaml").path
        let r = ProfileLoader.load(yaml: yaml, path: path)
        #expect(r.errors.map(\.description) == [])
        guard case .stroke(let templates, let score, _)? = r.file?.allGestures.first?.recognizer else {
            Issue.record("not a stroke")
            return
        }
        #expect(templates.map(\.name) == Array(repeating: "check", count: 8) + Array(repeating: "circle", count: 8) + ["zed", "el"])
        #expect(templates[16].orientation == .fixed && templates[16].points.count == 4)
        // Built-in shapes carry what the data set says about them; a user's own do not.
        #expect(templates[0].distanceScale == BuiltInStrokes.shipped.calibration["check"]?.distanceScale && templates[0].minimumTurn > 0)
        #expect(templates[16].distanceScale == nil && templates[16].minimumTurn == 0 && templates[16].minimumWidth == 0)
        #expect(score == 0.75)
    }

    @Test func strokeErrorsHavePositions() {
        let head = "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - name: s\n"
        func errors(_ tail: String) -> [String] { ProfileLoader.load(yaml: head + tail, path: "t.yaml").errors.map(\.description) }
        #expect(errors("        stroke: { templates: [chekc] }\n") == [
            "t.yaml:7:31: unknown stroke template 'chekc' (did you mean 'check'?); built in: arrow, caret, check, circle, delete_mark, left_curly_brace, left_sq_bracket, pigtail, question_mark, rectangle, right_curly_brace, right_sq_bracket, star, triangle, v, x; or give { name, points } or { name, file }",
        ])
        let missing: [String] = errors("        stroke: { minScore: 2 }\n")
        let builtIns = BuiltInStrokes.names.joined(separator: ", ")
        #expect(missing == [
            "t.yaml:7:17: stroke needs 'templates' (built-in shapes: \(builtIns), or your own)",
            "t.yaml:7:29: minScore must be between 0 and 1, not 2",
        ])
        #expect(errors("        stroke: { templates: [{ name: dot, points: [[5, 5], [5, 5]] }] }\n") == [
            "t.yaml:7:52: stroke template 'dot' needs a path of at least two distinct points",
        ])
        #expect(errors("        stroke: { templates: [{ name: f, file: /nonexistent/x.stroke }] }\n") == [
            "t.yaml:7:48: cannot read the stroke file '/nonexistent/x.stroke'",
        ])
        #expect(errors("        stroke: { templates: [{ name: l, points: [[0, 0], [0, 9]], orientation: upside } ] }\n") == [
            "t.yaml:7:81: unknown orientation 'upside'; expected one of: any, upright, fixed",
        ])
        #expect(errors("        stroke: { templates: [{ name: l, points: [[0, 0], [0, 9]], orientation: any, rotationInvariant: true }] }\n") == [
            "t.yaml:7:86: give 'orientation' or 'rotationInvariant', not both",
        ])
        // The Tactus 0.2 spelling still loads, with a warning saying what it is now.
        let legacy = ProfileLoader.load(yaml: head + "        stroke: { templates: [{ name: l, points: [[0, 0], [0, 9]], rotationInvariant: false }] }\n", path: "t.yaml")
        #expect(legacy.errors.isEmpty)
        #expect(legacy.warnings.map(\.description) == ["t.yaml:7:68: warning: 'rotationInvariant: false' is now 'orientation: fixed'"])
        guard case .stroke(let templates, _, _)? = legacy.file?.allGestures.first?.recognizer else { return }
        #expect(templates.map(\.orientation) == [.fixed])
    }

    @Test func replayedDrawingFiresWithTemplateAndScorePlaceholders() throws {
        var lines = ["{\"t\":0,\"kind\":\"screen\",\"width\":1920,\"height\":1080}"]
        let path = try drawing("star")
        for (i, p) in path.enumerated() {
            let phase = i == 0 ? "began" : (i == path.count - 1 ? "ended" : "moved")
            lines.append("{\"t\":\(i * 10),\"kind\":\"touch\",\"phase\":\"\(phase)\",\"id\":1,\"x\":\(p.x),\"y\":\(p.y)}")
        }
        let trace = try TraceReader.parse(lines.joined(separator: "\n"), file: "star.jsonl", screen: (1920, 1080))
        let yaml = oneGesture("{ name: shapes, stroke: { templates: [star, circle, triangle, check] }, action: { log: \"drew {template} ({score})\" } }")
        var out: [String] = []
        let r = Replayer(configuration: try profile(yaml), screen: (1920, 1080), format: .json) { out.append($0) }
        r.run(trace)
        #expect(r.actions.count == 1)
        guard case .log(let text)? = r.actions.first?.action else { return }
        #expect(text.hasPrefix("drew star (0."))
    }

    /// As the issue's check measures: a trace of drawings (each a touch that begins at its
    /// first point, moves along and ends at its last, times from the log's `T`) replayed by
    /// the `tactus` binary through a profile with one stroke gesture over the 16 built-in
    /// shapes at the default minScore. One drawing of each shape by s05, at each speed.
    @Test func tactusReplayFiresTheRightTemplateForDrawings() throws {
        let samples = try loadDollarSamples().filter { $0.subject == "s05" && $0.number == 7 }
        #expect(samples.count == 48)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-strokes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("drawings.jsonl"), config = dir.appendingPathComponent("shapes.yaml")
        try jsonTrace(samples).write(to: trace, atomically: true, encoding: .utf8)
        try sixteenShapes().write(to: config, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = ScenarioTests.binary
        p.arguments = ["replay", "--config", config.path, trace.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let fired = text.split(separator: "\n").filter { $0.contains("\"kind\":\"action\"") }
            .map { $0.components(separatedBy: "\"action\":\"log ")[1].components(separatedBy: "\"")[0] }
        let right = zip(fired, samples.map(\.shape)).filter { $0 == $1 }.count
        print("tactus replay, 48 drawings of s05: \(fired.count) fired, \(right) as their own shape")
        #expect(fired.count == samples.count)
        #expect(right >= samples.count - 1)
    }
}

@Suite struct StrokeShapeTests {
    /// Turn and width describe the path, whatever its size, place and direction.
    @Test func turnAndWidthOfSimplePaths() {
        let line = (0...40).map { Point(x: 100 + Double($0) * 10, y: 200 + Double($0) * 3) }
        let circle = (0...64).map { i in Point(x: 500 + 80 * cos(Double(i) / 64 * 2 * .pi), y: 300 - 80 * sin(Double(i) / 64 * 2 * .pi)) }
        let vee = [Point(x: 0, y: 0), Point(x: 50, y: 100), Point(x: 100, y: 0)]
        let l = StrokeShape(line), c = StrokeShape(circle), v = StrokeShape(vee)
        #expect(l.turn < 1 && l.width < 0.01 && l.isDrag)
        #expect(c.turn > 300 && c.turn < 360 && c.width > 0.95 && !c.isDrag)
        #expect(v.turn > 100 && v.turn < 160 && abs(v.width - 1) < 0.05 && !v.isDrag)
        // Scaled ×10, moved and turned by 90°: the same measures.
        let turned = StrokeShape(vee.map { Point(x: 3000 - $0.y * 10, y: 40 + $0.x * 10) })
        #expect(abs(turned.turn - v.turn) < 1e-6 && abs(turned.width - v.width) < 1e-6)
        #expect(StrokeShape([Point(x: 1, y: 1), Point(x: 1, y: 1)]) == StrokeShape([]))
    }
}

@Suite struct StrokeOddInputTests {
    @Test func degenerateAndHugePathsNeverCrash() {
        let t = [StrokeTemplate(name: "l", points: [Point(x: 0, y: 0), Point(x: 0, y: 100), Point(x: 60, y: 100)])]
        #expect(UnistrokeMatcher.match([Point(x: 5, y: 5), Point(x: 5, y: 5), Point(x: 5, y: 5)], templates: t) == nil)
        #expect(UnistrokeMatcher.match([], templates: t) == nil)
        #expect(UnistrokeMatcher.match([Point(x: 0, y: 0), Point(x: 1e9, y: 0)], templates: t) == nil)  // a drag
        #expect(UnistrokeMatcher.match([Point(x: 0, y: 0), Point(x: 0, y: 1e9), Point(x: 6e8, y: 1e9)], templates: t)?.index == 0)
        #expect(StrokeTemplate(name: "dot", points: [Point(x: 1, y: 1), Point(x: 1, y: 1)]).isEmpty)
        #expect(UnistrokeMatcher.match([Point(x: 0, y: 0), Point(x: 10, y: 10)], templates: []) == nil)
    }
}
