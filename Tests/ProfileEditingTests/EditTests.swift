import Foundation
import GestureProfiles
import Testing
@testable import ProfileEditing

/// Each edit changes the lines it must and no other: comments, order, indentation and
/// styles everywhere else stay as written, byte for byte.
@Suite struct ProfileEditingTests {
    let text = Fixtures.handWritten

    @Test func aSettingInAFlowMappingIsChangedInPlace() throws {
        let new = try edited(text, .setSetting(path: ["tap", "maxMovement"], value: "12"))
        let c = lineChanges(text, new)
        #expect(c.removed == ["  tap:       { maxMovement: 10, maxDuration: 0.5 }   # fat fingers"])
        #expect(c.added == ["  tap:       { maxMovement: 12, maxDuration: 0.5 }   # fat fingers"])
        #expect(load(new).file?.settings.gestures.tap.maxMovement == 12)
    }

    @Test func aMissingSettingGoesInsideTheFlowMapping() throws {
        let new = try edited(text, .setSetting(path: ["tap", "maxInterval"], value: "0.3"))
        let c = lineChanges(text, new)
        #expect(c.removed == ["  tap:       { maxMovement: 10, maxDuration: 0.5 }   # fat fingers"])
        #expect(c.added == ["  tap:       { maxMovement: 10, maxDuration: 0.5, maxInterval: 0.3 }   # fat fingers"])
    }

    @Test func aSettingInABlockMappingKeepsItsIndentationAndComment() throws {
        let changed = try edited(text, .setSetting(path: ["longPress", "minimumDuration"], value: "0.7"))
        #expect(lineChanges(text, changed).removed == ["      minimumDuration: 0.5      # four spaces here, on purpose"])
        #expect(lineChanges(text, changed).added == ["      minimumDuration: 0.7      # four spaces here, on purpose"])
        // A block mapping without the key: a line in its indentation after its last one.
        let removed = text.replacingFirst("      allowableMovement: 10\n", with: "")
        let added = try edited(removed, .setSetting(path: ["longPress", "allowableMovement"], value: "20"))
        #expect(lineChanges(removed, added).removed == [])
        #expect(lineChanges(removed, added).added == ["      allowableMovement: 20"])
        #expect(added == text.replacingFirst("allowableMovement: 10", with: "allowableMovement: 20"))
    }

    @Test func aMissingSubMappingIsCreatedAfterTheSettings() throws {
        let new = try edited(text, .setSetting(path: ["pan", "minimumDistance"], value: "12"))
        let c = lineChanges(text, new)
        #expect(c.removed == [])
        #expect(c.added == ["  pan:", "    minimumDistance: 12"])
        #expect(new.contains("    actions: false   # no arrows\n  pan:\n    minimumDistance: 12\n\n# The profiles"))
        #expect(load(new).file?.settings.gestures.pan.minimumDistance == 12)
    }

    @Test func aFileWithoutSettingsGetsThemBeforeItsProfiles() throws {
        let plain = Fixtures.indentless
        let new = try edited(plain, .setSetting(path: ["swipe", "minimumDistance"], value: "60"))
        let c = lineChanges(plain, new)
        #expect(c.removed == [])
        #expect(c.added == ["settings:", "  swipe:", "    minimumDistance: 60", ""])
        #expect(new.hasPrefix("version: 1\nsettings:\n"))
        // The comments that head `profiles:` stay with it.
        let commented = try edited("version: 1\n# mine\nprofiles: []\n", .setSetting(path: ["target"], value: "focused"))
        #expect(commented == "version: 1\nsettings:\n  target: focused\n\n# mine\nprofiles: []\n")
    }

    @Test func aScalarSettingIsReplacedAndItsCommentKept() throws {
        let new = try edited(text, .setSetting(path: ["target"], value: "focused"))
        #expect(lineChanges(text, new).removed == ["  target: under-touch"])
        #expect(lineChanges(text, new).added == ["  target: focused"])
        #expect(load(new).file?.settings.target == .focused)
    }

