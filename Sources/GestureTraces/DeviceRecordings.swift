import GestureEngine

/// `evemu-record` files: `A: code min max …` axis lines (in the header, or in a `.desc` file
/// beside the recording) and `E: sec.usec type code value` event lines, read line by line.
struct EvemuTrace {
    let file: String
    private var decoder: EvdevTouchDecoder
    private var start: Double?

    init(file: String, screen: (width: Double, height: Double), description: String?) throws {
        self.file = file
        decoder = EvdevTouchDecoder(screen: screen)
        if let description {
            for (i, raw) in description.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where raw.hasPrefix("A: ") {
                try readAxis(raw, file: file + " (.desc)", line: i + 1)
            }
        }
    }

    mutating func read(_ raw: Substring, number: Int, into frames: TraceFrames) throws {
        if raw.hasPrefix("A: ") {
            try readAxis(raw, file: file, line: number)
            return
        }
        guard raw.hasPrefix("E: ") else { return }
        try requireAxes()
        let parts = Self.fields(raw)
        guard parts.count == 5, let stamp = Double(parts[1]), stamp.isFinite, let type = Int(parts[2], radix: 16),
              let code = Int(parts[3], radix: 16), let value = Int(parts[4]) else {
            throw TraceError(file: file, line: number, message: "malformed event line (expected 'E: sec.usec type code value')")
        }
        if start == nil { start = stamp }
        let ms = ((stamp - start!) * 1_000_000).rounded() / 1000
        do {
            try decoder.feed(time: max(0, ms), type: type, code: code, value: value, line: number)
        } catch {
            throw TraceError(file: file, line: number, message: error.message)
        }
        try decoder.hand(to: frames)
    }

    /// Contacts still down when the recording stops end there.
    mutating func finish(into frames: TraceFrames) throws {
        try requireAxes()
        decoder.finish()
        try decoder.hand(to: frames)
    }

    private mutating func readAxis(_ raw: Substring, file: String, line: Int) throws {
        let parts = Self.fields(raw)
        guard parts.count >= 4, let code = Int(parts[1], radix: 16), let lo = Double(parts[2]), let hi = Double(parts[3]) else {
            throw TraceError(file: file, line: line, message: "malformed axis line (expected 'A: code min max fuzz flat')")
        }
        decoder.ranges[code] = .init(min: lo, max: hi)
    }

    private func requireAxes() throws {
        if decoder.ranges[EvdevTouchDecoder.ABS_MT_POSITION_X] == nil && decoder.ranges[EvdevTouchDecoder.ABS_X] == nil {
            throw TraceError(file: file, line: 1, message: "no axis ranges ('A:' lines) in the recording or in a .desc file beside it: cannot scale device units")
        }
    }

    /// The whitespace-separated fields of a line, without the `# comment` newer evemu
    /// versions append (`E: 0.000001 0003 0039 0003\t# EV_ABS / ABS_MT_TRACKING_ID 3`).
    static func fields(_ line: Substring) -> [Substring] {
        let content = line.firstIndex(of: "#").map { line[..<$0] } ?? line
        return content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
    }
}
