import Foundation
import GestureEngine
import GestureTraces
import StrokeDataSets

/// The engine's templates for a choice: the stored paths, `upright`, with their shape's
/// calibration, exactly as the profile loader builds the built-in ones.
func engineTemplates(_ data: Drawings, _ choice: Choice) -> [StrokeTemplate] {
    choice.templates.enumerated().flatMap { s, list in
        list.map { c in
            StrokeTemplate(name: data.shapes[s], points: data.stored[c], orientation: .upright,
                           distanceScale: choice.calibration[s].distanceScale, minimumTurn: choice.calibration[s].minimumTurn,
                           minimumWidth: choice.calibration[s].minimumWidth)
        }
    }
}

/// How the matcher judged one path: top-1 right or not, its score, and whether a rule
/// rejects it whatever the score.
struct Verdict {
    var speed: String
    var expected: String?
    /// The nearest template's shape.
    var taken: String?
    var right: Bool
    var score: Double
    var rejection: UnistrokeMatcher.Rejection?
    /// The shape's turn and width rule alone (the drag rule left out), for the table of what
    /// each rule buys.
    var outsideShape: Bool

    func fires(at minimumScore: Double, dragRule: Bool = true, turnRule: Bool = true) -> Bool {
        guard score >= minimumScore else { return false }
        if dragRule, rejection == .drag { return false }
        if turnRule, outsideShape { return false }
        return true
    }
}

func judge(_ path: [Point], expected: String?, speed: String, templates: [StrokeTemplate]) -> Verdict {
    guard let m = UnistrokeMatcher.nearest(path, templates: templates) else {
        return Verdict(speed: speed, expected: expected, taken: nil, right: false, score: 0, rejection: nil, outsideShape: false)
    }
    let t = templates[m.index]
    return Verdict(speed: speed, expected: expected, taken: t.name, right: t.name == expected, score: m.score, rejection: m.rejection,
                   outsideShape: m.shape.turn < t.minimumTurn || m.shape.width < t.minimumWidth)
}

/// Leave-one-subject-out: each subject's drawings against templates chosen and calibrated
/// without them.
struct CrossValidation {
    var folds: [(heldOut: String, choice: Choice)] = []
    var verdicts: [Verdict] = []
    /// Drags judged against each fold's templates.
    var dragVerdicts: [[Verdict]] = []

    init(_ data: Drawings, perShape: Int, drags: [DragSet.Drag], progress: (String) -> Void) {
        for subject in data.subjects {
            let training = Set(data.subjects.filter { $0 != subject })
            let choice = choose(data, training: training, perShape: perShape)
            let templates = engineTemplates(data, choice)
            folds.append((subject, choice))
            for (i, s) in data.samples.enumerated() where s.subject == subject {
                verdicts.append(judge(s.points, expected: data.samples[i].shape, speed: s.speed, templates: templates))
            }
            dragVerdicts.append(drags.map { judge($0.points, expected: nil, speed: "", templates: templates) })
            progress("held out \(subject)")
        }
    }

    /// The share of drawings fired as their own shape at `minimumScore` (overall and per speed).
    func accuracy(at minimumScore: Double, speed: String? = nil, dragRule: Bool = true, turnRule: Bool = true) -> Double {
        let pool = verdicts.filter { speed == nil || $0.speed == speed }
        return Double(pool.filter { $0.right && $0.fires(at: minimumScore, dragRule: dragRule, turnRule: turnRule) }.count) / Double(pool.count)
    }

    func topOne(speed: String? = nil) -> Double {
        let pool = verdicts.filter { speed == nil || $0.speed == speed }
        return Double(pool.filter(\.right).count) / Double(pool.count)
    }

    /// Drags that fire against any fold's templates.
    func dragsFired(at minimumScore: Double, dragRule: Bool = true, turnRule: Bool = true) -> Int {
        guard let n = dragVerdicts.first?.count else { return 0 }
        return (0..<n).filter { i in dragVerdicts.contains { $0[i].fires(at: minimumScore, dragRule: dragRule, turnRule: turnRule) } }.count
    }
}

func percent(_ x: Double) -> String { String(format: "%.1f", x * 100) }
