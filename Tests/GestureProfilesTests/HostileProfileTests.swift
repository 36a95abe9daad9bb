import Testing
@testable import GestureProfiles
import TestSupport

/// Profile files built to cost the loader time, memory or stack (issue 15): each is refused
/// with an error at its place, and the loader returns. Without the bounds, each of these
/// inputs takes minutes or gigabytes, or overflows the stack.
@Suite struct HostileProfileTests {
    private func errors(_ yaml: String, files: any ProfileFileReader = FileSystemReader()) -> [String] {
        let r = ProfileLoader.load(yaml: yaml, path: "t.yaml", files: files)
        #expect(r.file == nil || r.errors.isEmpty)
        return r.errors.map(\.description)
    }

    private let head = "version: 1\nprofiles:\n  - name: p\n    match: any\n    gestures:\n"
    private let limits = "a profile file holds at most \(ProfileLimits.fileBytes) bytes, \(ProfileLimits.yamlNodes) nodes and \(ProfileLimits.yamlDepth) levels (tactus.yaml(5), LIMITS)"

    /// The issue's reproducer: action lists nested by alias, ten per level (10^9 actions once
    /// expanded, from a file of under 2 KB). Refused where the expansion passes the limit.
    @Test func anAliasBombIsRefusedWhereItPassesTheNodeLimit() {
        var yaml = head + "      - name: g0\n        tap: {}\n        action: &a0 [" + Array(repeating: "{ log: ha }", count: 10).joined(separator: ", ") + "]\n"
        for level in 1...9 {
            yaml += "      - name: g\(level)\n        tap: {}\n        action: &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(yaml.utf8.count < 2_000)
        // Level 4 (31,011 nodes an alias of level 3) is the first to take the file past 100,000.
        let found = errors(yaml)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("t.yaml:20:") == true, "\(found)")
        #expect(found.first?.hasSuffix("the file has more than \(ProfileLimits.yamlNodes) nodes, its aliases expanded: \(limits)") == true, "\(found)")
    }

    /// Duplicate keys are found by comparing a mapping's keys: a key that is an alias of the bomb
    /// would be compared through its whole expansion, before any of the file is read.
    @Test func anAliasBombAsAMappingKeyIsRefusedBeforeItIsCompared() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 { yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        yaml += "? *a9\n: 1\n"
        // With 12,350 nodes before it, a4 passes the limit at its eighth alias of a3 (11,111 each).
        #expect(errors(yaml).first?.hasPrefix("t.yaml:5:\(10 + 7 * 5):") == true, "\(errors(yaml))")
    }

    /// Every walk of the tree is recursive: deep nesting would overflow the stack. Past the limit,
    /// the loader's error; far past it, libyaml's own (it stops at 1,000 levels).
    @Test func deepNestingIsRefusedAtTheLevelPastTheLimit() {
        let nested = "version: 1\nprofiles: " + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "\n"
        #expect(errors(nested) == ["t.yaml:2:\(11 + ProfileLimits.yamlDepth - 1): the file nests lists and mappings deeper than \(ProfileLimits.yamlDepth) levels: \(limits)"])
        let deep = "version: 1\nprofiles: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
        #expect(errors(deep).count == 1)
        #expect(errors(deep).first?.hasPrefix("t.yaml:2:") == true)
    }

    /// A shallow anchor used inside a deep one brings its depth along.
    @Test func nestingThroughAliasesCounts() {
        var yaml = "a0: &a0 " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\n"
        yaml += "b: " + String(repeating: "[", count: 40) + "*a0" + String(repeating: "]", count: 40) + "\n"
        #expect(errors(yaml).first?.contains("deeper than \(ProfileLimits.yamlDepth) levels, its aliases expanded") == true, "\(errors(yaml))")
    }

    @Test func aFileLongerThanTheLimitIsRefusedAtTheLineThatPassesIt() {
        let line = "# " + String(repeating: "x", count: 1021) + "\n"  // 1 KiB a line
        let yaml = String(repeating: line, count: 2048)
        #expect(errors(yaml) == ["t.yaml:1025:1: the file is longer than \(ProfileLimits.fileBytes) bytes: \(limits)"])
    }

    /// A stroke file that never ends (a device): read up to the limit, then refused.
    @Test func anEndlessStrokeFileIsNotReadToItsEnd() {
        let yaml = head + "      - name: s\n        stroke: { templates: [{ name: z, file: /dev/zero }] }\n        action: { log: z }\n"
        #expect(errors(yaml) == ["t.yaml:7:48: cannot read the stroke file '/dev/zero'"])
    }

    /// What the limits let through: a large but honest file loads.
    @Test func aFileWithinTheLimitsLoads() {
        var yaml = head
        for i in 0..<1_000 { yaml += "      - name: g\(i)\n        tap: {}\n        action: &x\(i) [{ log: hi }, { keys: ctrl+c }]\n" }
        #expect(errors(yaml) == [])
    }

    /// `n` gestures, each requiring the next to fail; the last requires the first when `closed`.
    private func chain(_ n: Int, closed: Bool = false) -> String {
        var yaml = head
        for i in 0..<n {
            let next = i + 1 < n ? "g\(i + 1)" : (closed ? "g0" : nil)
            yaml += "      - { name: g\(i), tap: {}\(next.map { ", requireToFail: \($0)" } ?? "") }\n"
        }
        return yaml
    }

