import GestureEngine
import GestureProfiles
import GestureTraces
import SystemCalls

/// `record FILE`: every input event the daemon feeds the session, as trace.md's JSON lines,
/// timed from the first one (and never going back).
final class TraceRecorder {
    private let file: FileDescriptor
    private var origin: Instant?
    private var lastTime = 0.0

    struct CannotWrite: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path): cannot write the trace file" }
    }

    init(path: String) throws {
        do {
            file = try FileDescriptor.open(path, [.readWrite, .create], permissions: 0o644)
        } catch {
            throw CannotWrite(path: path)
        }
        file.truncate()
    }

    func record(_ event: InputEvent, at t: Instant) {
        if origin == nil { origin = t }
        let ms = max(lastTime, t.milliseconds - origin!.milliseconds)
        lastTime = ms
        file.writeAll(Array((TraceWriter.line(event, time: ms) + "\n").utf8))
    }

    func close() { file.close() }
}
