import Foundation
import Testing
@testable import GestureProfiles

/// The profile examples of the README and of the format's reference (docs/profiles.md) load
/// as printed: whole files, and profile snippets (such as the `scroll:` one) inside a file's
/// `profiles:`.
@Suite struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let pages = ["README.md", "docs/commands.md", "docs/profiles.md", "docs/programs-without-touch.md"].map { root.appendingPathComponent($0) }

    /// Every ```yaml block of the README and the user pages.
    static func yamlBlocks() throws -> [String] {
        let text = try pages.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        var blocks: [String] = [], current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```yaml" {
                current = []
            } else if line.hasPrefix("```"), let lines = current {
                blocks.append(lines.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func everyFileAndProfileExampleLoads() throws {
        let blocks = try Self.yamlBlocks()
        var loaded = 0
        for block in blocks {
            let yaml: String
            if block.hasPrefix("version: 1") {
                yaml = block
            } else if block.hasPrefix("  - name:") {
                yaml = "version: 1\nprofiles:\n" + block
            } else if block.hasPrefix("    touchpad:") {
                yaml = "version: 1\nprofiles:\n  - name: desktop\n    match: any\n" + block
            } else {
                continue
            }
            let r = ProfileLoader.load(yaml: yaml, path: "README.md")
            #expect(r.errors.isEmpty && r.file != nil, "\(r.errors)\n\(block)")
            loaded += 1
        }
        #expect(loaded >= 3, "the five-minute profile, the complete example, the scroll snippet")
        let complete = try #require(blocks.first { $0.contains("feedback:") })
        #expect(ProfileLoader.load(yaml: complete, path: "README.md").file?.settings.feedback == FeedbackSettings())
        let scroll = try #require(blocks.first { $0.contains("two-finger-scroll") })
        #expect(ProfileLoader.load(yaml: "version: 1\nprofiles:\n" + scroll, path: "README.md").file?.allGestures.first?.scroll == ScrollSpec())
        // The touchpad bindings' snippet: a preview, an action that waits, one at recognition.
        let touchpad = try #require(blocks.first { $0.hasPrefix("    touchpad:") })
        let bindings = ProfileLoader.load(yaml: "version: 1\nprofiles:\n  - name: desktop\n    match: any\n" + touchpad, path: "README.md").file?.profiles.first?.touchpad
        #expect(bindings?.map { "\($0.name) \($0.fire?.rawValue ?? "-") \($0.preview)" }
            == ["touchpad-maximize at-lift true", "touchpad-close at-lift false", "touchpad-launcher at-recognition false"])
    }
}
