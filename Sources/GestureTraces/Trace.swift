import FoundationEssentials
import GestureEngine
import GestureProfiles
import SystemCalls

/// A trace line: when (ms since the start of the trace) and what.
public struct TraceLine: Sendable {
    public var time: Double
    public var event: InputEvent
    /// Line number in the file (1-based), for errors.
    public var line: Int
}

/// A malformed trace: the file and the line, and what is wrong. Nothing after it is guessed.
public struct TraceError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}

public enum TraceFormat: String, Sendable {
    case jsonLines = "jsonl"
    case evemu
    case libinputRecord = "libinput-record"

    /// How many lines are looked at, at most.
    static let linesLooked = 200

    /// Decided from the content (its first lines), not the file name.
    public static func detect(_ text: String) -> TraceFormat? {
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(linesLooked) {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty { continue }
            if line.hasPrefix("{") { return .jsonLines }
            if line.hasPrefix("# EVEMU") || line.hasPrefix("E: ") || line.hasPrefix("N: ") || line.hasPrefix("I: ") { return .evemu }
            if line.hasPrefix("version:") || line.hasPrefix("libinput:") || line.hasPrefix("devices:") || line.hasPrefix("ndevices:") { return .libinputRecord }
            if line.hasPrefix("#") { continue }
            return nil
        }
        return nil
    }

    /// Whether the complete lines of `head` decide the format: one that is neither blank nor
    /// a comment, or as many lines as are looked at.
    static func decided(_ head: ArraySlice<UInt8>) -> Bool {
        guard let end = head.lastIndex(of: 0x0A) else { return false }
        var lines = 0
        for raw in head[..<end].split(separator: 0x0A) {
            let line = raw.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            if line.isEmpty { continue }
            lines += 1
            if line.first != UInt8(ascii: "#") || lines >= linesLooked { return true }
        }
        return false
    }
}

public enum TraceReader {
    /// Reads a trace file of any supported format, whole. `screen` is used to scale device
    /// recordings (JSON traces carry their own screen line).
    public static func read(path: String, screen: (width: Double, height: Double)) throws -> [TraceLine] {
        var lines: [TraceLine] = []
        try stream(path: path, screen: screen) { lines.append($0) }
        return lines
    }

    /// Reads a trace line by line, handing each event to `body` as soon as it is read: a
    /// trace of any length costs the line being read. `path` `-` is standard input.
    /// `beforeWaiting` is called when the input has nothing more for now (a pipe whose writer
    /// has not written the next line yet), before the read that waits for it: what is at hand
    /// is then all there is (the frame being built is handed on then).
    public static func stream(path: String, screen: (width: Double, height: Double), beforeWaiting: (() -> Void)? = nil, _ body: (TraceLine) throws -> Void) throws {
        let input = try TraceInput(path: path)
        input.beforeWaiting = beforeWaiting
        let description = path == "-" ? nil : siblingDescription(for: path)
        try stream(input, screen: screen, deviceDescription: description, body)
    }

    public static func parse(_ text: String, file: String, screen: (width: Double, height: Double), deviceDescription: String? = nil) throws -> [TraceLine] {
        var lines: [TraceLine] = []
        try stream(TraceInput(text: text, name: file), screen: screen, deviceDescription: deviceDescription) { lines.append($0) }
        return lines
    }

    /// Reads `bytes` as a trace of `format`, whatever its first lines say (the fuzz targets
    /// reach each reader with any bytes).
    package static func stream(bytes: [UInt8], as format: TraceFormat, screen: (width: Double, height: Double), _ body: (TraceLine) throws -> Void) throws {
        try stream(TraceInput(bytes: bytes, name: "fuzz"), format: format, screen: screen, deviceDescription: nil, body)
    }

    /// How far into the input the format is looked for.
    static let detectionBytes = 1 << 16

    static func stream(_ input: TraceInput, screen: (width: Double, height: Double), deviceDescription: String?, _ body: (TraceLine) throws -> Void) throws {
        // Only as much as decides the format: a trace from a pipe is replayed as it comes.
        let head = String(decoding: try input.peek(upTo: detectionBytes, until: TraceFormat.decided), as: UTF8.self)
        try stream(input, format: TraceFormat.detect(head), screen: screen, deviceDescription: deviceDescription, body)
    }

    private static func stream(_ input: TraceInput, format: TraceFormat?, screen: (width: Double, height: Double), deviceDescription: String?, _ body: (TraceLine) throws -> Void) throws {
        try withoutActuallyEscaping(body) { body in
            let frames = TraceFrames(body)
            let paused = input.beforeWaiting
            if let paused { input.beforeWaiting = { frames.inputPaused(); paused() } }
            defer { input.beforeWaiting = paused }
            switch format {
            case .jsonLines:
                var reader = JSONLinesTrace(file: input.name)
                while let line = try input.nextLine() { try reader.read(line, number: input.lineNumber, into: frames) }
            case .evemu:
                var reader = try EvemuTrace(file: input.name, screen: screen, description: deviceDescription)
                while let line = try input.nextLine() { try reader.read(line, number: input.lineNumber, into: frames) }
                try reader.finish(into: frames)
            case .libinputRecord:
                try LibinputRecordTrace.read(input, screen: screen, into: frames)
            case nil:
                throw TraceError(file: input.name, line: 1, message: "unknown trace format: expected JSON lines, an evemu-record file or a libinput record file")
            }
            try frames.endFrame()
        }
    }

    /// For `Device.gesture.events`, the `Device.desc` beside it (evemu keeps the device
    /// description apart from some recordings).
    static func siblingDescription(for path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return nil }
        let candidates = entries.filter { $0.hasSuffix(".desc") && name.hasPrefix(String($0.dropLast(5))) }
        guard let best = candidates.max(by: { $0.count < $1.count }) else { return nil }
        // A description is a few kilobytes: read it whole, but never an endless one.
        return FileDescriptor.contents(ofFile: dir.appendingPathComponent(best).path, limit: 1 << 20).flatMap { String(validating: $0, as: UTF8.self) }
    }
}
