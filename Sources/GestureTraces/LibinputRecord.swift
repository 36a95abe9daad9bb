// libyaml (Debian's), read event by event: a recording is streamed, never composed.
import CYAML
import GestureEngine

/// `libinput record` YAML: the first device's `evdev.absinfo` (axis ranges) and its
/// `events: - evdev: [[sec, usec, type, code, value], …]`. The YAML is read as a stream of
/// parser events, keeping only the list of numbers being read: a recording of any length
/// costs one event. libinput writes no aliases, so none is followed.
enum LibinputRecordTrace {
    /// Nesting beyond this is not a libinput recording (it writes seven levels).
    static let maximumDepth = 32
    /// Numbers in one list (an event has five, an axis six).
    static let maximumListLength = 16

    static func read(_ input: TraceInput, screen: (width: Double, height: Double), into frames: TraceFrames) throws {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else { throw TraceError(file: input.name, line: 0, message: "cannot start the YAML reader") }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input(parser, { context, buffer, capacity, read in
            let input = Unmanaged<TraceInput>.fromOpaque(context!).takeUnretainedValue()
            guard let n = input.read(into: buffer!, capacity: capacity) else { return 0 }
            read!.pointee = n
            return 1
        }, Unmanaged.passUnretained(input).toOpaque())
        var walker = RecordWalker(file: input.name, screen: screen)
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) == 1 else {
                if let error = input.readError { throw error }
                let problem = parser.pointee.problem.map { String(cString: $0) } ?? "malformed YAML"
                throw TraceError(file: input.name, line: Int(parser.pointee.problem_mark.line) + 1, message: "not a readable libinput record file: \(problem)")
            }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { break }
            try walker.handle(event, into: frames)
        }
        try walker.finish(into: frames)
    }
}

/// Follows where the parser is in the document (the keys and indices above it) and hands
/// each finished list of numbers that matters to the decoder.
private struct RecordWalker {
    let file: String
    var decoder: EvdevTouchDecoder
    var start: Double?

    /// Where a node is: a mapping key, or an index in a list.
    enum Step: Equatable { case key(String), index(Int) }
    /// An open mapping or list: the step that reached it, and what it holds so far.
    struct Open {
        var step: Step?
        var isMapping: Bool
        /// Mapping: the key waiting for its value (nil while a key is expected).
        var key: String?
        var expectsKey = true
        /// List: items so far, the first scalars among them, and whether all are scalars.
        var count = 0
        var scalars: [String] = []
        var onlyScalars = true
    }
    var open: [Open] = []
    var sawDevices = false, sawEvents = false

    init(file: String, screen: (width: Double, height: Double)) {
        self.file = file
        decoder = EvdevTouchDecoder(screen: screen)
    }

    func fail(_ line: Int, _ message: String) -> TraceError { TraceError(file: file, line: line, message: message) }

    /// The step to the node about to start inside the innermost open collection (nil for
    /// the document itself), and whether that node is a mapping key.
    func nextStep() -> (step: Step?, isKey: Bool) {
        guard let parent = open.last else { return (nil, false) }
        if parent.isMapping {
            // A list or mapping as a key is not libinput's: a step that matches nothing.
            if parent.expectsKey { return (.index(-1), true) }
            return (parent.key.map { .key($0) } ?? .index(-1), false)
        }
        return (.index(parent.count), false)
    }

    /// Records that a node finished inside the innermost open collection (a mapping's key,
    /// then its value, in turn).
    mutating func finishedChild(scalar: String?) {
        guard !open.isEmpty else { return }
        let i = open.count - 1
        if open[i].isMapping {
            if !open[i].expectsKey { open[i].key = nil }
            open[i].expectsKey.toggle()
        } else {
            open[i].count += 1
            if let scalar {
                if open[i].scalars.count < LibinputRecordTrace.maximumListLength { open[i].scalars.append(scalar) }
            } else {
                open[i].onlyScalars = false
            }
        }
    }

