import TestSupport
import Foundation
import Testing
@testable import GestureEngine

/// One sample of the $1 data set (../shared/data/dollar1).
struct DollarSample {
    var subject: String
    var speed: String
    var shape: String
    var number: Int
    var points: [Point]
}

/// Reads every sample: `SUBJECT/SPEED/SHAPENN.xml` with `<Point X=".." Y=".." T=".."/>`.
func loadDollarSamples() throws -> [DollarSample] {
    let root = sharedData.appendingPathComponent("dollar1")
    var out: [DollarSample] = []
    let fm = FileManager.default
    for subject in try fm.contentsOfDirectory(atPath: root.path).sorted() {
        for speed in ["slow", "medium", "fast"] {
            let dir = root.appendingPathComponent("\(subject)/\(speed)")
            for file in try fm.contentsOfDirectory(atPath: dir.path).sorted() where file.hasSuffix(".xml") {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                var points: [Point] = []
                for chunk in text.components(separatedBy: "<Point ").dropFirst() {
                    func attr(_ name: String) -> Double? {
                        guard let r = chunk.range(of: "\(name)=\"") else { return nil }
                        return Double(chunk[r.upperBound...].prefix { $0 != "\"" })
                    }
                    if let x = attr("X"), let y = attr("Y") { points.append(Point(x: x, y: y)) }
                }
                let base = String(file.dropLast(4))
                let shape = String(base.dropLast(2)), number = Int(base.suffix(2)) ?? 0
                out.append(DollarSample(subject: subject, speed: speed, shape: shape, number: number, points: points))
            }
        }
    }
    return out
}

/// Accuracy on the $1 data set, measured user-independently: templates come from some
/// subjects, every sample of the other subjects is recognized against them.
@Suite struct StrokeAccuracyTests {
    static let templateSubjects = ["s02", "s03", "s04"]

    func accuracy(templatesPerShape: Int, samples: [DollarSample]) -> (overall: Double, bySpeed: [String: Double], count: Int) {
        var templates: [StrokeTemplate] = []
        for shape in Set(samples.map(\.shape)).sorted() {
            for subject in Self.templateSubjects.prefix(templatesPerShape) {
                if let s = samples.first(where: { $0.subject == subject && $0.speed == "medium" && $0.shape == shape && $0.number == 1 }) {
                    templates.append(StrokeTemplate(name: shape, points: s.points))
                }
            }
        }
        var right: [String: Int] = [:], total: [String: Int] = [:]
        for s in samples where !Self.templateSubjects.contains(s.subject) {
            total[s.speed, default: 0] += 1
            if let m = UnistrokeMatcher.match(s.points, templates: templates), templates[m.index].name == s.shape { right[s.speed, default: 0] += 1 }
        }
        var by: [String: Double] = [:]
        for (k, n) in total { by[k] = Double(right[k] ?? 0) / Double(n) }
        let n = total.values.reduce(0, +)
        return (Double(right.values.reduce(0, +)) / Double(n), by, n)
    }

    /// Medoid choice: among the training subjects' samples of a shape, the one closest on
    /// average to the others (chosen from training data only).
    func medoids(_ samples: [DollarSample], shape: String, subjects: [String], count: Int) -> [DollarSample] {
        var chosen: [DollarSample] = []
        let groups: [[String]] = count == 1 ? [subjects] : subjects.prefix(count).map { [$0] }
        for group in groups {
            let pool = samples.filter { $0.shape == shape && subjects.contains($0.subject) }
            let own = pool.filter { group.contains($0.subject) }
            let normalized = pool.map { UnistrokeMatcher.normalize($0.points, rotate: true) }
            var best: (DollarSample, Double)?
            for c in own {
                let cn = UnistrokeMatcher.normalize(c.points, rotate: true)
                var sum = 0.0
                for n in normalized { sum += UnistrokeMatcher.distanceAtBestAngle(cn, n, from: -.pi / 4, to: .pi / 4) }
                if best == nil || sum < best!.1 { best = (c, sum) }
            }
            if let b = best { chosen.append(b.0) }
        }
        return chosen
    }

