import Foundation
import GestureEngine
import GestureProfiles
import ProfileDescriptions
import ProfileEditing
import Testing
@testable import tactus_settings

/// What the settings window adds to ProfileEditing's edits, on a person's file: touchpad
/// gestures added by doing them, the feedback's parts, imports whose names clash with the
/// file's, names for a new application's profile. Each result loads, and every line the edit
/// did not concern is as written.
struct SettingsEditsTests {
    static let file = """
        # My gestures.   (spacing kept)
        version: 1
        settings:
          tap:   { maxMovement: 12,  maxDuration: 0.5 }   # roomy
          feedback: false
        profiles:
          # everywhere
          - name: all
            match: any
            gestures:
              - name: next
                swipe: { direction: left, touches: 3 }
                action: { desktop: next }   # left

        """

    static func loads(_ text: String) -> ProfileFile? {
        let r = ProfileLoader.load(yaml: text, path: "test.yaml")
        #expect(r.errors.isEmpty, "\(r.errors)\n\(text)")
        return r.file
    }

    /// The lines of `b` not in `a`, in order (what an edit added or changed).
    static func added(_ a: String, _ b: String) -> [String] {
        var old = a.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        for line in b.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let i = old.firstIndex(of: line) { old.remove(at: i) } else { out.append(line) }
        }
        return out
    }

    @Test func aTouchpadGestureShownIsAddedUnderTouchpad() throws {
        var document = ProfileDocument(text: Self.file, path: "test.yaml")
        try document.apply(.addTouchpadBinding(profile: "all", NewGesture(fragment: "name: tp-up\nswipe: { fingers: 3, direction: up }\naction: { desktop: show }\n")))
        #expect(Self.loads(document.text)?.profiles[0].touchpad.map(\.name) == ["tp-up"])
        #expect(Self.added(Self.file, document.text) == ["    touchpad:", "      - name: tp-up", "        swipe: { fingers: 3, direction: up }", "        action: { desktop: show }"], "\(document.text)")
        try document.apply(.addTouchpadBinding(profile: "all", NewGesture(fragment: "name: tp-down\nswipe: { fingers: 3, direction: down }\naction: { window: minimize }\n")))
        #expect(Self.loads(document.text)?.profiles[0].touchpad.map(\.name) == ["tp-up", "tp-down"])
    }

    @Test func theFeedbacksPartsReplaceItsValueInItsLine() throws {
        var document = ProfileDocument(text: Self.file, path: "test.yaml")
        try document.apply(.setFeedbackParts(touches: false, actions: true, previews: true))
        #expect(Self.added(Self.file, document.text) == ["  feedback: { touches: false, actions: true, previews: true }"])
        #expect(Self.loads(document.text)?.settings.feedback?.touches == false)
        try document.apply(.setFeedback(false))
        #expect(document.text == Self.file)
    }

    /// A Touchégg file imported into a file that has a profile of the same name (`all`):
    /// both stay, the imported one renamed, its comments along.
    @Test func anImportWhoseNamesClashIsAddedUnderNewNames() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fixture = root.appendingPathComponent("Tests/GestureImportTests/Fixtures/touchegg-default-like.conf").path
        guard case .success(let imported) = ImportDialog.convert(fixture) else { Issue.record("the fixture did not convert"); return }
        let importedFile = try #require(Self.loads(imported))
        #expect(importedFile.profiles.map(\.name).contains("all"), "the fixture's profile clashes with the file's")
        let renamed = FileEdits.renamingClashes(in: imported, taken: FileEdits.names(in: Self.loads(Self.file)))
        var document = ProfileDocument(text: Self.file, path: "test.yaml")
        try document.apply(.importProfiles(text: renamed))
        #expect(document.text.hasPrefix(Self.file.trimmingCharacters(in: .newlines)), "the person's text first, unchanged")
        let file = try #require(Self.loads(document.text))
        #expect(file.profiles.map(\.name) == ["all"] + importedFile.profiles.map { $0.name == "all" ? "all-imported" : $0.name })
        #expect(file.profiles.dropFirst().flatMap(\.touchpad).count == importedFile.profiles.flatMap(\.touchpad).count)
        #expect(document.text.contains("# from touchegg-default-like.conf:15"), "\(document.text)")
    }

    @Test func aNewApplicationsProfileIsNamedAfterItsClassOnce() {
        let window = WindowInfo(id: 1, windowClass: "org.gnome.Nautilus", instance: "nautilus", title: "Home", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(FileEdits.profileName(for: window, in: nil) == "org-gnome-nautilus")
        let text = Self.file + "  - name: org-gnome-nautilus\n    match: { class: org.gnome.Nautilus }\n    gestures: []\n"
        #expect(FileEdits.profileName(for: window, in: Self.loads(text)) == "org-gnome-nautilus-2")
    }
}
