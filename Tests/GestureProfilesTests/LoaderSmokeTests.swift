import Testing
import TestSupport
@testable import GestureProfiles

@Suite struct LoaderSmokeTests {
    @Test func configExampleLoads() {
        let r = ProfileLoader.load(yaml: configExample, path: "config.yaml")
        #expect(r.errors.map(\.description) == [])
        #expect(r.file?.profiles.map(\.name) == ["desktop", "browser"])
        #expect(r.warnings.map(\.description) == ["config.yaml:16:41: warning: 3-finger swipes right, up and down are bound to nothing, yet this binding takes them from the application: the touchpad driver decides ownership when a swipe begins, from the finger count only (bind them too, or use another finger count)"])
    }

    /// A window's touchpad swipes are claimed from its own bindings and the screen's: the
    /// warning names only the directions neither binds, once per finger count.
    @Test func touchpadClaimWarningsNameTheDirectionsNothingBinds() {
        let yaml = """
            version: 1
            profiles:
              - name: desktop
                match: any
                touchpad:
                  - { name: a, swipe: { fingers: 3, direction: left }, action: { desktop: next } }
                  - { name: b, swipe: { fingers: 3, direction: right }, action: { desktop: previous } }
                  - { name: c, swipe: { fingers: 4, direction: up }, action: { desktop: show } }
                  - { name: d, swipe: { fingers: 4, direction: down }, action: { desktop: show } }
                  - { name: e, swipe: { fingers: 4, direction: left }, action: { desktop: show } }
                  - { name: f, swipe: { fingers: 4, direction: right }, action: { desktop: show } }
              - name: web
                match: { class: firefox }
                touchpad:
                  - { name: g, swipe: { fingers: 3, direction: up }, action: { keys: ctrl+t } }
                  - { name: h, swipe: { fingers: 5 }, action: { keys: F5 } }
            """
        let r = ProfileLoader.load(yaml: yaml, path: "t.yaml")
        #expect(r.errors.map(\.description) == [])
        #expect(r.warnings.map(\.description) == [
            "t.yaml:6:52: warning: 3-finger swipes up and down are bound to nothing, yet this binding takes them from the application: the touchpad driver decides ownership when a swipe begins, from the finger count only (bind them too, or use another finger count)",
            "t.yaml:15:52: warning: 3-finger swipes down are bound to nothing in 'web', yet this binding takes them from the application: the touchpad driver decides ownership when a swipe begins, from the finger count only (bind them too, or use another finger count)",
        ])
    }

    /// A pinch binding with a direction takes the other direction's pinches too: warned,
    /// unless the other direction (or any) is bound; a misspelt direction is an error.
    @Test func touchpadPinchDirectionsAreCheckedLikeSwipes() {
        let yaml = """
            version: 1
            profiles:
              - name: desktop
                match: any
                touchpad:
                  - { name: a, pinch: { fingers: 2, direction: in }, action: { keys: ctrl+minus } }
                  - { name: b, pinch: { fingers: 3, direction: out }, action: { desktop: show } }
                  - { name: c, pinch: { fingers: 3, direction: in }, action: { desktop: show } }
                  - { name: d, pinch: { fingers: 4, direction: in }, action: { desktop: show } }
                  - { name: e, pinch: { fingers: 4 }, action: { desktop: show } }
            """
        let r = ProfileLoader.load(yaml: yaml, path: "t.yaml")
        #expect(r.errors.map(\.description) == [])
        #expect(r.warnings.map(\.description) == [
            "t.yaml:6:52: warning: 2-finger pinches out are bound to nothing, yet this binding takes them from the application: the touchpad driver decides ownership when a pinch begins, from the finger count only (bind them too, or use another finger count)",
        ])
        let wrong = ProfileLoader.load(yaml: "version: 1\nprofiles:\n  - name: d\n    match: any\n    touchpad:\n      - { name: a, pinch: { fingers: 2, direction: left }, action: { keys: a } }\n", path: "t.yaml")
        #expect(wrong.errors.map(\.description) == ["t.yaml:6:52: unknown pinch direction 'left'; expected one of: any, in, out, clockwise, counterclockwise"])
    }

    @Test func theShippedDefaultHasNoWarnings() {
        let r = ProfileLoader.load(yaml: defaultProfileYAML, path: "<built-in>")
        #expect(r.diagnostics.map(\.description) == [])
    }

    @Test func defaultProfileLoadsWithoutErrors() {
        let r = ProfileLoader.load(yaml: defaultProfileYAML, path: "<built-in>")
        #expect(r.errors.map(\.description) == [])
        // Do no harm (semantics.md §10, §11): nothing that applications that handle touch do
        // themselves (no pinch, no one- or two-finger drags, no press-and-hold); edge swipes
        // only where they mean back and forward.
        let file = r.file
        let everywhere = file?.profiles.filter { $0.match.programTouch == nil }.flatMap { $0.gestures.map(\.name) }
        #expect(everywhere == ["next-desktop", "previous-desktop", "maximize", "minimize", "show-desktop", "edge-back", "edge-forward"])
        // Programs without touch get the touchscreen conventions (§12): scrolling drags, the
        // hold's right click or drag, the two-finger right click, the pinch's zoom. No tap:
        // a tap stays the program's click.
        let conventions = file?.profiles.filter { $0.match.programTouch == .mouse }
        #expect(conventions?.count == 1)
        #expect(conventions?.first?.gestures.map(\.name) == ["drag-scrolls", "two-finger-scroll", "hold-right-click-or-drag", "two-finger-right-click", "two-finger-press", "pinch-zoom"])
        #expect(conventions?.first?.gestures.contains { if case .tap(let p) = $0.recognizer { p.touches == 1 } else { false } } == false)
    }
}

/// The keysyms a file's `keys` actions press (the daemon binds the missing ones ahead).
@Suite struct KeyNamesTests {
    @Test func everyKeysActionIsCollectedOnceInFileOrder() {
        let yaml = """
            version: 1
            profiles:
              - name: desktop
                match: any
                gestures:
                  - name: zoom
                    pinch: {}
                    repeat: { every: 0.1, action: { keys: ctrl+plus }, reverse: { keys: ctrl+minus } }
                  - name: both
                    tap: { touches: 2 }
                    action: [ { keys: super }, { log: "x" }, { keys: ctrl+ecircumflex } ]
                touchpad:
                  - { name: tp, pinch: { fingers: 2 }, on: { began: { keys: XF86AudioMute } } }
            """
        let file = ProfileLoader.load(yaml: yaml, path: "k.yaml").file
        #expect(file?.keyNames == ["Control_L", "plus", "minus", "Super_L", "ecircumflex", "XF86AudioMute"])
    }
}
