import Foundation
@testable import GestureEngine
@testable import GestureProfiles
@testable import StrokeDataSets
@testable import GestureTraces

/// Every drawing of the $1 data set (../shared/data/dollar1), read once.
func loadDollarSamples() throws -> [DollarSample] { try DollarSamples.all.get() }

private enum DollarSamples {
    static let all = Result { try DollarDataSet.load(root: sharedData.appendingPathComponent("dollar1")) }
}

/// What a template keeps of a drawing: 64 points, rounded (as Tools/StrokeTemplates stores them).
func storedPath(_ points: [Point]) -> [Point] {
    UnistrokeMatcher.resample(points, 64).map { Point(x: $0.x.rounded(), y: $0.y.rounded()) }
}

/// A drawing as a touch, the way the check replays it: it begins at the first point,
/// moves along the others and ends at the last, at the times of the log's `T` from `start` (ms).
func touchLines(_ sample: DollarSample, id: Int64, start: Double) -> [TraceLine] {
    sample.points.indices.map { i in
        let phase: TouchPhase = i == 0 ? .began : (i == sample.points.count - 1 ? .ended : .moved)
        let t = start + sample.times[i]
        return touchLine(TouchID(id), phase, sample.points[i], at: t, line: i + 1)
    }
}

/// Drawings one after another, a second apart, as JSON lines `tactus replay` reads.
func jsonTrace(_ samples: [DollarSample]) -> String {
    var start = 0.0, lines: [String] = []
    for (k, s) in samples.enumerated() {
        for (time, t) in touchPoints(touchLines(s, id: Int64(k + 1), start: start)) {
            let phase = t.phase, p = t.location
            lines.append("{\"t\":\(time),\"kind\":\"touch\",\"phase\":\"\(phase.rawValue)\",\"id\":\(k + 1),\"x\":\(p.x),\"y\":\(p.y)}")
        }
        start += (s.times.last ?? 0) + 1000
    }
    return lines.joined(separator: "\n") + "\n"
}

/// One gesture over the 16 built-in shapes at the default `minScore` (or `minScore`), logging
/// the template it fires: what a user writes, and what the check runs.
func sixteenShapes(minScore: Double? = nil) -> String {
    let names = BuiltInStrokes.names.joined(separator: ", ")
    let score = minScore.map { ", minScore: \($0)" } ?? ""
    return oneGesture("{ name: shapes, stroke: { templates: [\(names)]\(score) }, action: { log: \"{template}\" } }")
}

/// The templates fired by replaying drawings through a profile, one per drawing (nil where
/// none fired); `catalog` binds the built-in names while the profile loads.
func firedTemplates(_ samples: [DollarSample], profile yaml: String, catalog: StrokeCatalog = BuiltInStrokes.shipped) throws -> [String?] {
    let file = try BuiltInStrokes.$catalog.withValue(catalog) { try profile(yaml) }
    let replayer = Replayer(configuration: file, screen: (1920, 1080), format: .json) { _ in }
    replayer.stopLoggingObservations()  // the log is not needed, only the actions
    var fired = [String?](repeating: nil, count: samples.count)
    var start = 0.0
    for (k, s) in samples.enumerated() {
        let before = replayer.actions.count
        replayer.run(touchLines(s, id: Int64(k + 1), start: start))
        if replayer.actions.count > before, case .log(let text)? = replayer.actions.last?.action { fired[k] = text }
        start += (s.times.last ?? 0) + 1000
    }
    return fired
}

/// One fold of the leave-one-subject-out evaluation (Tests/…/StrokeFolds.generated.swift):
/// the subject held out and the catalog chosen and calibrated without them.
struct StrokeFold {
    var heldOut: String
    var catalog: StrokeCatalog
    /// Where each template comes from (`SUBJECT/SPEED/SHAPENN`).
    var sources: [String]
}

func strokeFolds(_ samples: [DollarSample]) throws -> [StrokeFold] {
    let bySource = Dictionary(uniqueKeysWithValues: samples.map { ($0.source, $0) })
    var folds: [StrokeFold] = []
    var heldOut: String?, shapes: [String] = [], drawings: [StrokeCatalog.Drawing] = []
    func close() {
        guard let h = heldOut else { return }
        let subjects = Array(Set(samples.map(\.subject))).sorted().filter { $0 != h }
        folds.append(StrokeFold(heldOut: h, catalog: StrokeCatalog(drawingTable: "", shapeTable: shapes.joined(separator: "\n"), trainingSubjects: subjects)
            .with(drawings: drawings), sources: drawings.map(\.source)))
    }
    for line in strokeFoldTable.split(separator: "\n") {
        let f = line.split(separator: " ").map(String.init)
        switch f.first {
        case "fold":
            close()
            (heldOut, shapes, drawings) = (f[1], [], [])
        case "shape": shapes.append(f.dropFirst().joined(separator: " "))
        case "template":
            guard let s = bySource[f[2]] else { throw ProfileError(description: "fold table: \(f[2]) is not in the data set") }
            drawings.append(StrokeCatalog.Drawing(shape: f[1], source: f[2], points: storedPath(s.points)))
        default: throw ProfileError(description: "fold table: unexpected line '\(line)'")
        }
    }
    close()
    return folds
}

extension StrokeCatalog {
    func with(drawings: [Drawing]) -> StrokeCatalog {
        StrokeCatalog(drawings: drawings, calibration: calibration, trainingSubjects: trainingSubjects)
    }
}
