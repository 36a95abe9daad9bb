import Foundation
import GestureProfiles
import Testing
@testable import ProfileEditing

/// The repository's own files, edited: packaging/examples and the YAML of the README and
/// docs/profiles.md that loads as it stands. Then what a hostile file gets.
@Suite struct ExampleAndHostileTests {
    /// Every example file and every complete example of the docs (those that load alone).
    static func examples() throws -> [(name: String, text: String)] {
        var out: [(String, String)] = []
        let folder = repositoryRoot + "/packaging/examples"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".yaml") {
            out.append((name, try String(contentsOfFile: folder + "/" + name, encoding: .utf8)))
        }
        for doc in ["README.md", "docs/profiles.md"] {
            let text = try String(contentsOfFile: repositoryRoot + "/" + doc, encoding: .utf8)
            var block: [Substring]?
            var n = 0
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```yaml") { block = []; continue }
                if line.hasPrefix("```"), let b = block {
                    n += 1
                    let yaml = b.joined(separator: "\n") + "\n"
                    if load(yaml).errors.isEmpty { out.append(("\(doc) #\(n)", yaml)) }
                    block = nil
                    continue
                }
                block?.append(line)
            }
        }
        return out
    }

    @Test func everyExampleIsEditedInTheLinesItMustOnly() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 6, "\(examples.map(\.name))")
        #expect(examples.contains { $0.name.hasPrefix("README") } && examples.contains { $0.name.hasPrefix("docs/") }, "\(examples.map(\.name))")
        let edits: [ProfileEdit] = [
            .setSetting(path: ["tap", "maxMovement"], value: "11"),
            .setSetting(path: ["target"], value: "focused"),
            .setSetting(path: ["swipe", "minimumVelocity"], value: "250"),
            .setFeedback(true),
            .addProfile(name: "added-by-the-app", matchClass: "Gimp"),
        ]
        for (name, text) in examples {
            let original = load(text)
            for edit in edits {
                let document = ProfileDocument(text: text, path: "/nonexistent/config.yaml")
                let new: String
                do { new = try document.applying(edit) } catch {
                    Issue.record("\(name): \(edit): \(error)")
                    continue
                }
                #expect(load(new).errors.isEmpty, "\(name): \(edit)")
                let c = lineChanges(text, new)
                // One line changed at most; a comment on it kept.
                #expect(c.removed.count <= 1, "\(name): \(edit): \(c)")
                if let old = c.removed.first, let hash = old.range(of: " #") {
                    #expect(c.added.contains { $0.hasSuffix(old[hash.lowerBound...]) }, "\(name): \(edit): \(c)")
                }
                // Every comment of the file still there, in order.
                let comments = { (t: String) in t.split(separator: "\n").filter { $0.contains("#") && !c.removed.contains(String($0)) } }
                #expect(comments(text) == comments(new).filter { !c.added.contains(String($0)) }, "\(name): \(edit)")
                // And the profiles as they were, but for what was edited.
                if case .addProfile = edit {
                    var after = load(new).file!
                    after.profiles.removeLast()
                    #expect(loaded(after) == loaded(original.file), "\(name)")
                }
            }
        }
    }

    @Test func aHugeFileGivesABoundedError() throws {
        let huge = "version: 1\n" + String(repeating: "# a comment line that goes on and on and on\n", count: 30_000) + "profiles: []\n"
        let clock = ContinuousClock()
        let start = clock.now
        let document = ProfileDocument(text: huge, path: "/nonexistent/config.yaml")
        #expect(!document.isValid)
        #expect(document.errors.first?.message.contains("at most") == true)
        #expect(throws: ProfileEditError.self) { try document.applying(.setFeedback(true)) }
        #expect(clock.now - start < .seconds(10))
    }

    @Test func deepNestingAndExpandingAliasesGiveABoundedError() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let deep = "version: 1\nsettings: " + String(repeating: "[", count: 200_000) + "\nprofiles: []\n"
        let document = ProfileDocument(text: deep, path: "/nonexistent/config.yaml")
        #expect(!document.isValid)
        let error = try #require(document.errors.first)
        #expect(error.location.line == 2)
        #expect(throws: ProfileEditError.self) { try document.applying(.setSetting(path: ["tap", "maxMovement"], value: "1")) }

        var laughs = "version: 1\nprofiles: []\na: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 { laughs += "l\(i): &l\(i) [" + Array(repeating: i == 1 ? "*a" : "*l\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        let bomb = ProfileDocument(text: laughs, path: "/nonexistent/config.yaml")
        #expect(!bomb.isValid)
        #expect(throws: ProfileEditError.self) { try bomb.applying(.setFeedback(true)) }
        #expect(clock.now - start < .seconds(10))
    }

    @Test func aHostileValueIsQuotedNotPasted() throws {
        let text = Fixtures.handWritten
        let document = ProfileDocument(text: text, path: "/nonexistent/config.yaml")
        // A value that would be a new key, a comment or a mapping is written quoted; the loader refuses it.
        for value in ["focused\nprofiles: []", "x # y", "{ a: 1 }", "\"", ""] {
            do {
                let new = try document.applying(.setSetting(path: ["target"], value: value))
                Issue.record("written: \(new)")
            } catch {
                guard case .refused(_, let new) = error else { Issue.record("\(error)"); continue }
                #expect(lineChanges(text, new).removed == ["  target: under-touch"])
                #expect(lineChanges(text, new).added.count == 1)
            }
        }
        // A name with a comment sign is quoted, and loads as itself.
        let named = try edited(text, .addProfile(name: "it's #1", matchClass: "x\"y"))
        #expect(load(named).file?.profiles.last?.name == "it's #1")
    }
}
