import Foundation
import GestureImport
import GestureProfiles
import Testing
@testable import ProfileEditing

/// A file written by hand and one made by edits load alike; files with errors are shown, not
/// written; imports; every example of the repository edited.
@Suite struct DocumentTests {
    static let byHand = """
        version: 1
        settings:
          tap: { maxMovement: 12 }
          feedback: true
        profiles:
          - name: desktop
            match: any
            gestures:
              - name: next-desktop
                swipe: { direction: left, touches: 3 }
                action: { desktop: next }
                preview: true
              - name: close
                tap: { taps: 2 }
                action: { window: close }
                enabled: false
          - name: browser
            match: { class: firefox }
            gestures:
              - name: close-tab
                swipe: { direction: down, touches: 1 }
                action: { keys: ctrl+w }
        """

    @Test func aFileWrittenByHandAndOneMadeByEditsLoadAlike() throws {
        var document = ProfileDocument(text: "", path: "/nonexistent/config.yaml", diskText: nil)
        #expect(!document.isValid)
        let edits: [ProfileEdit] = [
            .addProfile(name: "desktop", matchClass: nil),
            .addProfile(name: "browser", matchClass: "firefox"),
            .addGesture(profile: "desktop", NewGesture(name: "next-desktop", recognizer: "swipe", parameters: [("direction", "left"), ("touches", "3")], action: "{ desktop: next }")),
            .setPreview(profile: "desktop", gesture: "next-desktop", true),
            .addGesture(profile: "desktop", NewGesture(name: "close", recognizer: "tap", parameters: [("taps", "2")], action: "{ click: 1 }")),
            .setGestureAction(profile: "desktop", gesture: "close", action: "{ window: close }"),
            .setGestureEnabled(profile: "desktop", gesture: "close", false),
            .addGesture(profile: "browser", NewGesture(name: "close-tab", recognizer: "swipe", parameters: [("direction", "down"), ("touches", "1")], action: "{ keys: ctrl+w }")),
            .setSetting(path: ["tap", "maxMovement"], value: "12"),
            .setFeedback(true),
        ]
        for edit in edits {
            try document.apply(edit)
            #expect(document.isValid, "\(edit): \(document.errors)")
        }
        let hand = load(Self.byHand)
        #expect(hand.errors.isEmpty)
        #expect(loaded(document.profiles) == loaded(hand.file))
        #expect(loaded(document.profiles).contains("next-desktop"))
        // A version of its own, then settings before the profiles.
        #expect(document.text.hasPrefix("version: 1\nsettings:\n  tap:\n    maxMovement: 12\n  feedback: true\n\nprofiles:\n  - name: desktop\n"))
    }

    @Test func aFileWithErrorsIsShownEditedButNotSavedUntilItLoads() throws {
        let broken = Fixtures.handWritten.replacingFirst("action: { click: 3 }", with: "action: { keys: ctrl+nosuchkey }")
        var document = ProfileDocument(text: broken, path: "/nonexistent/config.yaml")
        #expect(!document.isValid)
        let error = try #require(document.errors.first)
        #expect(error.location.line == 32)
        #expect(error.location.column == 25)
        #expect(error.description.hasPrefix("/nonexistent/config.yaml:32:25: unknown key name"))
        // An edit elsewhere is made (the error stays); a save is refused.
        try document.apply(.setSetting(path: ["target"], value: "focused"))
        #expect(document.errors.count == 1)
        #expect(throws: ProfileSaveError.self) { try document.save() }
        // The edit that mends it.
        try document.apply(.setGestureAction(profile: "desktop", gesture: "right-click", action: "{ click: 3 }"))
        #expect(document.isValid)
        #expect(lineChanges(Fixtures.handWritten, document.text).removed == ["  target: under-touch"])
    }

