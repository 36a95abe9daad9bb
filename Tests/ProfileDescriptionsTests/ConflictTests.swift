import GestureEngine
import GestureProfiles
import Testing
@testable import ProfileDescriptions

/// What a person is warned of before saving.
struct ConflictTests {
    /// The built-in profile, told what Tactus itself says of those programs: browsers take
    /// touches (Chromium does; the profile's comments say Firefox as Debian starts it does
    /// not, and a Firefox with XInput 2 does), xterm does not. Still nothing to warn of: the
    /// browsers' gestures are edge swipes, the screen's take three fingers and more, and the
    /// touch conventions are for programs without touch.
    @Test func noneInTheBuiltInProfile() {
        let file = Profiles.builtIn
        let found = Conflicts.find(in: file, programTouch: { p in
            p.name == "browser" ? ProgramTouchVerdict(.own, .server) : ProgramTouchVerdict(.mouse, .server)
        })
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    @Test func noneInTheExamplesButTheirTwoFingerZoomAndOneFingerTaps() {
        for (name, file) in Profiles.examples {
            let found = Conflicts.find(in: file)
            // Without knowing the programs, only the screen's gestures are told: they take
            // touches from every program that handles touch itself.
            for c in found { #expect(c.kind == .takesProgramTouches, "\(name): \(c.message)") }
            switch name {
            case "touchscreen-laptop.yaml", "laptop-and-monitor.yaml":
                #expect(found.map(\.gesture).contains("zoom"), "\(name)")
            default:
                #expect(found.isEmpty, "\(name): \(found.map(\.message))")
            }
        }
    }

    @Test func aTwoFingerPanInABrowserTakesItsScrolling() {
        let yaml = Profiles.yaml(match: "{ class: firefox }", gestures: """
        - name: scroll-back
          pan: { touches: 2 }
          action: { keys: alt+Left }
        - name: three
          swipe: { direction: up, touches: 3 }
          action: { keys: F5 }
        """)
        let file = Profiles.load(yaml)
        // Not known what Firefox does: nothing said.
        #expect(Conflicts.find(in: file).isEmpty)
        let found = Conflicts.find(in: file, programTouch: { _ in ProgramTouchVerdict(.own, .server) })
        #expect(found.count == 1)
        #expect(found.first?.kind == .takesProgramTouches)
        #expect(found.first?.gesture == "scroll-back")
        #expect(found.first?.location == SourceLocation(line: 6, column: 9))
        #expect(found.first?.message == "“scroll-back” (drag with two fingers) takes the two-finger scrolling of Firefox (it handles touch itself): once it is recognized, those touches are the gesture's, not the program's")
        // Said by the profile itself.
        let own = Profiles.load(yaml.replacingOccurrences(of: "match: { class: firefox }", with: "match: { class: firefox }\n    touch: own"))
        #expect(Conflicts.find(in: own).map(\.gesture) == ["scroll-back"])
        #expect(Conflicts.find(in: own).first?.message.contains("its profile says it handles touch itself (touch: own)") == true)
        // A program without touch: the gesture is what gives it scrolling.
        #expect(Conflicts.find(in: file, programTouch: { _ in ProgramTouchVerdict(.mouse, .server) }).isEmpty)
    }

    @Test func gesturesThatTakeWhatProgramsDo() {
        let gestures = """
        - { name: one-pan, pan: {} }
        - { name: flick, swipe: { direction: left } }
        - { name: zoom, pinch: {} }
        - { name: turn, rotation: {} }
        - { name: tap, tap: {} }
        - { name: double, tap: { taps: 2 } }
        - { name: hold, longPress: {} }
        - { name: edge, edgePan: { edges: [left] } }
        - { name: shape, stroke: { templates: [circle] } }
        - { name: three, pan: { touches: 3 } }
        - { name: off, pinch: { touches: 2 }, enabled: false }
        """
        let found = Conflicts.find(in: Profiles.load(Profiles.yaml(gestures: gestures)))
            .filter { $0.kind == .takesProgramTouches }
        #expect(found.map(\.gesture) == ["one-pan", "flick", "zoom", "turn", "tap", "double", "hold"])
        #expect(found.allSatisfy { $0.message.contains("every program that handles touch itself") })
        // The programs-without-touch layer takes nothing from anyone.
        #expect(Conflicts.find(in: Profiles.load(Profiles.yaml(match: "{ touch: mouse }", gestures: gestures))).filter { $0.kind == .takesProgramTouches }.isEmpty)
    }

    @Test func twoGesturesThatCannotBothFire() {
        let gestures = """
        - { name: a, swipe: { direction: left, touches: 3 }, action: { desktop: next } }
        - { name: b, swipe: { directions: [left, right], touches: 3 }, action: { keys: ctrl+w } }
        - { name: c, swipe: { direction: left, touches: 4 } }
        - { name: d, tap: { touches: 3 } }
        - { name: e, tap: { touches: 3 }, requireToFail: [d] }
        - { name: f, longPress: { touches: 3 } }
        - { name: g, longPress: { touches: 3 }, simultaneousWith: [f] }
        - { name: h, pinch: { touches: 3, direction: in } }
        - { name: i, pinch: { touches: 3 } }
        - { name: j, pinch: { touches: 3, direction: out }, simultaneousWith: all }
        - { name: k, stroke: { templates: [circle, x] } }
        - { name: l, stroke: { templates: [x] } }
        - { name: m, tap: { taps: 2, touches: 3 } }
        """
        let found = Conflicts.find(in: Profiles.load(Profiles.yaml(gestures: gestures))).filter {
            if case .cannotBothFire = $0.kind { return true }
            return false
        }
        let pairs = found.map { c -> String in
            guard case .cannotBothFire(let other, let at) = c.kind else { return "" }
            return "\(other)@\(at.line) \(c.gesture)@\(c.location.line)"
        }
        #expect(pairs == ["a@6 b@7", "h@13 i@14", "k@16 l@17"])
        #expect(found.first?.message == "“a” and “b” are both “three fingers slide left” in the same place: the same touches recognize both, and only one of them can fire. Give one of them requireToFail: [the other] to choose, or simultaneousWith to fire both")
    }

    @Test func sameGestureInDifferentPlacesIsNoConflict() {
        let yaml = """
        version: 1
        profiles:
          - name: everywhere
            match: any
            gestures:
              - { name: a, swipe: { direction: left, touches: 3 } }
          - name: app
            match: { class: foo }
            gestures:
              - { name: b, swipe: { direction: left, touches: 3 } }
            regions:
              - name: strip
                frame: { left: 0, right: 0, top: 0, height: 40 }
                gestures:
                  - { name: c, swipe: { direction: left, touches: 3 } }
          - name: more-everywhere
            match: any
            gestures:
              - { name: d, swipe: { direction: left, touches: 3 } }
        """
        let found = Conflicts.find(in: Profiles.load(yaml))
        // a and d are both on the screen; b is the window's own, c the region's.
        #expect(found.map(\.gesture) == ["d"])
    }

    @Test func touchpadBindingsTakingTheSameGesture() {
        let yaml = """
        version: 1
        profiles:
          - name: desktop
            match: any
            touchpad:
              - { name: any-swipe, swipe: { fingers: 3 }, action: { desktop: next } }
              - { name: left, swipe: { fingers: 3, direction: left }, action: { desktop: next } }
              - { name: four, swipe: { fingers: 4, direction: left }, action: { desktop: next } }
              - { name: zoom-in, pinch: { fingers: 2, direction: in }, action: { keys: ctrl+minus } }
              - { name: zoom-out, pinch: { fingers: 2, direction: out }, action: { keys: ctrl+plus } }
        """
        let found = Conflicts.find(in: Profiles.load(yaml))
        #expect(found.map(\.gesture) == ["left"])
        #expect(found.first?.message == "“left” (three fingers swipe left on the touchpad) takes the same touchpad gesture as “any-swipe”, which comes first in the file: “left” never fires")
    }

    @Test func keysTheLayoutCannotType() {
        let yaml = Profiles.yaml(gestures: """
        - { name: umlaut, swipe: { direction: up, touches: 3 }, action: { keys: ctrl+udiaeresis } }
        - { name: fine, swipe: { direction: down, touches: 3 }, action: [{ keys: ctrl+w }, { keys: ctrl+udiaeresis }] }
        - { name: zoom, pinch: { touches: 3 }, hold: { keys: super }, repeat: { every: 0.1, action: { keys: plus } } }
        """, more: """
            touchpad:
              - { name: tp, swipe: { fingers: 3, direction: left }, action: { keys: EuroSign } }
        """)
        let typeable: Set<String> = ["Control_L", "w", "plus"]
        let found = Conflicts.find(in: Profiles.load(yaml), canType: { typeable.contains($0) })
        #expect(found.map { "\($0.gesture) \($0.kind)" } == [
            "umlaut keyNotInLayout(\"udiaeresis\")",
            "fine keyNotInLayout(\"udiaeresis\")",
            "zoom keyNotInLayout(\"Super_L\")",
            "tp keyNotInLayout(\"EuroSign\")",
        ])
        #expect(found.first?.message == "“umlaut” presses Ctrl+Ü, and the keyboard layout has no key for Ü: Tactus lends it a spare key while it presses it, which programs that read shortcuts by key rather than by character may not take")
    }
}