    @Test func aValueThatDoesNotLoadIsRefusedWithWhereAndWhy() throws {
        let document = ProfileDocument(text: text, path: "/nonexistent/config.yaml")
        #expect(throws: ProfileEditError.self) { try document.applying(.setSetting(path: ["tap", "maxMovement"], value: "-5")) }
        do {
            _ = try document.applying(.setSetting(path: ["tap", "maxMovment"], value: "5"))
            Issue.record("a misspelt setting was written")
        } catch {
            guard case .refused(let diagnostics, _) = error else { Issue.record("\(error)"); return }
            let e = try #require(diagnostics.first { $0.severity == .error })
            #expect(e.location.line == 6)
            #expect(e.description.contains("config.yaml:6:"))
        }
    }

    @Test func feedbackOnAndOff() throws {
        let off = try edited(text, .setFeedback(false))
        let c = lineChanges(text, off)
        #expect(c.removed == ["  feedback:", "    touches: true", "    actions: false   # no arrows"])
        #expect(c.added == ["  feedback: false"])
        #expect(load(off).file?.settings.feedback == nil)
        let on = try edited(off, .setFeedback(true))
        #expect(lineChanges(off, on).removed == ["  feedback: false"])
        #expect(lineChanges(off, on).added == ["  feedback: true"])
        #expect(load(on).file?.settings.feedback != nil)
        // Already on (a mapping): nothing to change.
        #expect(try edited(text, .setFeedback(true)) == text)
        // Absent: a line in the settings.
        let none = try edited(Fixtures.indentless, .setFeedback(true))
        #expect(lineChanges(Fixtures.indentless, none).added == ["settings:", "  feedback: true", ""])
    }

    @Test func previewAndEnabledOfAGesture() throws {
        let preview = try edited(text, .setPreview(profile: "desktop", gesture: "next-desktop", true))
        #expect(lineChanges(text, preview).removed == [])
        #expect(lineChanges(text, preview).added == ["        preview: true"])
        #expect(preview.contains("        action: { desktop: next }\n        preview: true\n\n"))
        #expect(load(preview).file?.profiles[0].gestures[0].preview == true)

        let disabled = try edited(text, .setGestureEnabled(profile: "browser", gesture: "close-tab", false))
        let c = lineChanges(text, disabled)
        #expect(c.removed == ["    gestures: [ { name: close-tab, swipe: { direction: down, touches: 1 }, action: { keys: ctrl+w } } ]"])
        #expect(c.added == ["    gestures: [ { name: close-tab, swipe: { direction: down, touches: 1 }, action: { keys: ctrl+w }, enabled: false } ]"])
        #expect(load(disabled).file?.profiles[1].gestures[0].enabled == false)
        let enabled = try edited(disabled, .setGestureEnabled(profile: "browser", gesture: "close-tab", true))
        #expect(enabled.contains("enabled: true } ]"))
        #expect(try edited(text, .setGestureEnabled(profile: "desktop", gesture: "next-desktop", true)) == text)
        let document = ProfileDocument(text: text, path: "/nonexistent/config.yaml")
        #expect(throws: ProfileEditError.self) { try document.applying(.setGestureEnabled(profile: "desktop", gesture: "no-such-gesture", false)) }
    }

    @Test func anActionIsReplacedFlowOrBlock() throws {
        let flow = try edited(text, .setGestureAction(profile: "desktop", gesture: "right-click", action: "{ click: 2 }"))
        #expect(lineChanges(text, flow).removed == ["        action: { click: 3 }"])
        #expect(lineChanges(text, flow).added == ["        action: { click: 2 }"])
        // A block action becomes one line; the lines after it stay.
        let block = try edited(text, .setGestureAction(profile: "desktop", gesture: "previous-desktop", action: "{ keys: ctrl+alt+Left }"))
        #expect(lineChanges(text, block).removed == ["        action:", "          desktop: previous     # block style action"])
        #expect(lineChanges(text, block).added == ["        action: { keys: ctrl+alt+Left }"])
        // Not YAML, several lines, an unknown action: refused.
        let document = ProfileDocument(text: text, path: "/nonexistent/config.yaml")
        #expect(throws: ProfileEditError.self) { try document.applying(.setGestureAction(profile: "desktop", gesture: "right-click", action: "{ click: 2")) }
        #expect(throws: ProfileEditError.self) { try document.applying(.setGestureAction(profile: "desktop", gesture: "right-click", action: "click: 2\nkeys: a")) }
        #expect(throws: ProfileEditError.self) { try document.applying(.setGestureAction(profile: "desktop", gesture: "right-click", action: "{ teleport: home }")) }
        #expect(throws: ProfileEditError.self) { try document.applying(.setGestureAction(profile: "nowhere", gesture: "right-click", action: "{ click: 2 }")) }
    }

