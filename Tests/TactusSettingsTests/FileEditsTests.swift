import Foundation
import GestureProfiles
import ProfileDescriptions
import Testing
@testable import tactus_settings

/// The settings window's edits of a person's file: each changes only what it must, every
/// other line byte for byte as written, and the result loads.
struct FileEditsTests {
    static let file = """
        # My gestures.   (spacing kept)
        version: 1
        settings:
          tap:   { maxMovement: 12,  maxDuration: 0.5 }   # roomy
          longPress:
            minimumDuration: 0.6      # slow hands
          feedback: false
        profiles:
          # everywhere
          - name: desktop
            match: any
            gestures:
              - name: next
                swipe: { direction: left, touches: 3 }
                action: { desktop: next }   # left

              # the zoom
              - name: zoom
                pinch: { touches: 2 }
                action: { keys: ctrl+plus }
          - name: browser
            match: { class: firefox }
            gestures: []

        """

    /// The lines of `b` that differ from `a`'s, by position, and whether they are as many.
    static func changed(_ a: String, _ b: String) -> (same: Bool, lines: [(String, String)]) {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false), y = b.split(separator: "\n", omittingEmptySubsequences: false)
        return (x.count == y.count, zip(x, y).filter { $0 != $1 }.map { (String($0), String($1)) })
    }

    static func loads(_ text: String) -> ProfileFile? {
        let r = ProfileLoader.load(yaml: text, path: "test.yaml")
        #expect(r.errors.isEmpty, "\(r.errors)\n\(text)")
        return r.file
    }

    @Test func aThresholdInAFlowMappingChangesOnlyItsValue() throws {
        let out = try FileEdits.setThreshold("tap.maxMovement", to: 16, in: Self.file, path: "t")
        let d = Self.changed(Self.file, out)
        #expect(d.same && d.lines.count == 1 && d.lines[0].1 == "  tap:   { maxMovement: 16,  maxDuration: 0.5 }   # roomy", "\(d.lines)")
        #expect(Self.loads(out)?.settings.gestures.tap.maxMovement == 16)
    }

    @Test func aThresholdInABlockMappingChangesOnlyItsValue() throws {
        let out = try FileEdits.setThreshold("longPress.minimumDuration", to: 0.45, in: Self.file, path: "t")
        let d = Self.changed(Self.file, out)
        #expect(d.same && d.lines.count == 1 && d.lines[0].1 == "    minimumDuration: 0.45      # slow hands", "\(d.lines)")
        #expect(Self.loads(out)?.settings.gestures.longPress.minimumDuration == 0.45)
    }

    @Test func aThresholdMissingIsAddedInTheSectionOrAsANewSection() throws {
        let inFlow = try FileEdits.setThreshold("tap.maxInterval", to: 0.3, in: Self.file, path: "t")
        #expect(Self.changed(Self.file, inFlow).lines.map(\.1) == ["  tap:   { maxMovement: 12,  maxDuration: 0.5, maxInterval: 0.3 }   # roomy"])
        let inBlock = try FileEdits.setThreshold("longPress.allowableMovement", to: 14, in: Self.file, path: "t")
        #expect(inBlock.contains("    minimumDuration: 0.6      # slow hands\n    allowableMovement: 14\n"), "\(inBlock)")
        let newSection = try FileEdits.setThreshold("swipe.minimumDistance", to: 80, in: Self.file, path: "t")
        #expect(newSection.contains("  feedback: false\n  swipe: { minimumDistance: 80 }\nprofiles:"), "\(newSection)")
        let topLevel = try FileEdits.setThreshold("touchSlop", to: 12, in: Self.file, path: "t")
        #expect(Self.loads(topLevel)?.settings.gestures.touchSlop == 12)
        for text in [inFlow, inBlock, newSection] { #expect(Self.loads(text) != nil) }
        // A file without settings gets them after its version line.
        let bare = "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures: []\n"
        let made = try FileEdits.setThreshold("tap.maxMovement", to: 9, in: bare, path: "t")
        #expect(made == "version: 1\nsettings:\n  tap: { maxMovement: 9 }\nprofiles:\n  - name: d\n    match: any\n    gestures: []\n", "\(made)")
    }

    @Test func feedbackIsSwitchedOnAndOffInItsLine() throws {
        var parts = FeedbackSettings()
        parts.touches = false
        let on = try FileEdits.setFeedback(parts, in: Self.file)
        #expect(Self.changed(Self.file, on).lines.map(\.1) == ["  feedback: { touches: false, actions: true, previews: true }"])
        #expect(Self.loads(on)?.settings.feedback?.touches == false)
        let off = try FileEdits.setFeedback(nil, in: on)
        #expect(off == Self.file)
    }

    @Test func anApplicationIsAddedAtTheEndOfTheProfilesInTheirIndentation() throws {
        let out = try FileEdits.addApplication(named: "mousepad", windowClass: "Mousepad", in: Self.file)
        #expect(out == Self.file + "  - name: mousepad\n    match: { class: Mousepad }\n    gestures: []\n", "\(out)")
        #expect(Self.loads(out)?.profiles.last?.name == "mousepad")
    }

    @Test func aGestureIsAddedToAnEmptyListAndToAListWithItems() throws {
        let gesture = "name: close-tab\nswipe: { direction: down, touches: 3 }\naction: { keys: ctrl+w }\n"
        let intoEmpty = try FileEdits.addGesture(gesture, section: .gestures, toProfile: "browser", in: Self.file)
        #expect(intoEmpty.hasSuffix("    gestures:\n      - name: close-tab\n        swipe: { direction: down, touches: 3 }\n        action: { keys: ctrl+w }\n"), "\(intoEmpty)")
        #expect(Self.loads(intoEmpty)?.profiles[1].gestures.map(\.name) == ["close-tab"])
        let intoList = try FileEdits.addGesture(gesture.replacingOccurrences(of: "close-tab", with: "show"), section: .gestures, toProfile: "desktop", in: Self.file)
        #expect(intoList.contains("        action: { keys: ctrl+plus }\n      - name: show\n"), "\(intoList)")
        #expect(Self.loads(intoList)?.profiles[0].gestures.map(\.name) == ["next", "zoom", "show"])
        let touchpad = try FileEdits.addGesture("name: tp\nswipe: { fingers: 3, direction: up }\naction: { desktop: show }\n", section: .touchpad, toProfile: "desktop", in: Self.file)
        #expect(Self.loads(touchpad)?.profiles[0].touchpad.map(\.name) == ["tp"], "\(touchpad)")
    }

    static func row(_ text: String, _ name: String) -> ProfileOverview.Row {
        ProfileOverview(file: loads(text)!).entries.flatMap { $0.rows + $0.touchpadRows }.first { $0.name == name }!
    }

    @Test func aGestureIsSwitchedOffByALineOfItsOwnAndOnAgain() throws {
        let off = try FileEdits.setEnabled(Self.row(Self.file, "zoom"), false, in: Self.file)
        #expect(off.contains("      - name: zoom\n        enabled: false\n        pinch:"), "\(off)")
        #expect(Self.loads(off)?.profiles[0].gestures[1].enabled == false)
        let on = try FileEdits.setEnabled(Self.row(off, "zoom"), true, in: off)
        #expect(Self.loads(on)?.profiles[0].gestures[1].enabled == true)
    }

    @Test func aGestureIsRemovedWithItsLinesOnly() throws {
        let out = try FileEdits.remove(Self.row(Self.file, "next"), in: Self.file)
        #expect(out.contains("    gestures:\n\n      # the zoom\n      - name: zoom\n"), "\(out)")
        #expect(Self.loads(out)?.profiles[0].gestures.map(\.name) == ["zoom"])
        let last = try FileEdits.remove(Self.row(Self.file, "zoom"), in: Self.file)
        #expect(Self.loads(last)?.profiles[0].gestures.map(\.name) == ["next"])
        #expect(last.contains("action: { desktop: next }   # left\n\n      # the zoom\n  - name: browser"), "\(last)")
    }

    /// A file made by the window's edits from a bare file and one a person wrote the same by
    /// hand load to the same profiles.
    @Test func aFileWrittenByTheEditsAndOneByHandLoadTheSame() throws {
        var text = "version: 1\nprofiles:\n  - name: desktop\n    match: any\n    gestures: []\n"
        text = try FileEdits.setThreshold("tap.maxMovement", to: 14, in: text, path: "t")
        text = try FileEdits.addGesture("name: next\nswipe: { direction: left, touches: 3 }\naction: { desktop: next }\n", section: .gestures, toProfile: "desktop", in: text)
        text = try FileEdits.addApplication(named: "firefox", windowClass: "firefox", in: text)
        text = try FileEdits.addGesture("name: back\nedgePan: { edges: [left] }\naction: { keys: alt+Left }\n", section: .gestures, toProfile: "firefox", in: text)
        let byHand = """
            version: 1
            settings:
              tap: { maxMovement: 14 }
            profiles:
              - name: desktop
                match: any
                gestures:
                  - name: next
                    swipe: { direction: left, touches: 3 }
                    action: { desktop: next }
              - name: firefox
                match: { class: firefox }
                gestures:
                  - name: back
                    edgePan: { edges: [left] }
                    action: { keys: alt+Left }

            """
        let a = try #require(Self.loads(text)), b = try #require(Self.loads(byHand))
        #expect(a.settings == b.settings)
        #expect(ProfileOverview(file: a).entries.map { "\($0.title): \($0.rows.map { "\($0.hand) → \($0.action)" })" }
                == ProfileOverview(file: b).entries.map { "\($0.title): \($0.rows.map { "\($0.hand) → \($0.action)" })" })
        #expect(text == byHand, "the same text, too:\n\(text)")
    }

    @Test func savingIsAtomicKeepsThePreviousVersionAndRefusesAFileChangedMeanwhile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-settings-save-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/tactus/config.yaml"
        // No file yet: made, with its folder, and no previous version.
        try FileEdits.save(Self.file, to: path, expecting: nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.file)
        #expect(!FileManager.default.fileExists(atPath: path + "~"))
        let changed = try FileEdits.setThreshold("tap.maxMovement", to: 16, in: Self.file, path: path)
        try FileEdits.save(changed, to: path, expecting: Self.file)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == changed)
        #expect(try String(contentsOfFile: path + "~", encoding: .utf8) == Self.file, "the previous version beside it")
        // Edited by hand meanwhile: nothing written over it.
        try "version: 1\nprofiles: []\n# mine\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: FileEdits.Refusal.self) { try FileEdits.save(Self.file, to: path, expecting: changed) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "version: 1\nprofiles: []\n# mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/tactus").sorted() == ["config.yaml", "config.yaml~"], "no temporary file left")
    }

    @Test func whatAnEditCannotPlaceItRefusesInWords() throws {
        let oneLine = "version: 1\nprofiles:\n  - { name: d, match: any, gestures: [] }\n"
        #expect(throws: FileEdits.Refusal.self) { try FileEdits.addGesture("name: x\ntap: {}\naction: { click: 1 }\n", section: .gestures, toProfile: "d", in: oneLine) }
        #expect(throws: FileEdits.Refusal.self) { try FileEdits.addGesture("name: x\ntap: {}\n", section: .gestures, toProfile: "nobody", in: Self.file) }
        #expect(throws: FileEdits.Refusal.self) { try FileEdits.setThreshold("tap.maxMovement", to: 1, in: "version: [1\n", path: "t") }
    }
}

