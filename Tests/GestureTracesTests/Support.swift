import Foundation
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces

/// The repository root, found from this file.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// `../shared/data` beside the repository (where CI puts it), or `TACTUS_SHARED_DATA`.
let sharedData: URL = {
    if let env = ProcessInfo.processInfo.environment["TACTUS_SHARED_DATA"] { return URL(fileURLWithPath: env) }
    return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
}()

func evemu(_ name: String) -> String { sharedData.appendingPathComponent("evemu/\(name).events").path }

/// A trace as `tactus replay` reads it (JSON lines unless its text says otherwise), as if from
/// `file`, on a 1920×1080 screen unless told.
func parseTrace(_ text: String, file: String = "t.jsonl", screen: (Double, Double) = (1920, 1080)) throws -> [TraceLine] {
    try TraceReader.parse(text, file: file, screen: screen)
}

/// What reading `text` as a trace finds wrong with it (the ``TraceError``'s text), or
/// "no error"; any other error is said to be one, so that it never passes for a trace error.
func traceError(_ text: String, file: String = "t.jsonl", screen: (Double, Double) = (1920, 1080)) -> String {
    do {
        _ = try parseTrace(text, file: file, screen: screen)
        return "no error"
    } catch let error as TraceError {
        return error.description
    } catch {
        return "not a trace error: \(error)"
    }
}

struct ProfileError: Error, CustomStringConvertible {
    var description: String
}

/// Loads a test profile; a mistake in it fails the test (it does not crash the run).
func profile(_ yaml: String) throws -> ProfileFile {
    let r = ProfileLoader.load(yaml: yaml, path: "test.yaml")
    guard let file = r.file else { throw ProfileError(description: r.diagnostics.map(\.description).joined(separator: "\n")) }
    return file
}

/// Replays a trace file through a profile; returns the log lines and the replayer.
func replay(_ path: String, _ yaml: String, screen: (Double, Double) = (1920, 1080)) throws -> (lines: [String], replayer: Replayer) {
    let trace = try TraceReader.read(path: path, screen: screen)
    var lines: [String] = []
    let r = Replayer(configuration: try profile(yaml), screen: screen, format: .json) { lines.append($0) }
    r.run(trace)
    return (lines, r)
}

/// Counts verdict lines per touch id in a JSON log.
func verdictsPerTouch(_ lines: [String]) -> [String: Int] {
    var counts: [String: Int] = [:]
    for l in lines where l.contains("\"kind\":\"touch\"") {
        let id = l.components(separatedBy: "\"id\":")[1].components(separatedBy: ",")[0]
        counts[id, default: 0] += 1
    }
    return counts
}

/// Touch ids that began (delivered or not) in a trace.
func touchIDs(_ trace: [TraceLine]) -> Set<String> {
    var ids: Set<String> = []
    for (_, t) in touchPoints(trace) where t.phase == .began { ids.insert(t.id.isPointer ? "\"\(t.id)\"" : "\(t.id)") }
    return ids
}

/// Every touch of a trace's frames with its frame's time, in order: the touches as a reader
/// decoded them, one a line of the trace.
func touchPoints(_ trace: [TraceLine]) -> [(time: Double, touch: TouchPoint)] {
    trace.flatMap { line -> [(time: Double, touch: TouchPoint)] in
        guard case .touches(let frame) = line.event else { return [] }
        return frame.map { (line.time, $0) }
    }
}

/// A trace line of one touch alone.
func touchLine(_ id: TouchID, _ phase: TouchPhase, _ p: Point, at t: Double, line: Int) -> TraceLine {
    TraceLine(time: t, event: .touches(TouchFrame(TouchPoint(id: id, phase: phase, location: p), at: Instant(milliseconds: t))), line: line)
}

/// A profile with one `match: any` profile holding these gestures (one flow mapping each).
func oneGesture(_ gestures: String...) -> String {
    "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n" + gestures.map { "      - " + $0 + "\n" }.joined()
}
