import Foundation
import GestureEngine
import GestureProfiles
import GestureTraces

/// `record FILE`: every input event the daemon feeds the session, as trace.md's JSON lines,
/// timed from the first one (and never going back).
final class TraceRecorder {
    private let file: FileHandle
    private var origin: Instant?
    private var lastTime = 0.0

    struct CannotWrite: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path): cannot write the trace file" }
    }

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let h = FileHandle(forWritingAtPath: path) else {
            throw CannotWrite(path: path)
        }
        file = h
    }

    func record(_ event: InputEvent, at t: Instant) {
        if origin == nil { origin = t }
        let ms = max(lastTime, t.milliseconds - origin!.milliseconds)
        lastTime = ms
        file.write(Data((TraceWriter.line(event, time: ms) + "\n").utf8))
    }

    func close() { try? file.close() }
}
