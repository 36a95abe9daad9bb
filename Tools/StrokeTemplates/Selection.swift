import Foundation
import GestureEngine
import GestureTraces
import StrokeDataSets

/// The $1 data set as the chooser sees it: every drawing, its shape as a number, the path a
/// template keeps of it, how it turns, and the distance from every drawing to every other
/// as a template (the daemon's matcher, `upright`).
struct Drawings {
    let samples: [DollarSample]
    let shapes: [String]
    let subjects: [String]
    let label: [Int]
    /// What a template keeps of a drawing: 64 points, rounded to whole units. Candidates are
    /// judged in this form, so the figures hold for the stored templates.
    let stored: [[Point]]
    /// How each drawing turns and how wide it is, as drawn.
    let shape: [StrokeShape]
    /// distance[q * count + c]: drawing q against drawing c's stored path as a template.
    let distance: [Float]

    var count: Int { samples.count }

    init(_ samples: [DollarSample]) {
        self.samples = samples
        shapes = Array(Set(samples.map(\.shape))).sorted()
        subjects = Array(Set(samples.map(\.subject))).sorted()
        label = samples.map { [shapes] s in shapes.firstIndex(of: s.shape)! }
        stored = samples.map { Drawings.storedPath($0.points) }
        shape = samples.map { StrokeShape($0.points) }
        let templates = zip(samples, stored).map { StrokeTemplate(name: $0.shape, points: $1) }
        let n = samples.count
        var table = [Float](repeating: .infinity, count: n * n)
        for q in 0..<n {
            var candidate = UnistrokeMatcher.Candidate(samples[q].points)
            for c in 0..<n { table[q * n + c] = Float(candidate.distance(to: templates[c]) ?? .infinity) }
        }
        distance = table
    }

    static func storedPath(_ points: [Point]) -> [Point] {
        UnistrokeMatcher.resample(points, UnistrokeMatcher.resampleCount).map { Point(x: $0.x.rounded(), y: $0.y.rounded()) }
    }

    func d(_ q: Int, _ c: Int) -> Float { distance[q * count + c] }
}

/// What a shape accepts (``StrokeTemplate``'s distanceScale, minimumTurn, minimumWidth).
struct Calibration {
    var distanceScale: Double
    var minimumTurn: Double
    var minimumWidth: Double
}

/// Templates chosen for a set of training subjects, and the calibration learned with them.
struct Choice {
    /// Per shape, drawing indices, in the order chosen.
    var templates: [[Int]]
    /// Per shape: typical distance (matcher units), least turn (degrees) and least width.
    var calibration: [Calibration]
}

/// Chooses `perShape` templates per shape among the drawings of `training`, greedily: each
/// step adds the drawing that makes the most training drawings nearest to a template of
/// their own shape, counting only templates drawn by someone else (a new user's drawing
/// never meets their own); ties go to the larger soft margin to the nearest other shape.
/// Then calibrates each shape on the same drawings (``calibrate``).
func choose(_ data: Drawings, training: Set<String>, perShape: Int) -> Choice {
    let queries = data.samples.indices.filter { training.contains(data.samples[$0].subject) }
    let candidatesOf: [[Int]] = data.shapes.indices.map { s in queries.filter { data.label[$0] == s } }
    let subjectOf = data.samples.map { data.subjects.firstIndex(of: $0.subject)! }
    var own = [Float](repeating: .infinity, count: queries.count), other = own
    var chosen = [[Int]](repeating: [], count: data.shapes.count)
    let marginScale: Float = 20, marginWeight: Float = 0.001, big: Float = 1e6
    func term(_ own: Float, _ other: Float) -> Float {
        (own < other ? 1 : 0) + marginWeight * tanh((min(other, big) - min(own, big)) / marginScale)
    }
    for _ in 0..<(perShape * data.shapes.count) {
        let needEmpty = chosen.contains { $0.isEmpty }
        var best: (gain: Float, shape: Int, drawing: Int)?
        for s in data.shapes.indices where chosen[s].count < perShape && (!needEmpty || chosen[s].isEmpty) {
            for c in candidatesOf[s] where !chosen[s].contains(c) {
                var gain: Float = 0
                for (k, q) in queries.enumerated() where subjectOf[q] != subjectOf[c] {
                    let dq = data.d(q, c)
                    if data.label[q] == s {
                        if dq < own[k] { gain += term(dq, other[k]) - term(own[k], other[k]) }
                    } else if dq < other[k] {
                        gain += term(own[k], dq) - term(own[k], other[k])
                    }
                }
                if best == nil || gain > best!.gain { best = (gain, s, c) }
            }
        }
        guard let pick = best else { break }
        chosen[pick.shape].append(pick.drawing)
        for (k, q) in queries.enumerated() where subjectOf[q] != subjectOf[pick.drawing] {
            let dq = data.d(q, pick.drawing)
            if data.label[q] == pick.shape { own[k] = min(own[k], dq) } else { other[k] = min(other[k], dq) }
        }
    }
    return Choice(templates: chosen, calibration: calibrate(data, queries: queries, templates: chosen, subjectOf: subjectOf))
}

/// A shape's typical distance is the median distance from the training drawings of that
/// shape to their nearest template (drawn by someone else), when it is of their shape,
/// averaged half and half with the same median over every shape (30 drawings a shape and
/// subject are few: the pooled figure steadies it). Its least turn and width are
/// ``StrokeDefaults/shapeEnvelopeShare`` of the least any of its training drawings had.
func calibrate(_ data: Drawings, queries: [Int], templates: [[Int]], subjectOf: [Int]) -> [Calibration] {
    var right = [[Double]](repeating: [], count: data.shapes.count)
    for q in queries {
        var best: (d: Float, shape: Int)?
        for (s, list) in templates.enumerated() {
            for c in list where subjectOf[c] != subjectOf[q] {
                let d = data.d(q, c)
                if best == nil || d < best!.d { best = (d, s) }
            }
        }
        if let b = best, b.shape == data.label[q] { right[b.shape].append(Double(b.d)) }
    }
    let pooled = median(right.flatMap { $0 })
    return data.shapes.indices.map { s in
        let own = queries.filter { data.label[$0] == s }.map { data.shape[$0] }
        let share = StrokeDefaults.standard.shapeEnvelopeShare
        return Calibration(distanceScale: 0.5 * median(right[s]) + 0.5 * pooled,
                           minimumTurn: share * (own.map(\.turn).min() ?? 0), minimumWidth: share * (own.map(\.width).min() ?? 0))
    }
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let v = values.sorted()
    return v.count % 2 == 1 ? v[v.count / 2] : 0.5 * (v[v.count / 2 - 1] + v[v.count / 2])
}
