import Logging
import SystemCalls

/// The daemon's log on standard error, written without ever waiting for its reader (a
/// journal that stalls, `tactus run -v 2>&1 | less` left on one page): lines the reader does
/// not take in time are dropped and counted, and the log says how many where the gap is.
/// The event loop polls ``output`` while lines wait.
public enum StandardError {
    package static let output = SharedLineOutput(.standardError) { count in
        "tactus: \(count) log \(count == 1 ? "line was" : "lines were") dropped: standard error was not being read"
    }

    /// A log handler writing through ``output`` (swift-log's stream handler, so the lines
    /// look as they always did).
    public static func logHandler(label: String) -> StreamLogHandler {
        StreamLogHandler(label: label, stream: Stream())
    }

    /// One whole log line per `write` (the stream handler writes each message at once).
    private struct Stream: TextOutputStream, Sendable {
        mutating func write(_ string: String) {
            output.write(string.hasSuffix("\n") ? String(string.dropLast()) : string)
        }
    }
}