    /// The issue's reproducer: 20,000 gestures each requiring the next overflowed the stack
    /// of the recursive cycle check (`check` and the daemon's reload died, exit 139). Such a
    /// file is now refused before the check, by its size.
    @Test func aRequireToFailChainOf20000IsRefusedNotACrash() {
        let found = errors(chain(20_000))
        #expect(found.count == 1)
        #expect(found.first?.hasSuffix("(tactus.yaml(5), LIMITS)") == true, "\(found)")
    }

    /// Within the YAML limits, the gesture limit: an error at the first gesture too many (and
    /// none for the names of gestures left unread).
    @Test func gesturesBeyondTheLimitAreRefusedAtTheFirstOneTooMany() {
        let found = errors(chain(5_000))
        #expect(found == ["t.yaml:\(6 + ProfileLimits.gestures):9: more than \(ProfileLimits.gestures) gestures and touchpad bindings in the file; the rest are not read (tactus.yaml(5), LIMITS)"])
    }

    /// A cycle through every gesture the file may hold is found and reported once.
    @Test func aCycleThroughEveryGestureIsReported() {
        let found = errors(chain(ProfileLimits.gestures, closed: true))
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("t.yaml:\(5 + ProfileLimits.gestures):") == true, "\(found)")
        #expect(found.first?.contains("requireToFail cycle: g0 -> g1 -> g2 -> ") == true)
        #expect(found.first?.contains("-> g\(ProfileLimits.gestures - 1) -> g0; these gestures would wait") == true)
    }

    /// The check itself: iterative (100,000 deep, far past what the stack holds for a
    /// recursive search) and linear (a quadratic one takes hours on this).
    @Test func theCycleCheckIsIterativeAndLinear() {
        let n = 100_000
        let edges = (0..<n).map { (from: "g\($0)", to: "g\(($0 + 1) % n)") }
        let cycles = RequirementCycles.find(edges)
        #expect(cycles.count == 1)
        #expect(cycles.first?.count == n)
        #expect(cycles.first?.last == n - 1)
        // Many cycles through one long path: each is reported once, ten at most.
        let fan = (0..<n).map { (from: "h\($0)", to: "h\($0 + 1)") } + (1...n).map { (from: "h\($0)", to: "h0") }
        #expect(RequirementCycles.find(fan).count == 10)
    }

    /// The issue's reproducer: an unknown key of 40,000 characters took 17 s, compared in
    /// full with every candidate (as a key name in `keys:`, with thousands of keysyms).
    @Test func aLongUnknownNameIsReportedWithoutComparingItInFull() {
        let long = String(repeating: "q", count: 40_000)
        // YAML's implicit keys stop at 1,024 characters: an explicit one ('? key') is longer.
        #expect(errors(head + "      - name: a\n        tap: {}\n        ? \(long)\n        : 1\n") == [
            "t.yaml:8:11: unknown key '\(long)' in a gesture",
        ])
        let found = errors(head + "      - name: a\n        tap: {}\n        action: { keys: ctrl+\(long) }\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("t.yaml:8:25: unknown key name '\(long)'") == true)
        #expect(found.first?.contains("did you mean") == false)
    }

    /// Thousands of mistakes: the first hundred are reported, the others counted, not built.
    @Test func aFileOfMistakesReportsTheFirstHundred() {
        var yaml = head
        for i in 0..<5_000 { yaml += "      - { name: g\(i), tap: {}, action: { keys: ctrl+nokey\(i) } }\n" }
        let found = errors(yaml)
        #expect(found.count == DiagnosticSink.maximumCount + 1)
        #expect(found.last == "t.yaml:\(6 + DiagnosticSink.maximumCount):48: more than \(DiagnosticSink.maximumCount) problems; the rest are not shown")
    }

    /// The banded distance agrees with the whole table wherever it answers.
    @Test func theCappedEditDistanceAgreesWithTheFullOne() {
        func full(_ a: [Character], _ b: [Character]) -> Int {
            var d = (0...a.count).map { i in (0...b.count).map { j in i == 0 ? j : (j == 0 ? i : 0) } }
            for i in stride(from: 1, through: a.count, by: 1) {
                for j in stride(from: 1, through: b.count, by: 1) {
                    d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
                }
            }
            return d[a.count][b.count]
        }
        var random = SeededRandom(seed: 15)
        for _ in 0..<3_000 {
            let a = (0..<Int.random(in: 0...9, using: &random)).map { _ in "abc".randomElement(using: &random)! }
            let b = (0..<Int.random(in: 0...9, using: &random)).map { _ in "abc".randomElement(using: &random)! }
            let limit = Int.random(in: 0...4, using: &random)
            let expected = full(a, b)
            #expect(editDistance(a, b, atMost: limit) == (expected <= limit ? expected : nil), "\(String(a)) \(String(b)) \(limit)")
        }
        #expect(suggestion(for: "Lfet", among: ["Right", "Left"]) == " (did you mean 'Left'?)")
    }
}
