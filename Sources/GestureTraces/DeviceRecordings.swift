import FoundationEssentials
import GestureEngine
import YAMLTree

/// `evemu-record` files: `A: code min max …` axis lines and `E: sec.usec type code value`.
enum EvemuTrace {
    static func parse(_ text: String, file: String, screen: (width: Double, height: Double), description: String?) throws -> [TraceLine] {
        var decoder = EvdevTouchDecoder(screen: screen)
        func readAxes(_ text: String, file: String) throws {
            for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where raw.hasPrefix("A: ") {
                let parts = fields(raw)
                guard parts.count >= 4, let code = Int(parts[1], radix: 16), let lo = Double(parts[2]), let hi = Double(parts[3]) else {
                    throw TraceError(file: file, line: i + 1, message: "malformed axis line (expected 'A: code min max fuzz flat')")
                }
                decoder.ranges[code] = .init(min: lo, max: hi)
            }
        }
        if let description { try readAxes(description, file: file + " (.desc)") }
        try readAxes(text, file: file)
        if decoder.ranges[EvdevTouchDecoder.ABS_MT_POSITION_X] == nil && decoder.ranges[EvdevTouchDecoder.ABS_X] == nil {
            throw TraceError(file: file, line: 1, message: "no axis ranges ('A:' lines) in the recording or in a .desc file beside it: cannot scale device units")
        }
        var t0: Double?
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where raw.hasPrefix("E: ") {
            let parts = fields(raw)
            guard parts.count == 5, let stamp = Double(parts[1]), stamp.isFinite, let type = Int(parts[2], radix: 16),
                  let code = Int(parts[3], radix: 16), let value = Int(parts[4]) else {
                throw TraceError(file: file, line: i + 1, message: "malformed event line (expected 'E: sec.usec type code value')")
            }
            if t0 == nil { t0 = stamp }
            let ms = ((stamp - t0!) * 1_000_000).rounded() / 1000
            decoder.feed(time: max(0, ms), type: type, code: code, value: value, line: i + 1)
        }
        decoder.finish()
        return decoder.out
    }

    /// The whitespace-separated fields of a line, without the `# comment` newer evemu
    /// versions append (`E: 0.000001 0003 0039 0003\t# EV_ABS / ABS_MT_TRACKING_ID 3`).
    static func fields(_ line: Substring) -> [Substring] {
        let content = line.firstIndex(of: "#").map { line[..<$0] } ?? line
        return content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
    }
}

/// `libinput record` YAML: `devices[0].evdev.absinfo` and `events: - evdev: [[sec, usec, type, code, value], …]`.
enum LibinputRecordTrace {
    static func parse(_ text: String, file: String, screen: (width: Double, height: Double)) throws -> [TraceLine] {
        let root: Node?
        do { root = try YAMLComposer.compose(text) } catch {
            throw TraceError(file: file, line: 1, message: "not a readable libinput record file: \(error)")
        }
        func fail(_ node: Node?, _ m: String) -> TraceError { TraceError(file: file, line: node?.mark.line ?? 1, message: m) }
        guard let root, let devices = root.mapping?["devices"]?.sequence, let device = devices.first else {
            throw fail(root, "no 'devices:' list")
        }
        var decoder = EvdevTouchDecoder(screen: screen)
        if let absinfo = device.mapping?["evdev"]?.mapping?["absinfo"]?.mapping {
            for (k, v) in absinfo {
                guard let code = k.int, let values = v.sequence, values.count >= 2, let lo = values[0].float, let hi = values[1].float else {
                    throw fail(v, "malformed absinfo entry (expected code: [min, max, fuzz, flat, resolution])")
                }
                decoder.ranges[code] = .init(min: lo, max: hi)
            }
        }
        guard let events = device.mapping?["events"]?.sequence else { throw fail(device, "the device has no 'events:' list") }
        var t0: Double?
        for group in events {
            guard let evdev = group.mapping?["evdev"] else { continue }
            guard let list = evdev.sequence else { throw fail(evdev, "'evdev' must be a list of [sec, usec, type, code, value]") }
            // Either one event per entry or a list of them.
            let items: [Node] = list.first?.sequence != nil ? Array(list) : [evdev]
            for item in items {
                guard let e = item.sequence, e.count == 5, let sec = e[0].int, let usec = e[1].int, let type = e[2].int,
                      let code = e[3].int, let value = e[4].int else {
                    throw fail(item, "malformed evdev event (expected [sec, usec, type, code, value])")
                }
                let stamp = Double(sec) + Double(usec) / 1e6
                if t0 == nil { t0 = stamp }
                decoder.feed(time: max(0, ((stamp - t0!) * 1_000_000).rounded() / 1000), type: type, code: code, value: value, line: item.mark.line)
            }
        }
        decoder.finish()
        return decoder.out
    }
}