    /// Templates for every shape: `count` medoids from the training subjects.
    func medoidTemplates(_ samples: [DollarSample], count: Int) -> [StrokeTemplate] {
        Set(samples.map(\.shape)).sorted().flatMap { shape in
            medoids(samples, shape: shape, subjects: Self.templateSubjects, count: count).map { StrokeTemplate(name: shape, points: $0.points) }
        }
    }

    func accuracy(of templates: [StrokeTemplate], on samples: [DollarSample]) -> (overall: Double, bySpeed: [String: Double]) {
        var right: [String: Int] = [:], total: [String: Int] = [:]
        for s in samples {
            total[s.speed, default: 0] += 1
            if let m = UnistrokeMatcher.match(s.points, templates: templates), templates[m.index].name == s.shape { right[s.speed, default: 0] += 1 }
        }
        var by: [String: Double] = [:]
        for (k, n) in total { by[k] = Double(right[k] ?? 0) / Double(n) }
        return (Double(right.values.reduce(0, +)) / Double(total.values.reduce(0, +)), by)
    }

    /// The protocol: templates from s02-s04, every sample of s01-pilot, s05, s06 tested.
    @Test func userIndependentAccuracy() throws {
        let samples = try loadDollarSamples()
        #expect(samples.count == 6 * 480)
        let test = samples.filter { !Self.templateSubjects.contains($0.subject) }
        let one = accuracy(of: medoidTemplates(samples, count: 1), on: test)
        let three = accuracy(of: medoidTemplates(samples, count: 3), on: test)
        print("stroke accuracy (user-independent, \(test.count) samples): 1 template/shape \(one), 3 templates/shape \(three)")
        #expect(one.overall >= 0.95)
        #expect(three.overall >= 0.975)
        for speed in ["slow", "medium", "fast"] { #expect(three.bySpeed[speed]! >= 0.96) }
    }

    /// The $1 paper's protocol: per subject and speed, T templates per shape drawn at random
    /// from that subject's own samples, every other sample of theirs recognized; 10 trials.
    @Test func userDependentAccuracyAsInThePaper() throws {
        let samples = try loadDollarSamples()
        var rng = SeededRandom(seed: 1_2007)
        var results: [Int: (right: Int, total: Int)] = [:]
        var bySpeed: [String: (right: Int, total: Int)] = [:]
        for t in [1, 3] {
            for subject in Set(samples.map(\.subject)) {
                for speed in ["slow", "medium", "fast"] {
                    let mine = samples.filter { $0.subject == subject && $0.speed == speed }
                    for _ in 0..<10 {
                        var templates: [StrokeTemplate] = []
                        var candidates: [DollarSample] = []
                        for shape in Set(mine.map(\.shape)) {
                            let own = mine.filter { $0.shape == shape }.shuffled(using: &rng)
                            templates += own.prefix(t).map { StrokeTemplate(name: shape, points: $0.points) }
                            candidates.append(own[t])
                        }
                        for c in candidates {
                            let ok = UnistrokeMatcher.match(c.points, templates: templates).map { templates[$0.index].name == c.shape } ?? false
                            results[t, default: (0, 0)].right += ok ? 1 : 0
                            results[t, default: (0, 0)].total += 1
                            if t == 1 {
                                bySpeed[speed, default: (0, 0)].right += ok ? 1 : 0
                                bySpeed[speed, default: (0, 0)].total += 1
                            }
                        }
                    }
                }
            }
        }
        let one = Double(results[1]!.right) / Double(results[1]!.total)
        let three = Double(results[3]!.right) / Double(results[3]!.total)
        print("stroke accuracy (user-dependent, as in the paper): 1 template \(one), 3 templates \(three); 1 template by speed \(bySpeed.mapValues { Double($0.right) / Double($0.total) })")
        #expect(one >= 0.97)
        #expect(three >= 0.99)
    }
}

