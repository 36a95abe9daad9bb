import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces

/// Real hands (semantics.md §10): every labelled recording of ../shared/data/evemu, and the
/// traces of `RealHands/` for what the recordings lack, replayed through the built-in default
/// profile and through a profile of two-finger pinch, two-finger rotation and one-finger long
/// press. What the person meant comes from the labels and from the recorded motion, never
/// from what Tactus does: no touch is claimed by a gesture the person did not make, the
/// gesture they made fires, and a released one-finger drag is handed to the application
/// within 20 ms of crossing the slop.
@Suite struct RealHandsTests {
    /// A profile under test, and the gestures a labelled motion performs in it.
    struct Profile {
        var name: String
        var yaml: String
        /// The one-finger long press and how long the finger must rest for it (nil: none).
        var press: (gesture: String, duration: Double)?
        /// The gesture a whole recording performs, by fingers and motion.
        var gestures: [String: String]
    }

    static let defaultProfile = Profile(name: "built-in default", yaml: defaultProfileYAML, press: nil, gestures: [
        "3 swipe-left": "next-desktop", "3 swipe-right": "previous-desktop", "3 swipe-up": "maximize",
        "3 swipe-down": "minimize", "4 swipe-down": "show-desktop",
    ])
    static let pinchRotationPress = Profile(name: "pinch, rotation, long press", yaml: oneGesture(
        "{ name: zoom, pinch: {}, action: { log: zoom } }",
        "{ name: turn, rotation: {}, action: { log: turn } }",
        "{ name: press, longPress: {}, on: { began: { log: press } } }"
    ), press: ("press", 0.5), gestures: ["2 pinch-out": "zoom", "2 pinch-in": "zoom", "2 rotate": "turn"])

    struct Labelled: CustomStringConvertible {
        var fingers: Int
        var motion: String
        var path: String
        var description: String { URL(fileURLWithPath: path).lastPathComponent }
    }

