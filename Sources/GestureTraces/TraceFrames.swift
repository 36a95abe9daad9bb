import GestureEngine
import GestureProfiles

/// Where a trace reader puts what it decodes: its touches are gathered into frames by the
/// engine's ``TouchFrameBuilder`` (touches of one instant, each once: trace.md's `t`, and
/// evemu's and libinput record's `SYN_REPORT`s, decode so), and every line is handed on in
/// order — a frame once complete, any other event after the frame before it.
final class TraceFrames {
    private var builder = TouchFrameBuilder()
    /// The time and line of the frame being built (its first touch's).
    private var frameTime = 0.0, frameLine = 0
    private let body: (TraceLine) throws -> Void
    /// An error `body` threw while the input paused (no caller to throw to there).
    private var deferred: Error?

    init(_ body: @escaping (TraceLine) throws -> Void) { self.body = body }

    /// A touch read at `time` (ms since the start of the trace).
    func touch(_ point: TouchPoint, time: Double, line: Int) throws {
        if let e = deferred { throw e }
        if let complete = builder.add(point, at: Instant(milliseconds: time)) {
            try body(TraceLine(time: frameTime, event: .touches(complete), line: frameLine))
        }
        if builder.frame?.count == 1 { (frameTime, frameLine) = (time, line) }
    }

    /// Any other event: the frame being built is complete before it.
    func event(_ line: TraceLine) throws {
        try endFrame()
        try body(line)
    }

    /// The frame being built is complete: the next line is of another kind, or the input
    /// ended.
    func endFrame() throws {
        if let e = deferred { throw e }
        if let frame = builder.finish() { try body(TraceLine(time: frameTime, event: .touches(frame), line: frameLine)) }
    }

    /// The input has nothing more for now (a trace read from a pipe as it is written): the
    /// frame gathered so far is handed on, as nothing waits for more to end one.
    func inputPaused() {
        do { try endFrame() } catch { deferred = error }
    }
}
