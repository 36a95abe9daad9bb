import TestSupport
import Testing
@testable import GestureEngine
@testable import GestureProfiles


/// Loading never crashes on any mutation of the example file: each mutant either loads (and
/// then builds live views without trouble) or yields errors with positions inside the file.
@Suite struct MutationTests {
    static let mutants = 2_500

    private static let fragments = [
        "{", "}", "[", "]", ":", "- ", "  ", "\t", "\"", "'", "#", "&a", "*a", "!!int ", "%", "{x}", "{bogus}", "-1", "1e999",
        "nan", ".inf", "999999999999", "0", "0.0001", "true", "null", "~", "all", "tap", "pan: {}", "requireToFail: [tap]",
        "action: { keys: ctrl+nokey }", "control: slider", "frame: { left: 10% }", "match: { title: \"(\" }", "ümlaut", "\u{0}",
    ]

    private func mutate(_ text: String, _ rng: inout SeededRandom) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let i = Int.random(in: 0..<lines.count, using: &rng)
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: lines.remove(at: i)
            case 1: lines.insert(lines[Int.random(in: 0..<lines.count, using: &rng)], at: i)
            case 2:  // change indentation
                lines[i] = Bool.random(using: &rng) ? "  " + lines[i] : String(lines[i].drop { $0 == " " })
            case 3:  // insert a fragment at a random column
                var chars = Array(lines[i])
                chars.insert(contentsOf: Self.fragments.randomElement(using: &rng)!, at: Int.random(in: 0...chars.count, using: &rng))
                lines[i] = String(chars)
            case 4:  // delete a span
                var chars = Array(lines[i])
                if !chars.isEmpty {
                    let a = Int.random(in: 0..<chars.count, using: &rng)
                    let b = min(chars.count, a + Int.random(in: 1...6, using: &rng))
                    chars.removeSubrange(a..<b)
                }
                lines[i] = String(chars)
            case 5:  // change a number
                lines[i] = String(lines[i].map { $0.isNumber ? Character(String(Int.random(in: 0...9, using: &rng))) : $0 })
            case 6:  // swap two lines
                lines.swapAt(i, Int.random(in: 0..<lines.count, using: &rng))
            default:  // rename a word
                lines[i] = lines[i].replacingFirstWord(with: ["name", "gestures", "regions", "action", "on", "repeat", "xyz"].randomElement(using: &rng)!)
            }
            if lines.isEmpty { lines = [""] }
        }
        return lines.joined(separator: "\n")
    }

    @Test func loadingNeverCrashesOnMutantsOfTheExample() {
        var rng = SeededRandom(seed: 0xC0FF_EE)
        var loaded = 0, rejected = 0
        for _ in 0..<Self.mutants {
            let text = mutate(configExample, &rng)
            let result = ProfileLoader.load(yaml: text, path: "m.yaml")
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            if let file = result.file {
                #expect(result.errors.isEmpty)
                loaded += 1
                // It must also come alive: views, recognizers, windows.
                let live = Live(file)
                live.runtime.updateWindow(WindowInfo(id: 1, windowClass: "firefox", instance: "Navigator", title: "Mozilla Firefox", frame: Rect(x: 0, y: 0, width: 1280, height: 800)))
                live.tap(1, 50, 50, at: 0)
                live.runtime.closeWindow(1)
                live.drain()
                #expect(live.engine.undecidedTouches.isEmpty)
            } else {
                #expect(!result.errors.isEmpty)
                for e in result.errors {
                    #expect(e.location.line >= 1 && e.location.line <= lineCount + 1, "\(e)")
                    #expect(e.location.column >= 1)
                }
                rejected += 1
            }
        }
        #expect(loaded + rejected == Self.mutants)
        // Both outcomes must actually occur, or the mutations are not exercising anything.
        #expect(loaded > 100 && rejected > 1000)
        print("mutants: \(Self.mutants), loaded \(loaded), rejected \(rejected)")
    }
}

extension String {
    func replacingFirstWord(with word: String) -> String {
        guard let start = firstIndex(where: { $0.isLetter }) else { return self }
        let end = self[start...].firstIndex { !$0.isLetter } ?? endIndex
        return String(self[..<start]) + word + String(self[end...])
    }
}
