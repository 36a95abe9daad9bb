// Chooses the built-in stroke templates from the $1 data set, measures the method by
// leave-one-subject-out, and writes the tables:
//
//     swift run -c release stroke-templates [--report] [--per-shape N] [SHARED_DATA]
//     (make stroke-templates; make stroke-templates-cv reports without writing)
//
// For each subject, templates are chosen and calibrated on the other five (Selection.swift)
// and that subject's 480 drawings are recognized by the daemon's matcher; the same is done
// with every subject for the shipped templates. The drags of GestureTraces.DragSet (synthetic
// and the one-finger evemu recordings) give the other side of the trade-off.
//
// Writes Sources/GestureProfiles/StrokeTemplates.generated.swift (the shipped templates) and
// Tests/GestureTracesTests/StrokeFolds.generated.swift (each fold's choice, which the
// leave-one-subject-out test replays through the profile loader).
import Foundation
import GestureEngine
import GestureTraces
import StrokeDataSets

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("stroke-templates: \(message)\n".utf8))
    exit(1)
}
func note(_ message: String) { FileHandle.standardError.write(Data((message + "\n").utf8)) }

var arguments = Array(CommandLine.arguments.dropFirst())
let reportOnly = arguments.contains("--report")
arguments.removeAll { $0 == "--report" }
/// Templates per shape: 8 won leave-one-subject-out over 4, 6, 12, 16 and 24 (docs/stroke-accuracy.md).
var perShape = 8
if let i = arguments.firstIndex(of: "--per-shape") {
    guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 else { fail("--per-shape takes a whole number") }
    perShape = n
    arguments.removeSubrange(i...(i + 1))
}
let root = URL(fileURLWithPath: arguments.first ?? "../shared/data")

let started = Date()
let data: Drawings
let drags: [DragSet.Drag]
do {
    data = Drawings(try DollarDataSet.load(root: root.appendingPathComponent("dollar1")))
    drags = DragSet.synthetic() + (try DragSet.recorded(evemu: root.appendingPathComponent("evemu")))
} catch { fail("\(error)") }
let syntheticCount = DragSet.synthetic().count
note(String(format: "%d drawings, %d × %d distances in %.1f s", data.count, data.count, data.count, Date().timeIntervalSince(started)))

let cv = CrossValidation(data, perShape: perShape, drags: drags) { note("  \($0)") }
let shipped = choose(data, training: Set(data.subjects), perShape: perShape)
let shippedTemplates = engineTemplates(data, shipped)
let shippedDrags = drags.map { judge($0.points, expected: nil, speed: "", templates: shippedTemplates) }
let defaultScore = StrokeDefaults.standard.minimumScore
let speeds = DollarDataSet.speeds

