import Testing
@testable import GestureProfiles

/// Each kind of problem of config.md / issue 3, with its exact line and column.
@Suite struct ValidationTests {
    private func errors(_ yaml: String) -> [String] {
        let r = ProfileLoader.load(yaml: yaml, path: "t.yaml")
        if r.errors.isEmpty { #expect(r.file != nil) } else { #expect(r.file == nil) }  // never half-applied
        return r.errors.map(\.description)
    }

    private let head = "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n"

    @Test func unknownKeyWithDidYouMean() {
        #expect(errors(head + "      - name: a\n        tap: { taps: 2 }\n        acton: { log: hi }\n") == [
            "t.yaml:8:9: unknown key 'acton' in a gesture (did you mean 'action'?)",
        ])
        #expect(errors("version: 1\nsetings: {}\nprofiles: []\n") == [
            "t.yaml:2:1: unknown key 'setings' in the profile file (did you mean 'settings'?)",
        ])
    }

    @Test func wrongType() {
        #expect(errors(head + "      - name: a\n        tap: { taps: two }\n") == [
            "t.yaml:7:22: taps must be a whole number, not 'two'",
        ])
        #expect(errors(head + "      - name: a\n        tap: {}\n        cancelsTouchesInView: maybe\n") == [
            "t.yaml:8:31: cancelsTouchesInView must be true or false, not 'maybe'",
        ])
        #expect(errors("version: 1\nprofiles: { name: d }\n") == ["t.yaml:2:11: profiles must be a list, not a mapping"])
    }

    @Test func outOfRange() {
        #expect(errors(head + "      - name: a\n        swipe: { maximumAngle: 120 }\n") == [
            "t.yaml:7:32: maximumAngle must be between 0 and 90, not 120",
        ])
        #expect(errors(head + "      - name: a\n        tap: { touches: 0 }\n") == [
            "t.yaml:7:25: touches must be between 1 and 10, not 0",
        ])
    }

    @Test func twoRecognizerKeys() {
        #expect(errors(head + "      - name: a\n        tap: {}\n        pan: {}\n") == [
            "t.yaml:8:9: gesture 'a' has two recognizer keys ('tap' and 'pan'); a gesture has exactly one",
        ])
        #expect(errors(head + "      - name: a\n        action: { log: x }\n") == [
            "t.yaml:6:9: gesture 'a' needs exactly one recognizer key: tap, longPress, pan, swipe, pinch, rotation, edgePan, stroke",
        ])
    }

    @Test func duplicateAndUnknownGestureNames() {
        #expect(errors(head + "      - name: a\n        tap: {}\n      - name: a\n        pan: {}\n") == [
            "t.yaml:8:15: duplicate gesture name 'a' (first at line 6); gesture names are unique within the file",
        ])
        #expect(errors(head + "      - name: single\n        tap: {}\n        requireToFail: [dubble]\n      - name: double\n        tap: { taps: 2 }\n") == [
            "t.yaml:8:25: unknown gesture 'dubble' in requireToFail of 'single' (did you mean 'double'?)",
        ])
        #expect(errors(head + "      - name: a\n        pan: {}\n        simultaneousWith: [nope]\n") == [
            "t.yaml:8:28: unknown gesture 'nope' in simultaneousWith of 'a'",
        ])
    }

    @Test func requirementCycle() {
        let yaml = head
            + "      - name: a\n        tap: {}\n        requireToFail: [b]\n"
            + "      - name: b\n        tap: {}\n        requireToFail: [c]\n"
            + "      - name: c\n        tap: {}\n        requireToFail: [a]\n"
        #expect(errors(yaml) == ["t.yaml:14:25: requireToFail cycle: a -> b -> c -> a; these gestures would wait for each other forever"])
    }

    @Test func unknownPlaceholderPointsAtIt() {
        #expect(errors(head + "      - name: a\n        tap: {}\n        action: { log: \"at {x},{why}\" }\n") == [
            "t.yaml:8:32: unknown placeholder '{why}'",
        ])
        #expect(errors(head + "      - name: a\n        tap: {}\n        action: { command: [notify-send, \"{titel}\"] }\n") == [
            "t.yaml:8:43: unknown placeholder '{titel}'",
        ])
    }

    @Test func placeholdersAreNeverPastedIntoShellScripts() {
        #expect(errors(head + "      - name: a\n        tap: {}\n        action: { shell: \"echo {window.title}\" }\n") == [
            "t.yaml:8:26: placeholders are not pasted into shell scripts; use the environment variables instead ($TACTUS_WINDOW_TITLE)",
        ])
    }

    @Test func unknownControlKind() {
        let yaml = "version: 1\nprofiles:\n  - name: w\n    match: { class: x }\n    regions:\n      - name: r\n        control: knob\n        frame: { left: 0, top: 0, width: 10, height: 10 }\n"
        #expect(errors(yaml) == [
            "t.yaml:7:18: unknown control kind 'knob'; expected one of: button, switch, stepper, segmented, page, slider",
        ])
    }

    @Test func unresolvableFrame() {
        let yaml = "version: 1\nprofiles:\n  - name: w\n    match: { class: x }\n    regions:\n      - name: r\n        frame: { left: 0, right: 0, width: 10, top: 5 }\n"
        #expect(errors(yaml) == [
            "t.yaml:7:16: frame needs exactly two of left, right, width (3 given): the horizontal extent cannot be resolved",
            "t.yaml:7:16: frame needs exactly two of top, bottom, height (1 given): the vertical extent cannot be resolved",
        ])
    }

    @Test func badRegex() {
        #expect(errors("version: 1\nprofiles:\n  - name: w\n    match: { title: \"(unclosed\" }\n").count == 1)
        let e = errors("version: 1\nprofiles:\n  - name: w\n    match: { title: \"(unclosed\" }\n")[0]
        #expect(e.hasPrefix("t.yaml:4:21: bad regular expression '(unclosed'"))
    }

    @Test func unknownKeysym() {
        #expect(errors(head + "      - name: a\n        tap: {}\n        action: { keys: ctrl+Lfet }\n") == [
            "t.yaml:8:25: unknown key name 'Lfet' in 'ctrl+Lfet' (did you mean 'Left'?)",
        ])
    }

    @Test func yamlSyntaxErrorHasAPosition() {
        let e = errors("version: 1\nprofiles:\n  - name: d\n    match: [any\n")
        #expect(e.count == 1)
        #expect(e[0].hasPrefix("t.yaml:5:1: YAML syntax:"))
    }

    @Test func everyProblemIsReportedNotOnlyTheFirst() {
        let yaml = head + "      - name: a\n        tap: { taps: 0 }\n        action: { keys: nokey }\n      - name: b\n        bogus: 1\n"
        #expect(errors(yaml) == [
            "t.yaml:7:22: taps must be between 1 and 10, not 0",
            "t.yaml:8:25: unknown key name 'nokey' in 'nokey'",
            "t.yaml:9:9: gesture 'b' needs exactly one recognizer key: tap, longPress, pan, swipe, pinch, rotation, edgePan, stroke",
            "t.yaml:10:9: unknown key 'bogus' in a gesture",
        ])
    }

    @Test func keyNamesResolveCaseInsensitivelyAndModifiersByAlias() {
        #expect(KeyCombo.parse("ctrl+alt+left") == .success(KeyCombo(keys: ["Control_L", "Alt_L", "Left"])))
        #expect(KeyCombo.parse("super+XF86AudioRaiseVolume") == .success(KeyCombo(keys: ["Super_L", "XF86AudioRaiseVolume"])))
        #expect(KeyCombo.parse("ctrl++") == .failure(.empty("ctrl++")))
    }
}