extension FileEditsTests {
    /// A Touchégg file imported into the person's file: its profiles after theirs, in the
    /// file's indentation, with its comments; a name the file has already renamed.
    @Test func importedProfilesFollowTheFilesOwnWithClashingNamesRenamed() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fixture = root.appendingPathComponent("Tests/GestureImportTests/Fixtures/touchegg-default-like.conf").path
        guard case .success(let imported) = ImportDialog.convert(fixture) else { Issue.record("the fixture did not convert"); return }
        let mine = Self.file.replacingOccurrences(of: "- name: browser", with: "- name: all")
        let out = try FileEdits.importProfiles(imported, in: mine)
        #expect(out.hasPrefix(mine), "the person's text first, unchanged")
        let file = try #require(Self.loads(out))
        let importedFile = try #require(Self.loads(imported))
        #expect(file.profiles.count == 2 + importedFile.profiles.count)
        #expect(file.profiles.map(\.name).contains("all-imported"), "\(file.profiles.map(\.name))")
        #expect(file.profiles.suffix(importedFile.profiles.count).flatMap(\.touchpad).count == importedFile.profiles.flatMap(\.touchpad).count)
        #expect(out.contains("    # from touchegg-default-like.conf:15\n      - name: tp-swipe-3-up") || out.contains("      # from touchegg-default-like.conf:15\n      - name: tp-swipe-3-up"), "comments come along, indented:\n\(out)")
    }
}
