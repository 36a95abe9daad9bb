// Chooses the built-in stroke templates from the $1 data set and writes
// Sources/GestureProfiles/StrokeTemplates.generated.swift.
//
//     swift run -c release stroke-templates [DATA] [OUTPUT]      (or: make stroke-templates)
//
// Only the training subjects' drawings are candidates and only they are scored, so the
// accuracy test on the other subjects never sees its test data. For each shape, the first
// template is chosen so that the 16 first templates together recognize as many training
// drawings as they can (each drawing compared with every other, never with itself); the
// second and third are then added the same way, the earlier ones kept. A choice is improved
// one shape at a time until no change helps. Ties go to the larger soft margin between a
// drawing's own shape and the nearest other, so the choice does not hang on one drawing.
// The matcher is the daemon's (UnistrokeMatcher, `upright` templates).
import Foundation
import GestureEngine
import GestureTraces

let shippedTrainingSubjects = ["s02", "s03", "s04"]
let templatesPerShape = 3
/// Distances are in units of the matcher's 250-unit square; margins beyond ~20 count alike.
/// STROKE_MARGIN_WEIGHT overrides the tie-break weight (0.3 and 1 were tried: no better over
/// the splits).
let marginScale = 20.0
let marginWeight = ProcessInfo.processInfo.environment["STROKE_MARGIN_WEIGHT"].flatMap(Double.init) ?? 0.001

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("stroke-templates: \(message)\n".utf8))
    exit(1)
}
func note(_ message: String) { FileHandle.standardError.write(Data((message + "\n").utf8)) }

var arguments = Array(CommandLine.arguments.dropFirst())
/// `--cross-validate`: instead of writing the table, choose templates on every split of the
/// subjects into 3 training and 3 test ones and report the test accuracy of each.
let crossValidate = arguments.contains("--cross-validate")
/// `--orientation any|upright|fixed`: the templates' orientation (built in: upright).
let orientation: StrokeOrientation = {
    guard let i = arguments.firstIndex(of: "--orientation") else { return .upright }
    guard i + 1 < arguments.count, let o = StrokeOrientation(rawValue: arguments[i + 1]) else { fail("--orientation takes any, upright or fixed") }
    arguments.removeSubrange(i...(i + 1))
    return o
}()
arguments.removeAll { $0 == "--cross-validate" }
let dataRoot = URL(fileURLWithPath: arguments.first ?? "../shared/data/dollar1")
let output = arguments.dropFirst().first ?? "Sources/GestureProfiles/StrokeTemplates.generated.swift"

let samples: [DollarSample]
do { samples = try DollarDataSet.load(root: dataRoot) } catch { fail("\(error)") }
let subjects = Array(Set(samples.map(\.subject))).sorted()
let shapes = Array(Set(samples.map(\.shape))).sorted()
let label = samples.map { shapes.firstIndex(of: $0.shape)! }

/// What a template keeps of a drawing: 64 points, rounded to whole units. Candidates are
/// judged in this form, so the figures hold for the stored templates.
func storedPath(_ s: DollarSample) -> [Point] {
    UnistrokeMatcher.resample(s.points, UnistrokeMatcher.resampleCount).map { Point(x: $0.x.rounded(), y: $0.y.rounded()) }
}
let stored = samples.map(storedPath)

/// Distances from every drawing to the candidates (as templates); a drawing never meets itself.
struct DistanceTable {
    let columns: [Int]
    var values: [Double]
    func callAsFunction(_ query: Int, _ column: Int) -> Double { values[query * columns.count + column] }
}
@MainActor func distances(to columns: [Int]) -> DistanceTable {
    let templates = columns.map { StrokeTemplate(name: samples[$0].shape, points: stored[$0], orientation: orientation) }
    var values = [Double](repeating: .infinity, count: samples.count * columns.count)
    for q in samples.indices {
        var candidate = UnistrokeMatcher.Candidate(samples[q].points)
        for (k, c) in columns.enumerated() where c != q {
            values[q * columns.count + k] = candidate.distance(to: templates[k]) ?? .infinity
        }
    }
    return DistanceTable(columns: columns, values: values)
}

/// How well a choice (per shape, columns of the table) recognizes the drawings `queries`:
/// the number right, plus the soft margins as a tie-break.
@MainActor func objective(_ chosen: [[Int]], _ table: DistanceTable, _ queries: [Int]) -> (right: Int, value: Double) {
    var right = 0, value = 0.0
    for q in queries {
        var own = Double.infinity, other = Double.infinity
        for (s, list) in chosen.enumerated() {
            var d = Double.infinity
            for c in list { d = min(d, table(q, c)) }
            if s == label[q] { own = d } else { other = min(other, d) }
        }
        if own < other { right += 1 }
        let margin = other - own
        value += marginWeight * tanh((margin.isFinite ? margin : 0) / marginScale)
    }
    return (right, Double(right) + value)
}

