import GestureProfiles
import Testing
@testable import ProfileEditing

/// Long runs of edits chosen at random (reproducibly) on the hand-written files: every accepted
/// edit leaves a file that loads, changes at most the line it must (or takes out only the
/// lines of what it removes), and keeps every comment it does not take out with those lines.
@Suite struct RandomEditTests {
    struct SplitMix {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
    }

    @Test(arguments: [1, 2, 3])
    func randomEditsKeepTheFileLoadingAndTheRestAsWritten(seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed))
        var document = ProfileDocument(text: seed == 2 ? Fixtures.indentless : Fixtures.handWritten, path: "/nonexistent/config.yaml")
        let settings: [[String]] = [["tap", "maxMovement"], ["tap", "maxDuration"], ["longPress", "minimumDuration"], ["swipe", "minimumDistance"], ["pan", "minimumDistance"], ["edgePan", "zoneWidth"]]
        let recognizers = [("tap", [("taps", "2")]), ("swipe", [("direction", "up"), ("touches", "4")]), ("longPress", []), ("pinch", [("touches", "2")])]
        let actions = ["{ click: 2 }", "{ keys: ctrl+z }", "{ desktop: next }", "{ log: \"hi {x}\" }", "[{ keys: a }, { click: 1 }]"]
        var accepted = 0, counter = 0
        for _ in 0..<150 {
            let profiles = document.profiles?.profiles ?? []
            let profile = profiles.isEmpty ? "none" : profiles[rng.next(profiles.count)].name
            let gestures = profiles.first { $0.name == profile }?.gestures.map(\.name) ?? []
            let gesture = gestures.isEmpty ? "none" : gestures[rng.next(gestures.count)]
            counter += 1
            let edit: ProfileEdit
            switch rng.next(9) {
            case 0: edit = .setSetting(path: settings[rng.next(settings.count)], value: String(5 + rng.next(40)))
            case 1: edit = .setFeedback(rng.next(2) == 0)
            case 2: edit = .setPreview(profile: profile, gesture: gesture, rng.next(2) == 0)
            case 3: edit = .addProfile(name: "p\(counter)", matchClass: rng.next(2) == 0 ? nil : "class\(counter)")
            case 4:
                let (key, params) = recognizers[rng.next(recognizers.count)]
                edit = .addGesture(profile: profile, NewGesture(name: "g\(counter)", recognizer: key, parameters: params, action: actions[rng.next(actions.count)]))
            case 5: edit = .removeGesture(profile: profile, name: gesture)
            case 6: edit = .setGestureAction(profile: profile, gesture: gesture, action: actions[rng.next(actions.count)])
            case 7: edit = .setGestureEnabled(profile: profile, gesture: gesture, rng.next(2) == 0)
            default: edit = .setSetting(path: ["target"], value: rng.next(2) == 0 ? "focused" : "under-touch")
            }
            let before = document.text
            do {
                try document.apply(edit)
            } catch {
                #expect(document.text == before)
                continue
            }
            accepted += 1
            #expect(document.isValid, "\(edit): \(document.errors)\n\(document.text)")
            let c = lineChanges(before, document.text)
            switch edit {
            case .removeGesture, .setFeedback(false), .setGestureAction:
                // What goes: the gesture's lines, or a block value's.
                break
            case .addProfile, .addGesture:
                #expect(c.removed.count <= 1, "\(edit): \(c)")  // a flow list's line, or none
            default:
                #expect(c.removed.count <= 1, "\(edit): \(c)")
                #expect(c.added.count <= 4, "\(edit): \(c)")
            }
            // Comments not in the lines taken out are all still there.
            let comments = { (t: String) in t.split(separator: "\n").filter { $0.contains("# ") && !c.removed.contains(String($0)) } }
            #expect(comments(before).allSatisfy { line in document.text.contains(line) }, "\(edit)")
        }
        #expect(accepted >= 50)
    }
}