    @Test func aProfileIsAppendedInTheFilesStyle() throws {
        let new = try edited(text, .addProfile(name: "terminal", matchClass: "xterm"))
        let c = lineChanges(text, new)
        #expect(c.removed == [])
        #expect(c.added == ["", "  - name: terminal", "    match: { class: xterm }", "    gestures: []"])
        #expect(new.hasSuffix("ctrl+w } } ]\n\n  - name: terminal\n    match: { class: xterm }\n    gestures: []\n# trailing comment"))
        #expect(load(new).file?.profiles.map(\.name) == ["desktop", "browser", "terminal"])
        // An indentless list, no final line break.
        let indentless = try edited(Fixtures.indentless, .addProfile(name: "everywhere", matchClass: nil))
        #expect(lineChanges(Fixtures.indentless, indentless).removed == [])
        #expect(lineChanges(Fixtures.indentless, indentless).added == ["- name: everywhere", "  match: any", "  gestures: []", ""])
    }

    @Test func gesturesAreAddedToBlockAndFlowLists() throws {
        let draft = NewGesture(name: "show-desktop", recognizer: "swipe", parameters: [("direction", "down"), ("touches", "4")], action: "{ desktop: show }")
        let block = try edited(text, .addGesture(profile: "desktop", draft))
        #expect(lineChanges(text, block).removed == [])
        #expect(lineChanges(text, block).added == ["      - name: show-desktop", "        swipe: { direction: down, touches: 4 }", "        action: { desktop: show }", ""])
        #expect(block.contains("        requireToFail: [previous-desktop]\n\n      - name: show-desktop\n"))
        let flow = try edited(text, .addGesture(profile: "browser", draft))
        #expect(lineChanges(text, flow).added == ["    gestures: [ { name: close-tab, swipe: { direction: down, touches: 1 }, action: { keys: ctrl+w } }, { name: show-desktop, swipe: { direction: down, touches: 4 }, action: { desktop: show } } ]"])
        // An indentless list, and a fragment as written (with a comment).
        let fragment = NewGesture(fragment: """
                - not the first line
            """ == "" ? "" : """
                name: four-up    # a fragment
                swipe:
                  direction: up
                  touches: 4
                action: { window: maximize }
            """)
        let indentless = try edited(Fixtures.indentless, .addGesture(profile: "desktop", fragment))
        #expect(lineChanges(Fixtures.indentless, indentless).added == [
            "  - name: four-up    # a fragment", "    swipe:", "      direction: up", "      touches: 4", "    action: { window: maximize }",
        ])
        #expect(load(indentless).file?.profiles[0].gestures.map(\.name) == ["tap-log", "zoom", "four-up"])
        // A profile without gestures gets the list.
        let empty = try edited("version: 1\nprofiles:\n  - name: p   # mine\n    match: any\n", .addGesture(profile: "p", draft))
        #expect(empty == "version: 1\nprofiles:\n  - name: p   # mine\n    match: any\n    gestures:\n      - name: show-desktop\n        swipe: { direction: down, touches: 4 }\n        action: { desktop: show }\n")
        // A name already taken: refused by the loader.
        let document = ProfileDocument(text: text, path: "/nonexistent/config.yaml")
        let twice = NewGesture(name: "next-desktop", recognizer: "tap", action: "{ click: 1 }")
        #expect(throws: ProfileEditError.self) { try document.applying(.addGesture(profile: "desktop", twice)) }
    }

    @Test func gesturesAreRemovedWithTheirLinesOnly() throws {
        let new = try edited(text, .removeGesture(profile: "desktop", name: "right-click"))
        let c = lineChanges(text, new)
        #expect(c.removed == ["      - name: right-click", "        longPress: { minimumDuration: 0.6 }", "        action: { click: 3 }", "        requireToFail: [previous-desktop]", ""])
        #expect(c.added == [])
        #expect(new.contains("          desktop: previous     # block style action\n\n  - name: browser"))
        // One another names: refused, with where.
        let document = ProfileDocument(text: text, path: "/nonexistent/config.yaml")
        do {
            _ = try document.applying(.removeGesture(profile: "desktop", name: "previous-desktop"))
            Issue.record("removed a gesture another requires")
        } catch {
            guard case .refused(let d, _) = error else { Issue.record("\(error)"); return }
            #expect(d.contains { $0.severity == .error && $0.message.contains("previous-desktop") })
        }
        // The only one of a flow list; the last of a block list becomes `[]`.
        let flow = try edited(text, .removeGesture(profile: "browser", name: "close-tab"))
        #expect(lineChanges(text, flow).added == ["    gestures: [  ]"])
        let last = try edited(Fixtures.indentless, .removeGesture(profile: "terminal", name: "paste"))
        #expect(lineChanges(Fixtures.indentless, last).removed == ["  gestures:", "  - name: paste", "    tap: { taps: 2, touches: 2 }", "    action: { keys: ctrl+shift+v }"])
        #expect(lineChanges(Fixtures.indentless, last).added == ["  gestures: []", ""])
        let middle = try edited(Fixtures.indentless, .removeGesture(profile: "desktop", name: "tap-log"))
        #expect(lineChanges(Fixtures.indentless, middle).removed == ["  - name: tap-log", "    tap: {}", "    action: { log: \"tap at {x},{y}\" }   # for testing"])
    }
}

