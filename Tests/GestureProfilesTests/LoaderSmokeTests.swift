import Testing
import TestSupport
@testable import GestureProfiles

@Suite struct LoaderSmokeTests {
    @Test func configExampleLoads() {
        let r = ProfileLoader.load(yaml: configExample, path: "config.yaml")
        #expect(r.errors.map(\.description) == [])
        #expect(r.file?.profiles.map(\.name) == ["desktop", "browser"])
        #expect(r.warnings.map(\.description) == ["config.yaml:16:41: warning: the touchpad driver decides ownership when a gesture begins, from the finger count only: this binding also takes 3-finger swipes in the other directions away from the application"])
    }

    @Test func defaultProfileLoadsWithoutErrors() {
        let r = ProfileLoader.load(yaml: defaultProfileYAML, path: "<built-in>")
        #expect(r.errors.map(\.description) == [])
        #expect(r.file?.allGestures.count == 9)
    }
}
