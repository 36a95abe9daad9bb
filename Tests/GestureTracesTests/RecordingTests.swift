import Foundation
import Testing
@testable import GestureEngine
@testable import GestureTraces

/// Real recordings made by others (../shared/data/evemu): what the person did is what the
/// engine sees, and every touch gets exactly one verdict.
@Suite struct RecordingTests {
    private func actions(_ lines: [String]) -> [String] {
        lines.filter { $0.contains("\"kind\":\"action\"") }.map { $0.components(separatedBy: "\"gesture\":\"")[1].components(separatedBy: "\"")[0] }
    }

    @Test func nineFastTapsAreNineTaps() throws {
        let (lines, _) = try replay(evemu("Atmel maXTouch Touchscreen.1-finger-fast-taps"),
                                    oneGesture("{ name: tap, tap: {}, action: { log: tap } }"))
        #expect(actions(lines) == Array(repeating: "tap", count: 9))
    }

    @Test func aTwoFingerTapIsOneTwoFingerTapAndNoOneFingerTap() throws {
        let (lines, _) = try replay(evemu("Wacom ISDv4 E6 Finger.2fg-tap"), oneGesture(
            "{ name: two, tap: { touches: 2 }, action: { log: two } }",
            "{ name: one, tap: {}, action: { log: one } }"))
        #expect(actions(lines) == ["two"])
    }

    @Test func aDoubleTapWithARequirementIsOneDoubleTapAndNoSingleTap() throws {
        let (lines, _) = try replay(evemu("Wacom ISDv4 E6 Finger.double-tap-center"), oneGesture(
            "{ name: double, tap: { taps: 2 }, action: { log: double } }",
            "{ name: single, tap: {}, requireToFail: [double], action: { log: single } }"))
        #expect(actions(lines) == ["double"])
    }

    @Test func aCircleDrawnByOneFingerIsOnePanBegunOnceAndEndedOnce() throws {
        let (lines, _) = try replay(evemu("Wacom ISDv4 E6 Finger.single-center-circle"), oneGesture(
            "{ name: pan, pan: {}, on: { began: { log: began }, ended: { log: ended }, cancelled: { log: cancelled } } }"))
        let states = lines.filter { $0.contains("\"gesture\":\"pan\"") && $0.contains("\"kind\":\"state\"") && !$0.contains("reset") }
            .map { $0.components(separatedBy: "\"to\":\"")[1].components(separatedBy: "\"")[0] }
        #expect(states.first == "began")
        #expect(states.filter { $0 == "began" }.count == 1)
        #expect(states.last == "ended")
        #expect(states.filter { $0 == "ended" }.count == 1)
        #expect(Set(states) == ["began", "changed", "ended"])
        #expect(actions(lines) == ["pan", "pan"])
    }

    @Test func dragsAreOnePanEachAcrossDevicesAndProtocols() throws {
        // Protocol B (Atmel, EP0430M09, ELAN, Wacom) and protocol A (N-Trig, no slots).
        for name in ["Atmel maXTouch Touchscreen.1-finger-drag-up-down", "EP0430M09.1-finger-drag-up-down",
                     "ELAN CANDO Windows7.1-finger-drag-up-down", "N-Trig MultiTouch.1-finger-drag-NW-SE",
                     "Wacom ISDv4 E6 Finger.single-top-swipe"] {
            let (lines, _) = try replay(evemu(name), oneGesture("{ name: pan, pan: {}, on: { began: { log: b } } }"))
            #expect(actions(lines) == ["pan"], "\(name)")
        }
    }

    @Test func twoFingerScrollsAreTwoFingerPans() throws {
        for name in ["EP0430M09.2-finger-scroll-down", "Wacom ISDv4 E6 Finger.double-center-scroll"] {
            let (lines, _) = try replay(evemu(name), oneGesture("{ name: scroll, pan: { minimumTouches: 2 }, on: { began: { log: b } } }"))
            #expect(actions(lines) == ["scroll"], "\(name)")
        }
    }

    @Test func theNNTrigDiagonalDragGoesDownRight() throws {
        let trace = try TraceReader.read(path: evemu("N-Trig MultiTouch.1-finger-drag-NW-SE"), screen: (1920, 1080))
        let points = touchPoints(trace).map(\.touch.location)
        #expect(points.last!.x > points.first!.x + 100 && points.last!.y > points.first!.y + 100)
        #expect(points.allSatisfy { (0...1920).contains($0.x) && (0...1080).contains($0.y) })
    }

    @Test func everyTouchOfEveryRecordingGetsExactlyOneVerdict() throws {
        let busy = oneGesture(
            "{ name: two, tap: { touches: 2 } }",
            "{ name: double, tap: { taps: 2 } }",
            "{ name: single, tap: {}, requireToFail: [double] }",
            "{ name: press, longPress: {} }",
            "{ name: pan, pan: {}, requireToFail: [swipe] }",
            "{ name: swipe, swipe: { directions: [left, right, up, down] } }",
            "{ name: pinch, pinch: {} }")
        let files = try FileManager.default.contentsOfDirectory(atPath: sharedData.appendingPathComponent("evemu").path).filter { $0.hasSuffix(".events") }
        #expect(files.count == 15)
        for file in files.sorted() {
            let path = sharedData.appendingPathComponent("evemu/\(file)").path
            let trace = try TraceReader.read(path: path, screen: (1920, 1080))
            let (lines, replayer) = try replay(path, busy)
            let ids = touchIDs(trace)
            #expect(!ids.isEmpty, "\(file)")
            let verdicts = verdictsPerTouch(lines)
            #expect(Set(verdicts.keys) == ids, "\(file)")
            #expect(verdicts.values.allSatisfy { $0 == 1 }, "\(file)")
            #expect(replayer.engine.undecidedTouches.isEmpty)
            #expect(!lines.contains { $0.contains("\"kind\":\"error\"") }, "\(file)")
        }
    }
}
