import Testing
import TestSupport
@testable import GestureEngine
@testable import GestureProfiles

/// `match:` patterns run on titles any X client sets (issue 15: `^(a|aa)+$` against 32 `a`s
/// and a `b` took 2 s with Swift's backtracking Regex). They match in linear time.
@Suite struct WindowPatternTests {
    private func matches(_ pattern: String, _ text: String) throws -> Bool {
        try PatternProgram(pattern).matches(text)
    }

    /// The reproducer, with a title long enough that backtracking would never finish.
    @Test func aPatternThatBacktracksBadlyMatchesInLinearTime() throws {
        let a = String(repeating: "a", count: 1_000)
        #expect(try !matches("^(a|aa)+$", a + "b"))
        #expect(try matches("^(a|aa)+$", a))
        #expect(try !matches("^(a*)*$", String(repeating: "a", count: 1_000) + "!"))
        #expect(try !matches("(x+x+)+y", String(repeating: "x", count: 1_000)))
        // Through the loader and the runtime, as a window's title changes.
        let live = try Live("version: 1\nprofiles:\n  - name: bomb\n    match: { title: \"/^(a|aa)+$/\" }\n    gestures:\n      - { name: t, tap: {}, action: { log: hit } }\n")
        live.runtime.updateWindow(WindowInfo(id: 1, windowClass: "x", title: a + "b", frame: Rect(x: 0, y: 0, width: 500, height: 500)))
        #expect(live.runtime.matchingProfile(for: live.runtime.windows.info(1)!) == nil)
        live.runtime.updateWindow(WindowInfo(id: 1, windowClass: "x", title: String(repeating: "a", count: 33), frame: Rect(x: 0, y: 0, width: 500, height: 500)))
        #expect(live.runtime.matchingProfile(for: live.runtime.windows.info(1)!)?.name == "bomb")
    }

    /// Only the first 1,024 characters of a title are looked at.
    @Test func aLongTitleIsMatchedOnItsBeginning() throws {
        let title = String(repeating: "-", count: 1_500) + "needle"
        #expect(try !matches("needle", title))
        #expect(try matches("^-{1000}", title))
        #expect(try matches("needle", String(title.dropFirst(600))))
    }

    @Test func whatBacktrackingNeedsIsRefusedWithTheReason() {
        func error(_ pattern: String) -> String? {
            do { _ = try PatternProgram(pattern); return nil } catch { return error.description }
        }
        #expect(error("(a)\\1")?.hasPrefix("backreferences are not supported") == true)
        #expect(error("a(?=b)")?.hasPrefix("lookaround is not supported") == true)
        #expect(error("(?<!a)b")?.hasPrefix("lookaround is not supported") == true)
        #expect(error("a++")?.hasPrefix("possessive quantifiers") == true)
        #expect(error("(a{1000}){1000}")?.hasPrefix("the pattern is too large") == true)
        #expect(error("a{1001}") == "a count above 1000 (write * or +)")
        #expect(error("[z-a]") == "range 'z-a' out of order")
        #expect(error("(unclosed") == "missing ')'")
        #expect(error("*a") == "nothing to repeat at character 1")
        #expect(error("(?<name>a)|(?i:b)|[\\d\\-x]") == "unsupported group '(?' at character 12; (?i) is accepted at the start only")
        #expect(error("(?<name>a)|b{2,}?|[^\\s\\]]|\\bword\\B|\\.") == nil)
        #expect(ProfileLoader.load(yaml: "version: 1\nprofiles:\n  - name: w\n    match: { title: \"/(a)\\\\1/\" }\n", path: "t.yaml").errors.map(\.description) == [
            "t.yaml:4:21: bad regular expression '(a)\\1': backreferences are not supported (patterns match in linear time, without backtracking)",
        ])
    }

    @Test func caseAndClasses() throws {
        #expect(try matches("(?i)^mozilla", "MOZILLA Firefox"))
        #expect(try !matches("^mozilla", "MOZILLA Firefox"))
        #expect(try matches("(?i)[a-c]x", "Bx"))
        #expect(try matches("\\d{3}-\\w+", "call 555-ümlaut"))
        #expect(try matches("^\\S+\\s—\\s", "notes.txt — Editor"))
        #expect(try matches("\\bword\\b", "a word."))
        #expect(try !matches("\\bword\\b", "swordfish"))
        #expect(try matches("^$", ""))
        #expect(try matches("a{2,3}$", "caaa"))
        #expect(try !matches("^a{2,3}$", "aaaa"))
    }

    /// On small random patterns and texts (where backtracking is quick), the same answers as
    /// Swift's own Regex.
    @Test func agreesWithSwiftRegexOnRandomPatterns() throws {
        var random = SeededRandom(seed: 10)
        let atoms = ["a", "b", ".", "[ab]", "[^a]", "\\w", "\\d", "(a|b)", "(ab|a)", "(?:a|)", "x"]
        let quantifiers = ["", "", "*", "+", "?", "{2}", "{1,2}", "{0,}"]
        for _ in 0..<2_000 {
            var pattern = Int.random(in: 0..<4, using: &random) == 0 ? "^" : ""
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                pattern += atoms.randomElement(using: &random)! + quantifiers.randomElement(using: &random)!
                if Int.random(in: 0..<6, using: &random) == 0 { pattern += "|" }
            }
            if pattern.hasSuffix("|") { pattern += "b" }
            if Int.random(in: 0..<4, using: &random) == 0 { pattern += "$" }
            let text = String((0..<Int.random(in: 0...8, using: &random)).map { _ in "ab1x ".randomElement(using: &random)! })
            let expected = try Regex(pattern).firstMatch(in: text) != nil
            #expect(try matches(pattern, text) == expected, "/\(pattern)/ on '\(text)'")
        }
    }
}
