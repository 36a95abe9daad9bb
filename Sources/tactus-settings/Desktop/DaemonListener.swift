import Dispatch
import X11Session

/// The running daemon's monitor stream (`tactus monitor --log json`'s lines), read on a
/// thread of its own and handed to the main loop a line at a time, until ``stop()``.
final class DaemonListener: @unchecked Sendable {
    private let connection: MonitorConnection

    /// Connects to the daemon of `$DISPLAY`; throws (saying how to start one) when none runs.
    init() throws {
        connection = try MonitorConnection(display: nil)
    }

    func start(_ line: @escaping @Sendable @MainActor (String) -> Void, ended: @escaping @Sendable @MainActor () -> Void) {
        DispatchQueue.global().async { [self] in
            connection.forEachLine { text in
                let copy = String(text)
                onMainLoop { line(copy) }
            }
            onMainLoop { ended() }
        }
    }

    func stop() { connection.stop() }
}

/// Cuts the stream into what one gesture made: from the first touch, touchpad gesture or
/// pointer press after a quiet moment, until every finger is up and the daemon has said
/// nothing more for a moment (its verdicts and actions come just after the lift). Lines about
/// the screen (monitors) are kept for every gesture: a draft needs them to tell an edge.
struct GestureEpisode {
    private(set) var screenLines: [String] = []
    private(set) var lines: [String] = []
    private var down: Set<String> = []

    /// Whether a gesture is under way (fingers down, or lines of one not yet ended).
    var isOpen: Bool { !lines.isEmpty }
    var fingersDown: Bool { !down.isEmpty }

    mutating func add(_ line: String) {
        if line.contains("\"kind\":\"monitor\"") {
            screenLines.append(line)
            return
        }
        let touch = line.contains("\"kind\":\"touch\"") && !line.contains("\"verdict\"")
        let touchpad = line.contains("\"kind\":\"touchpad\"") && !line.contains("\"verdict\"")
        let pointer = line.contains("\"kind\":\"pointer\"")
        guard isOpen || touch || touchpad || pointer else { return }
        lines.append(line)
        let id = Self.field("id", in: line) ?? (touchpad ? "touchpad" : "pointer")
        switch Self.field("phase", in: line) {
        case "began", "begin", "down": if touch || touchpad || pointer { down.insert(id) }
        case "ended", "cancelled", "end", "up": down.remove(id)
        default: break
        }
    }

    /// The gesture's lines with the screen's, and a fresh episode.
    mutating func take() -> [String] {
        defer { lines = []; down = [] }
        return screenLines + lines
    }

    /// A field's value in a JSON line, as text (numbers and strings), for the bookkeeping above.
    static func field(_ name: String, in line: String) -> String? {
        let needle = Array("\"\(name)\":".utf8)
        let bytes = Array(line.utf8)
        guard bytes.count >= needle.count,
              let at = (0...(bytes.count - needle.count)).first(where: { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }) else { return nil }
        var rest = Substring(String(decoding: bytes[(at + needle.count)...], as: UTF8.self))
        if rest.first == "\"" {
            rest = rest.dropFirst()
            return String(rest.prefix { $0 != "\"" })
        }
        return String(rest.prefix { $0 != "," && $0 != "}" })
    }
}