extension String {
    func replacingFirst(_ a: String, with b: String) -> String {
        guard let r = range(of: a) else { return self }
        return replacingCharacters(in: r, with: b)
    }
}

/// Files with Windows line ends keep them, new lines included.
@Suite struct LineBreakTests {
    @Test func crlfFilesStayCRLF() throws {
        let text = Fixtures.indentless.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        var new = try edited(text, .addProfile(name: "added", matchClass: nil))
        new = try edited(new, .setSetting(path: ["tap", "maxMovement"], value: "9"))
        new = try edited(new, .addGesture(profile: "added", NewGesture(fragment: "name: t\r\ntap: {}\r\naction: { click: 1 }\r\n")))
        new = try edited(new, .setGestureAction(profile: "desktop", gesture: "zoom", action: "{ keys: ctrl+plus }"))
        #expect(!new.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(!new.replacingOccurrences(of: "\r\n", with: "").contains("\r"))
        #expect(load(new).file?.profiles.map(\.name) == ["desktop", "terminal", "added"])
    }
}

/// Settings created where nothing is yet: an empty `settings:`, an empty `{}`.
@Suite struct EmptyPlacesTests {
    @Test func anEmptySettingsKeyGetsItsEntriesBelowItsComment() throws {
        let text = "version: 1\nsettings:   # none yet\nprofiles: []\n"
        let new = try edited(text, .setSetting(path: ["tap", "maxMovement"], value: "12"))
        #expect(new == "version: 1\nsettings:   # none yet\n  tap:\n    maxMovement: 12\nprofiles: []\n")
    }

    @Test func anEmptyFlowMappingIsFilledInPlace() throws {
        let text = "version: 1\nsettings: { tap: {} }   # flow\nprofiles: []\n"
        let one = try edited(text, .setSetting(path: ["tap", "maxMovement"], value: "12"))
        #expect(one == "version: 1\nsettings: { tap: { maxMovement: 12 } }   # flow\nprofiles: []\n")
        let two = try edited(one, .setSetting(path: ["swipe", "minimumDistance"], value: "40"))
        #expect(two == "version: 1\nsettings: { tap: { maxMovement: 12 }, swipe: { minimumDistance: 40 } }   # flow\nprofiles: []\n")
    }
}

