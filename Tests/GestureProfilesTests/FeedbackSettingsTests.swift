import Testing
@testable import GestureProfiles

/// `settings.feedback`: off unless asked for; a switch or its parts.
@Suite struct FeedbackSettingsTests {
    private func load(_ settings: String) -> (FeedbackSettings??, [String]) {
        let r = ProfileLoader.load(yaml: "version: 1\n\(settings)profiles: []\n", path: "t.yaml")
        return (r.file.map(\.settings.feedback), r.errors.map(\.description))
    }

    @Test func offUnlessAskedFor() {
        #expect(load("").0 == .some(nil))
        #expect(load("settings:\n  feedback: false\n").0 == .some(nil))
        #expect(ProfileLoader.load(yaml: defaultProfileYAML, path: "<built-in>").file?.settings.feedback == nil, "the built-in profile shows nothing")
    }

    @Test func onWithEverythingOrItsParts() {
        #expect(load("settings:\n  feedback: true\n").0 == .some(FeedbackSettings()))
        var parts = FeedbackSettings()
        parts.touches = false
        parts.duration = 0.5
        #expect(load("settings:\n  feedback: { touches: false, duration: 0.5 }\n").0 == .some(parts))
        #expect(FeedbackSettings().touches && FeedbackSettings().actions && FeedbackSettings().duration == 0.3)
    }

    @Test func mistakesAreErrors() {
        #expect(load("settings:\n  feedback: maybe\n").1 == ["t.yaml:3:13: feedback must be true or false, not 'maybe'"])
        #expect(load("settings:\n  feedback: { duration: 0 }\n").1.count == 1)
        #expect(load("settings:\n  feedback: { colour: red }\n").1.first?.contains("unknown key 'colour'") == true)
    }
}