    @Test func aFileThatIsNotYAMLIsNeverEdited() throws {
        let text = Fixtures.handWritten.replacingFirst("{ maxMovement: 10, maxDuration: 0.5 }", with: "{ maxMovement: 10, maxDuration: 0.5")
        var document = ProfileDocument(text: text, path: "/nonexistent/config.yaml")
        let error = try #require(document.errors.first)
        #expect(error.message.contains("YAML syntax"))
        #expect(error.location.line >= 6)
        do {
            try document.apply(.setFeedback(true))
            Issue.record("edited a text that is not YAML")
        } catch {
            guard case .unreadable(let d) = error else { Issue.record("\(error)"); return }
            #expect(d.first?.location == error.diagnostics.first?.location)
            #expect(d.first?.file == "/nonexistent/config.yaml")
        }
        #expect(document.text == text)
        #expect(throws: ProfileSaveError.self) { try document.save() }
    }

    @Test func importedProfilesAreAppended() throws {
        let conf = """
            # libinput-gestures
            gesture swipe left 3 xdotool key super+Right
            gesture swipe right 3 xdotool key super+Left
            gesture pinch in 2 xdotool key ctrl+minus
            """
        let result = try GestureImporter.importFile(Array(conf.utf8), path: "libinput-gestures.conf")
        let imported = GestureImporter.profileText(result, sourceName: "libinput-gestures.conf")
        let new = try edited(Fixtures.indentless, .importProfiles(text: imported))
        let c = lineChanges(Fixtures.indentless, new)
        #expect(c.removed == [])
        let before = try #require(load(Fixtures.indentless).file)
        let after = try #require(load(new).file)
        let alone = try #require(load(imported).file)
        #expect(after.profiles.map(\.name) == before.profiles.map(\.name) + alone.profiles.map(\.name))
        var tail = after, importedAlone = after
        tail.profiles = Array(after.profiles.suffix(alone.profiles.count))
        importedAlone.profiles = alone.profiles
        #expect(loaded(tail) == loaded(importedAlone))
        // Indented as the file's list is (indentless here).
        #expect(c.added.contains { $0.hasPrefix("- name: ") })
    }
}

extension ProfileEditError {
    var diagnostics: [Diagnostic] {
        switch self {
        case .unreadable(let d), .refused(let d, _): return d
        default: return []
        }
    }
}

/// Every configuration the importer's tests read, converted as `tactus import` does and
/// merged into a file written by hand.
@Suite struct ImportEveryFixtureTests {
    @Test func everyImportMergesIntoAHandWrittenFile() throws {
        let folder = repositoryRoot + "/Tests/GestureImportTests/Fixtures"
        var paths: [String] = []
        for sub in ["", "/realistic"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder + sub).sorted() where name.hasSuffix(".conf") || name.hasSuffix(".yml") {
                paths.append(folder + sub + "/" + name)
            }
        }
        #expect(paths.count >= 20)
        var merged = 0
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path),
                  let result = try? GestureImporter.importFile(Array(data), path: path) else { continue }
            let imported = GestureImporter.profileText(result, sourceName: path)
            guard let alone = load(imported).file, !alone.profiles.isEmpty else { continue }
            // Into a file whose gesture names cannot clash (an imported profile's may be any).
            let base = "# mine\nversion: 1\nprofiles:\n    -   name: mine          # odd indentation\n        match: { class: mine }\n        gestures: []\n"
            let document = ProfileDocument(text: base, path: "/nonexistent/config.yaml")
            let new: String
            do { new = try document.applying(.importProfiles(text: imported)) } catch {
                Issue.record("\(path): \(error)")
                continue
            }
            #expect(lineChanges(base, new).removed == [], "\(path)")
            let after = try #require(load(new).file, "\(path)")
            var tail = after, importedAlone = after
            tail.profiles = Array(after.profiles.dropFirst())
            importedAlone.profiles = alone.profiles
            #expect(loaded(tail) == loaded(importedAlone), "\(path)")
            merged += 1
        }
        #expect(merged >= 15)
    }
}
