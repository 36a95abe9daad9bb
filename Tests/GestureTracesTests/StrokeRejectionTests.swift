import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import StrokeDataSets
@testable import GestureTraces

/// A stroke gesture shares windows with pans and applications: ordinary one-finger drags
/// must fire no stroke with the default minScore (issue 17).
@Suite struct StrokeRejectionTests {
    private func actions(_ lines: [String]) -> [String] {
        lines.filter { $0.contains("\"kind\":\"action\"") }
    }

    private var oneFingerRecordings: [String] {
        get throws {
            let labels = try String(contentsOf: sharedData.appendingPathComponent("evemu/labels.tsv"), encoding: .utf8)
            return labels.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { row in
                let f = row.split(separator: "\t").map(String.init)
                guard f.count == 3, f[0] == "1", ["drag", "mixed", "taps", "tap", "double-tap"].contains(f[1]) else { return nil }
                return f[2]
            }
        }
    }

    /// Every one-finger recording (labels.tsv: one finger; drag, mixed, taps, tap, double tap),
    /// replayed as `tactus replay` does, with one gesture over all 16 built-in shapes.
    @Test func recordedOneFingerTouchesFireNoStroke() throws {
        let files = try oneFingerRecordings
        #expect(files.count == 10)
        var firedWithoutACut: [String] = []
        for file in files {
            let path = sharedData.appendingPathComponent("evemu/\(file)").path
            let (lines, _) = try replay(path, sixteenShapes())
            #expect(actions(lines) == [], "\(file)")
            firedWithoutACut += actions(try replay(path, sixteenShapes(minScore: 0)).lines).map { "\(file): \($0)" }
        }
        // Not vacuous: the recordings hold strokes long enough to be judged, and some look
        // enough like a shape that only the score keeps them out.
        let strokes = try DragSet.recorded(evemu: sharedData.appendingPathComponent("evemu")).filter { d in
            zip(d.points, d.points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) } >= StrokeDefaults.standard.minimumLength
        }
        #expect(strokes.count >= 12)
        print("one-finger recordings that would fire with minScore 0:", firedWithoutACut)
        #expect(!firedWithoutACut.isEmpty)
    }

    /// Straight drags in every direction, gentle arcs, small S-curves, there-and-back drags and
    /// flicks (DragSet.synthetic), each replayed as a touch.
    @Test func syntheticDragsFireNoStroke() throws {
        let drags = DragSet.synthetic()
        #expect(drags.count >= 1000)
        let file = try profile(sixteenShapes())
        let replayer = Replayer(configuration: file, screen: (1920, 1080), format: .json) { _ in }
        var fired: [String] = []
        var start = 0.0
        for (k, drag) in drags.enumerated() {
            let before = replayer.actions.count
            replayer.run(drag.points.indices.map { i in
                let phase: TouchPhase = i == 0 ? .began : (i == drag.points.count - 1 ? .ended : .moved)
                let t = start + Double(i) * 8
                return touchLine(TouchID(Int64(k + 1)), phase, drag.points[i], at: t, line: i + 1)
            })
            if replayer.actions.count > before { fired.append(drag.name) }
            start += Double(drag.points.count) * 8 + 500
        }
        #expect(fired == [])
        #expect(replayer.engine.undecidedTouches.isEmpty)
        // Not vacuous: without the drag rule many of them would be close enough to a shape.
        let templates = BuiltInStrokes.names.flatMap { BuiltInStrokes.templates(named: $0).map(\.template) }
        let nearShapes = drags.filter { d in (UnistrokeMatcher.nearest(d.points, templates: templates)?.score ?? 0) >= StrokeDefaults.standard.minimumScore }
        print("synthetic drags: \(drags.count), of which \(nearShapes.count) score at least minScore against a shape")
        #expect(nearShapes.count >= 100)
    }

    /// The rule is about shapes, not about straight templates: a user's straight template
    /// still matches a straight stroke, and only straight ones.
    @Test func aStraightUserTemplateMatchesStraightStrokes() throws {
        let yaml = oneGesture("{ name: bar, stroke: { templates: [check, { name: bar, points: [[0, 0], [100, 0]] }] }, action: { log: \"{template}\" } }")
        let file = try profile(yaml)
        guard case .stroke(let specs, _, _)? = file.allGestures.first?.recognizer else {
            Issue.record("not a stroke")
            return
        }
        let templates = specs.map(\.template)
        let straight = DragSet.line(0.1, 300).map { Point(x: 400 + $0.x, y: 400 + $0.y) }
        #expect(UnistrokeMatcher.match(straight, templates: templates).map { templates[$0.index].name } == "bar")
        let check = try loadDollarSamples().first { $0.shape == "check" && $0.subject == "s05" }!
        #expect(UnistrokeMatcher.match(check.points, templates: templates).map { templates[$0.index].name } == "check")
    }
}