/// Chooses `templatesPerShape` columns per shape among the training drawings, judged on them.
@MainActor func choose(training: Set<String>, _ table: DistanceTable) -> [[Int]] {
    let queries = samples.indices.filter { training.contains(samples[$0].subject) }
    let candidatesOf: [[Int]] = shapes.indices.map { s in
        table.columns.indices.filter { label[table.columns[$0]] == s && training.contains(samples[table.columns[$0]].subject) }
    }
    // Start each shape from its medoid (the drawing closest on average to the others).
    var chosen: [[Int]] = candidatesOf.map { own in
        func spread(_ k: Int) -> Double { own.reduce(0.0) { $1 == k ? $0 : $0 + table(table.columns[$1], k) } }
        return [own.min { spread($0) < spread($1) }!]
    }
    for slot in 0..<templatesPerShape {
        if slot > 0 { chosen = chosen.enumerated().map { s, list in list + [candidatesOf[s].first { !list.contains($0) }!] } }
        var improved = true, pass = 0
        while improved && pass < 8 {
            improved = false
            pass += 1
            for s in shapes.indices {
                var best = (value: objective(chosen, table, queries).value, pick: chosen[s][slot])
                for c in candidatesOf[s] where !chosen[s].contains(c) {
                    var trial = chosen
                    trial[s][slot] = c
                    let v = objective(trial, table, queries).value
                    if v > best.value + 1e-12 { best = (v, c) }
                }
                if best.pick != chosen[s][slot] { chosen[s][slot] = best.pick; improved = true }
            }
        }
        let right = objective(chosen.map { Array($0.prefix(slot + 1)) }, table, queries).right
        note("  \(slot + 1) per shape: \(right) of \(queries.count) training drawings (\(pass) passes)")
    }
    return chosen
}

@MainActor func accuracy(_ chosen: [[Int]], perShape: Int, _ table: DistanceTable, on queries: [Int]) -> Double {
    Double(objective(chosen.map { Array($0.prefix(perShape)) }, table, queries).right) / Double(queries.count)
}

let started = Date()
if crossValidate {
    let table = distances(to: Array(samples.indices))
    note(String(format: "%d × %d distances in %.1f s", samples.count, samples.count, Date().timeIntervalSince(started)))
    var results: [(String, Double, Double)] = []
    for a in 0..<subjects.count { for b in (a + 1)..<subjects.count { for c in (b + 1)..<subjects.count {
        let training: Set<String> = [subjects[a], subjects[b], subjects[c]]
        note("training on \(training.sorted().joined(separator: ", "))")
        let chosen = choose(training: training, table)
        let test = samples.indices.filter { !training.contains(samples[$0].subject) }
        results.append((training.sorted().joined(separator: ","), accuracy(chosen, perShape: 1, table, on: test), accuracy(chosen, perShape: 3, table, on: test)))
    }}}
    print("orientation \(orientation.rawValue): test accuracy per split (training subjects: 1 template, 3 templates per shape)")
    for (split, one, three) in results { print(String(format: "  %@: %.1f%%  %.1f%%", split, one * 100, three * 100)) }
    func summary(_ v: [Double]) -> String {
        String(format: "mean %.1f%%, min %.1f%%, max %.1f%%", v.reduce(0, +) / Double(v.count) * 100, v.min()! * 100, v.max()! * 100)
    }
    print("1 template per shape: \(summary(results.map(\.1)))")
    print("3 templates per shape: \(summary(results.map(\.2)))")
} else {
    let training = Set(shippedTrainingSubjects)
    let columns = samples.indices.filter { training.contains(samples[$0].subject) }
    guard !columns.isEmpty else { fail("no drawings of \(shippedTrainingSubjects.joined(separator: ", ")) under \(dataRoot.path)") }
    let table = distances(to: columns)
    note(String(format: "%d × %d distances in %.1f s", samples.count, columns.count, Date().timeIntervalSince(started)))
    let chosen = choose(training: training, table)
    let test = samples.indices.filter { !training.contains(samples[$0].subject) }
    note(String(format: "test subjects: %.1f%% with 1 template per shape, %.1f%% with 3", accuracy(chosen, perShape: 1, table, on: test) * 100, accuracy(chosen, perShape: 3, table, on: test) * 100))

    var text = """
    // Generated by Tools/StrokeTemplates (`make stroke-templates`) from the $1 data set. Do not edit.
    // Three templates per shape, chosen among the drawings of \(shippedTrainingSubjects.joined(separator: ", ")) only; the first of each
    // shape is the best single one. One per line: NAME SOURCE x,y x,y ... (64 points).

    let builtInStrokeTrainingSubjects = [\(shippedTrainingSubjects.map { "\"\($0)\"" }.joined(separator: ", "))]

    let builtInStrokeTemplateTable = \"\"\"

    """
    for (s, list) in chosen.enumerated() {
        for k in list {
            let c = columns[k]
            text += "\(shapes[s]) \(samples[c].source) " + stored[c].map { "\(Int($0.x)),\(Int($0.y))" }.joined(separator: " ") + "\n"
        }
    }
    text += "\"\"\"\n"
    do { try text.write(toFile: output, atomically: true, encoding: .utf8) } catch { fail("cannot write \(output): \(error)") }
    print("\(chosen.count * templatesPerShape) templates -> \(output)")
}
