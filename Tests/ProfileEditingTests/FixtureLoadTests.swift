import Testing
@testable import ProfileEditing

@Suite struct FixtureTests {
    @Test func theFixturesLoad() {
        for text in [Fixtures.handWritten, Fixtures.indentless] {
            let r = load(text)
            #expect(r.errors.isEmpty, "\(r.errors)")
        }
        let minimal = load("version: 1\nprofiles: []\n")
        #expect(minimal.errors.isEmpty, "\(minimal.errors)")
        let noGestures = load("version: 1\nprofiles:\n  - name: a\n    match: any\n    gestures: []\n")
        #expect(noGestures.errors.isEmpty, "\(noGestures.errors)")
    }
}