    static func labels(_ file: URL) throws -> [Labelled] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let f = line.split(separator: "\t").map(String.init)
            guard f.count == 3, let n = Int(f[0]) else { return nil }
            return Labelled(fingers: n, motion: f[1], path: file.deletingLastPathComponent().appendingPathComponent(f[2]).path)
        }
    }

    static let recordings: [Labelled] = {
        let evemu = (try? labels(sharedData.appendingPathComponent("evemu/labels.tsv"))) ?? []
        let ours = (try? labels(repositoryRoot.appendingPathComponent("Tests/GestureTracesTests/RealHands/labels.tsv"))) ?? []
        return evemu + ours
    }()

    /// One touch as recorded: when it went down, where, and how it moved.
    struct RecordedTouch {
        var id: String
        var began: Double
        var ended = Double.infinity
        var start: Point
        /// When it first moved past the slop (nil: it never did).
        var crossedSlop: Double?
    }

    static func touches(_ trace: [TraceLine]) -> [RecordedTouch] {
        var byID: [String: RecordedTouch] = [:]
        var order: [String] = []
        for (time, touch) in touchPoints(trace) {
            let (phase, id, p) = (touch.phase, touch.id, touch.location)
            let key = id.isPointer ? "\"\(id)\"" : "\(id)"
            switch phase {
            case .began:
                byID[key] = RecordedTouch(id: key, began: time, start: p)
                order.append(key)
            case .moved, .ended, .cancelled:
                guard var t = byID[key] else { continue }
                if t.crossedSlop == nil, p.distance(to: t.start) > GestureConfiguration.standard.touchSlop { t.crossedSlop = time }
                if phase != .moved { t.ended = time }
                byID[key] = t
            }
        }
        return order.compactMap { byID[$0] }
    }

    /// Whether the person held this finger still, alone, long enough for a long press.
    static func isLongPress(_ t: RecordedTouch, among all: [RecordedTouch], fingers: Int, duration: Double) -> Bool {
        let due = t.began + duration * 1000
        let still = (t.crossedSlop ?? .infinity) > due && t.ended > due
        let alone = !all.contains { $0.id != t.id && $0.began < due && $0.ended > t.began }
        return fingers == 1 && still && alone
    }

    struct Outcome {
        var verdicts: [String: (verdict: String, by: String, t: Double)] = [:]
        var verdictCount: [String: Int] = [:]
        var actions: [String] = []
    }

    static func replayed(_ r: Labelled, _ p: Profile) throws -> (Outcome, [RecordedTouch]) {
        let trace = try TraceReader.read(path: r.path, screen: (1920, 1080))
        let (lines, _) = try replay(r.path, p.yaml)
        var o = Outcome()
        for l in lines {
            guard let data = l.data(using: .utf8), let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
            if json["kind"] as? String == "touch", let verdict = json["verdict"] as? String {
                let id = (json["id"] as? String).map { "\"\($0)\"" } ?? "\(json["id"] as? Int ?? -1)"
                o.verdicts[id] = (verdict, json["by"] as? String ?? "", json["t"] as? Double ?? 0)
                o.verdictCount[id, default: 0] += 1
            }
            if json["kind"] as? String == "action", let g = json["gesture"] as? String { o.actions.append(g) }
        }
        return (o, touches(trace))
    }

    @Test(arguments: [defaultProfile, pinchRotationPress].flatMap { p in recordings.map { (p, $0) } })
    func claimsOnlyWhatThePersonMeantAndLetsTheRestGoAtOnce(_ profile: Profile, _ recording: Labelled) throws {
        let (outcome, touches) = try Self.replayed(recording, profile)
        #expect(!touches.isEmpty)
        let performed = profile.gestures["\(recording.fingers) \(recording.motion)"]
        for t in touches {
            #expect(outcome.verdictCount[t.id] == 1, "touch \(t.id): exactly one verdict")
            guard let v = outcome.verdicts[t.id] else { continue }
            let pressed = profile.press.map { Self.isLongPress(t, among: touches, fingers: recording.fingers, duration: $0.duration) } ?? false
            let meant = [performed, pressed ? profile.press?.gesture : nil].compactMap { $0 }
            if v.verdict == "claimed" {
                #expect(meant.contains(v.by), "touch \(t.id) claimed by \(v.by), but the person made \(meant.isEmpty ? "no configured gesture" : "\(meant)")")
            }
            if pressed, let press = profile.press { #expect(outcome.actions.contains(press.gesture), "touch \(t.id) rested: \(press.gesture) fires") }
            // A released one-finger drag goes to the application within 20 ms of the slop.
            if recording.fingers == 1, v.verdict == "released", let crossed = t.crossedSlop {
                #expect(v.t - crossed <= 20, "touch \(t.id) held \(v.t - crossed) ms past the slop")
            }
        }
        if let g = performed { #expect(outcome.actions.contains(g), "\(g) fires") }
    }

    /// The figures of docs/deciding-under-x-ownership.md: claims by gestures the person did not make, and how long
    /// released one-finger drags were held past the slop, over everything above.
    @Test func figures() throws {
        var wrongClaims = 0, drags = 0, worstPastSlop = 0.0, touchCount = 0
        for profile in [Self.defaultProfile, Self.pinchRotationPress] {
            for r in Self.recordings {
                let (outcome, touches) = try Self.replayed(r, profile)
                let performed = profile.gestures["\(r.fingers) \(r.motion)"]
                for t in touches {
                    touchCount += 1
                    guard let v = outcome.verdicts[t.id] else { continue }
                    let pressed = profile.press.map { Self.isLongPress(t, among: touches, fingers: r.fingers, duration: $0.duration) } ?? false
                    if v.verdict == "claimed" && v.by != performed && !(pressed && v.by == profile.press?.gesture) { wrongClaims += 1 }
                    if r.fingers == 1, v.verdict == "released", let crossed = t.crossedSlop {
                        drags += 1
                        worstPastSlop = max(worstPastSlop, v.t - crossed)
                    }
                }
            }
        }
        print("real hands: \(touchCount) touches, \(wrongClaims) claimed by a gesture the person did not make; \(drags) released one-finger drags, held at most \(formatNumber(worstPastSlop)) ms past the slop")
        #expect(wrongClaims == 0)
        #expect(worstPastSlop <= 20)
        #expect(drags >= 20)
    }
}