    mutating func handle(_ event: yaml_event_t, into frames: TraceFrames) throws {
        let line = Int(event.start_mark.line) + 1
        switch event.type {
        case YAML_ALIAS_EVENT:
            throw fail(line, "an alias: libinput record files have none")
        case YAML_SCALAR_EVENT:
            let value = String(cString: event.data.scalar.value)
            let next = nextStep()
            if next.isKey {
                open[open.count - 1].key = value
            } else {
                try scalarValue(value, at: path(next.step), line: line)
            }
            finishedChild(scalar: value)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard open.count < LibinputRecordTrace.maximumDepth else { throw fail(line, "nested deeper than \(LibinputRecordTrace.maximumDepth) levels: not a libinput record file") }
            open.append(Open(step: nextStep().step, isMapping: event.type == YAML_MAPPING_START_EVENT))
            let here = path(nil)
            if here == [.key("devices")] { sawDevices = true }
            if here.count == 3, here[0] == .key("devices"), here[1] == .index(0), here[2] == .key("events") { sawEvents = true }
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let closed = open.popLast() else { return }
            if !closed.isMapping, closed.onlyScalars, closed.count > 0 {
                try list(closed.scalars, count: closed.count, at: path(nil) + [closed.step].compactMap { $0 }, line: line, into: frames)
            }
            finishedChild(scalar: nil)
        default:
            break
        }
    }

    /// The steps from the document's root to the innermost open collection, then `step`.
    func path(_ step: Step?) -> [Step] {
        open.compactMap(\.step) + [step].compactMap { $0 }
    }

    /// A scalar where a list of events is expected is an error; elsewhere it is ignored.
    func scalarValue(_ value: String, at path: [Step], line: Int) throws {
        if path.count == 5, path[0] == .key("devices"), path[1] == .index(0), path[2] == .key("events"), path[4] == .key("evdev") {
            throw fail(line, "'evdev' must be a list of [sec, usec, type, code, value]")
        }
    }

    /// A finished list of scalars: an axis of the first device, or one of its events.
    mutating func list(_ values: [String], count: Int, at path: [Step], line: Int, into frames: TraceFrames) throws {
        guard path.count >= 4, path[0] == .key("devices"), path[1] == .index(0) else { return }
        if path.count == 5, path[2] == .key("evdev"), path[3] == .key("absinfo"), case .key(let name) = path[4] {
            guard let code = Int(name), values.count >= 2, let lo = Double(values[0]), let hi = Double(values[1]) else {
                throw fail(line, "malformed absinfo entry (expected code: [min, max, fuzz, flat, resolution])")
            }
            decoder.ranges[code] = .init(min: lo, max: hi)
            return
        }
        // One event per entry (`evdev: [sec, …]`), or a list of them (`evdev: [[sec, …], …]`).
        let single = path.count == 5, listed = path.count == 6
        guard single || listed, path[2] == .key("events"), path[4] == .key("evdev") else { return }
        let numbers = values.compactMap { Int($0) }
        guard count == 5, numbers.count == 5 else {
            throw fail(line, "malformed evdev event (expected [sec, usec, type, code, value])")
        }
        let stamp = Double(numbers[0]) + Double(numbers[1]) / 1e6
        if start == nil { start = stamp }
        do {
            try decoder.feed(time: max(0, ((stamp - start!) * 1_000_000).rounded() / 1000), type: numbers[2], code: numbers[3], value: numbers[4], line: line)
        } catch {
            throw fail(line, error.message)
        }
        try decoder.hand(to: frames)
    }

    mutating func finish(into frames: TraceFrames) throws {
        guard sawDevices else { throw fail(1, "no 'devices:' list") }
        guard sawEvents else { throw fail(1, "the device has no 'events:' list") }
        decoder.finish()
        try decoder.hand(to: frames)
    }
}