print("Leave-one-subject-out, \(perShape) templates per shape, \(cv.verdicts.count) drawings:")
print("  top-1 (no cut):       \(percent(cv.topOne()))% (" + speeds.map { "\($0) \(percent(cv.topOne(speed: $0)))" }.joined(separator: ", ") + ")")
print("  fired at minScore \(defaultScore): \(percent(cv.accuracy(at: defaultScore)))% (" + speeds.map { "\($0) \(percent(cv.accuracy(at: defaultScore, speed: $0)))" }.joined(separator: ", ") + ")")
/// "item count" for each distinct item, the most frequent first.
func tally(_ items: [String]) -> String {
    var counts: [String: Int] = [:]
    for item in items { counts[item, default: 0] += 1 }
    let order = counts.keys.sorted { (counts[$0]!, $1) > (counts[$1]!, $0) }
    return order.map { "\($0) \(counts[$0]!)" }.joined(separator: ", ")
}
let wrong: [String] = cv.verdicts.filter { !$0.right }.map { "\($0.expected ?? "?") → \($0.taken ?? "none")" }
func reason(_ v: Verdict) -> String { v.rejection == .drag ? "drag" : v.outsideShape ? "envelope" : "score" }
let turnedAway: [String] = cv.verdicts.filter { $0.right && !$0.fires(at: defaultScore) }.map { "\($0.expected ?? "?") (\(reason($0)))" }
print("  nearest template wrong: " + tally(wrong))
print("  right but not fired at \(defaultScore): " + tally(turnedAway))
print("")
print("Trade-off: accuracy (leave-one-subject-out) against drags that fire a stroke, \(syntheticCount) synthetic drags and \(drags.count - syntheticCount) recorded one-finger touches:")
print("| minScore | drawings fired as their shape | slow | medium | fast | synthetic drags fired (shipped / any fold) | recorded touches fired (shipped / any fold) |")
print("|---|---|---|---|---|---|---|")
func fired(_ verdicts: [Verdict], _ range: Range<Int>, _ m: Double, dragRule: Bool = true, turnRule: Bool = true) -> Int {
    range.filter { verdicts[$0].fires(at: m, dragRule: dragRule, turnRule: turnRule) }.count
}
func foldsFired(_ range: Range<Int>, _ m: Double, dragRule: Bool = true, turnRule: Bool = true) -> Int {
    range.filter { i in cv.dragVerdicts.contains { $0[i].fires(at: m, dragRule: dragRule, turnRule: turnRule) } }.count
}
let synthetic = 0..<syntheticCount, recorded = syntheticCount..<drags.count
for m in stride(from: 0.6, through: 0.9001, by: 0.025) {
    let row = [String(format: "%.3f", m), percent(cv.accuracy(at: m))] + speeds.map { percent(cv.accuracy(at: m, speed: $0)) }
        + ["\(fired(shippedDrags, synthetic, m)) / \(foldsFired(synthetic, m))", "\(fired(shippedDrags, recorded, m)) / \(foldsFired(recorded, m))"]
    print("| " + row.joined(separator: " | ") + " |")
}
print("")
print("What each rule buys at minScore \(defaultScore):")
print("| rules | drawings fired | synthetic drags fired (shipped / any fold) | recorded touches fired (shipped / any fold) |")
print("|---|---|---|---|")
for (label, drag, turn) in [("both (shipped)", true, true), ("no drag rule", false, true), ("no shape envelope", true, false), ("neither", false, false)] {
    print("| \(label) | \(percent(cv.accuracy(at: defaultScore, dragRule: drag, turnRule: turn)))% | "
        + "\(fired(shippedDrags, synthetic, defaultScore, dragRule: drag, turnRule: turn)) / \(foldsFired(synthetic, defaultScore, dragRule: drag, turnRule: turn)) | "
        + "\(fired(shippedDrags, recorded, defaultScore, dragRule: drag, turnRule: turn)) / \(foldsFired(recorded, defaultScore, dragRule: drag, turnRule: turn)) |")
}
// The drags that come closest: no rule rejects them, only the score keeps them out.
func scoreOnly(_ v: Verdict) -> Double { v.rejection == nil && !v.outsideShape ? v.score : 0 }
let closest = drags.indices.filter { scoreOnly(shippedDrags[$0]) > 0 }.sorted { scoreOnly(shippedDrags[$0]) > scoreOnly(shippedDrags[$1]) }.prefix(3)
print("\nClosest drags (shipped templates; only the score keeps them out): " + closest.map { i in
    let anyFold = cv.dragVerdicts.map { scoreOnly($0[i]) }.max() ?? 0
    return "\(drags[i].name) \(String(format: "%.3f", scoreOnly(shippedDrags[i]))) (any fold: \(String(format: "%.3f", anyFold)))"
}.joined(separator: "; "))
let pooled = median(shipped.calibration.map(\.distanceScale))
print(String(format: "\nShipped: %d templates from %@; median shape distance scale %.1f (StrokeDefaults.userDistanceScale)",
             shippedTemplates.count, data.subjects.joined(separator: ", "), pooled))
note(String(format: "done in %.0f s", Date().timeIntervalSince(started)))

if !reportOnly {
    writeTables(data, shipped: shipped, folds: cv.folds)
}