/// Layouts a careless splice would break.
@Suite struct AwkwardLayoutTests {
    @Test func aFlowMappingOverSeveralLinesWithComments() throws {
        let text = "version: 1\nsettings:\n  tap: {\n    maxMovement: 10,   # wide\n  }\nprofiles: [ ]\n"
        let new = try edited(text, .setSetting(path: ["tap", "maxDuration"], value: "0.4"))
        #expect(new == "version: 1\nsettings:\n  tap: {\n    maxMovement: 10, maxDuration: 0.4,   # wide\n  }\nprofiles: [ ]\n")
        #expect(load(new).file?.settings.gestures.tap.maxDuration == 0.4)
        let profile = try edited(text, .addProfile(name: "p", matchClass: nil))
        #expect(profile.hasSuffix("profiles: [{ name: p, match: any, gestures: [] } ]\n"))
    }

    @Test func aByteOrderMarkAndWideCharacters() throws {
        let text = "\u{FEFF}version: 1\nsettings: { target: under-touch }   # é\nprofiles:\n  - name: écran   # ü\n    match: any\n    gestures: []\n"
        let new = try edited(text, .setSetting(path: ["target"], value: "focused"))
        #expect(new == text.replacingOccurrences(of: "under-touch", with: "focused"))
        let g = try edited(text, .addGesture(profile: "écran", NewGesture(name: "tap", recognizer: "tap", action: "{ click: 1 }")))
        #expect(g.contains("    gestures: [{ name: tap, tap: {}, action: { click: 1 } }]\n"))
    }
}

/// Edits that would go wrong are refused before anything is written.
@Suite struct RefusedEditTests {
    @Test func refusals() throws {
        let document = ProfileDocument(text: Fixtures.handWritten, path: "/nonexistent/config.yaml")
        #expect(throws: ProfileEditError.self) { try document.applying(.addProfile(name: "desktop", matchClass: nil)) }
        let injected = NewGesture(name: "x", recognizer: "tap", action: "{ click: 1 }\n  - name: y")
        #expect(throws: ProfileEditError.self) { try document.applying(.addGesture(profile: "desktop", injected)) }
        #expect(throws: ProfileEditError.self) { try document.applying(.removeGesture(profile: "desktop", name: "nothing")) }
        #expect(throws: ProfileEditError.self) { try document.applying(.setSetting(path: ["target", "deeper"], value: "1")) }
        #expect(throws: ProfileEditError.self) { try document.applying(.importProfiles(text: "version: 1\nprofiles: []\n")) }
        // Importing twice: the second one's names clash.
        let once = try document.applying(.importProfiles(text: "version: 1\nprofiles:\n  - name: more\n    match: { class: xterm }\n    gestures:\n      - name: more-tap\n        tap: {}\n        action: { click: 2 }\n"))
        #expect(throws: ProfileEditError.self) {
            try ProfileDocument(text: once, path: "/nonexistent/config.yaml").applying(.importProfiles(text: "version: 1\nprofiles:\n  - name: more2\n    match: any\n    gestures:\n      - name: more-tap\n        tap: {}\n        action: { click: 2 }\n"))
        }
    }
}

/// The overlay's previews switched off and on, the rest of the feedback as it was.
@Suite struct PreviewsTests {
    @Test func previewsOffAndOn() throws {
        let text = Fixtures.handWritten
        let off = try edited(text, .setPreviews(false))
        #expect(lineChanges(text, off).removed == [])
        #expect(lineChanges(text, off).added == ["    previews: false"])
        #expect(load(off).file?.settings.feedback?.previews == false)
        #expect(load(off).file?.settings.feedback?.actions == false)
        let on = try edited(off, .setPreviews(true))
        #expect(load(on).file?.settings.feedback?.previews == true)
        #expect(try edited(text, .setPreviews(true)) == text)
        // Feedback `true`: the same, previews off.
        let plain = try edited(Fixtures.indentless, .setFeedback(true))
        let plainOff = try edited(plain, .setPreviews(false))
        #expect(lineChanges(plain, plainOff).added == ["  feedback: { previews: false }"])
        #expect(load(plainOff).file?.settings.feedback == { var f = FeedbackSettings(); f.previews = false; return f }())
        // No feedback: previews off, nothing else on.
        let none = try edited(Fixtures.indentless, .setPreviews(false))
        let f = try #require(load(none).file?.settings.feedback)
        #expect(!f.touches && !f.actions && !f.previews)
    }
}
