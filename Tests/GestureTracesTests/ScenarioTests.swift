import Foundation
import Testing
@testable import GestureTraces
import TestSupport

/// semantics.md §9 as files anyone can rerun from the shell:
///   tactus replay --config Tests/GestureTracesTests/Scenarios/NAME.yaml Tests/GestureTracesTests/Scenarios/NAME.jsonl
/// The built `tactus` binary replays each one; its event log must equal NAME.expected.jsonl,
/// and the actions in it must be those §9 describes (checked here independently).
@Suite struct ScenarioTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/GestureTracesTests/Scenarios")
    static let binary = URL(fileURLWithPath: BuiltProducts.executable("tactus"))

    /// What §9 says, as the logged actions with their times (ms).
    static let expectedActions: [String: [String]] = [
        "swipe-pan": ["110 pan began", "200 pan ended", "1200 pan began", "3000 pan ended"],  // the pan wins every time
        // flick = swipe, slow drag = pan, begun on the move that shows it is too slow to be a flick (§10)
        "swipe-pan-required": ["130 swipe", "1200 pan began", "3000 pan ended"],
        "single-double": ["150 single at 200,200", "350 double", "2050 single at 600,600"],  // both, single first
        "single-double-required": ["350 double", "2400 single at 600,600"],  // lone tap: one interval after the lift
        "longpress-drag": ["600 press began", "1150 press ended"],  // the press keeps the touch
        "longpress-drag-simultaneous": ["600 press began", "850 pan began", "1150 press ended", "1150 pan ended"],
        "pinch-rotation": ["135 pinch began", "240 pinch ended at 1.4"],  // exclusive by default
        "pinch-rotation-simultaneous": ["135 pinch began", "190 rotation began", "240 pinch ended at 1.4", "240 rotation ended at 17.189"],
        "observer": ["120 observer began", "140 window tap", "140 observer ended", "1030 window scroll began", "1030 observer began", "1300 window scroll ended", "1300 observer ended"],
        "one-way": ["130 pinch began", "170 pinch cancelled", "170 rotation began", "200 rotation ended"],
    ]

    private func run(_ name: String) throws -> (String, Int32) {
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = ["replay", "--config", Self.folder.appendingPathComponent("\(name).yaml").path, Self.folder.appendingPathComponent("\(name).jsonl").path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), p.terminationStatus)
    }

    @Test(arguments: expectedActions.keys.sorted())
    func scenarioReplaysAsSection9Says(_ name: String) throws {
        let (log, status) = try run(name)
        #expect(status == 0)
        let expected = try String(contentsOf: Self.folder.appendingPathComponent("\(name).expected.jsonl"), encoding: .utf8)
        #expect(log == expected)
        let actions = log.split(separator: "\n").filter { $0.contains("\"kind\":\"action\"") }.map { line -> String in
            let t = line.components(separatedBy: "\"t\":")[1].components(separatedBy: ",")[0]
            let a = line.components(separatedBy: "\"action\":\"log ")[1].components(separatedBy: "\"")[0]
            return "\(t) \(a)"
        }
        #expect(actions == Self.expectedActions[name])
        // One verdict per touch, in the scenarios too.
        let touches = log.split(separator: "\n").filter { $0.contains("\"kind\":\"touch\"") }.count
        let began = try String(contentsOf: Self.folder.appendingPathComponent("\(name).jsonl"), encoding: .utf8).components(separatedBy: "\"phase\":\"began\"").count - 1
        #expect(touches == began)
    }

    @Test func everyScenarioFileHasItsCheck() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }
        #expect(Set(files.map { String($0.dropLast(6)) }) == Set(Self.expectedActions.keys))
    }
}
