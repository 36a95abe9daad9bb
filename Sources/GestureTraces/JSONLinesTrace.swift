import GestureEngine
import GestureProfiles

/// JSON lines (tactus record): one event object a line, times never going back.
struct JSONLinesTrace {
    let file: String
    private var lastTime = -Double.infinity

    init(file: String) { self.file = file }

    /// Reads one line into `frames`: a touch joins the frame of its instant, any other event
    /// follows it. Nothing for a blank line or a comment.
    mutating func read(_ raw: Substring, number n: Int, into frames: TraceFrames) throws {
        switch try parse(raw, number: n) {
        case .touch(let point, let t)?: try frames.touch(point, time: t, line: n)
        case .event(let line)?: try frames.event(line)
        case nil: break
        }
    }

    /// What one line holds.
    enum Line {
        case touch(TouchPoint, time: Double)
        case event(TraceLine)
    }

    /// The event of one line, nil for a blank line or a comment.
    mutating func parse(_ raw: Substring, number n: Int) throws -> Line? {
        let line = raw.trimmingBlanks
        if line.isEmpty || line.hasPrefix("#") { return nil }
        func fail(_ m: String) -> TraceError { TraceError(file: file, line: n, message: m) }
        let parsed: JSONValue
        do { parsed = try JSONValue.parse(line[...]) } catch let e as JSONValue.ParseError { throw fail("not valid JSON: \(e.message)") }
        guard case .object(let o) = parsed else { throw fail("not a JSON object") }
        func number(_ key: String) throws -> Double {
            guard let v = o[key] else { throw fail("missing \"\(key)\"") }
            guard case .number(let d) = v else { throw fail("\"\(key)\" must be a number") }
            return d
        }
        func optionalNumber(_ key: String) throws -> Double? { o[key] == nil ? nil : try number(key) }
        func string(_ key: String) throws -> String? {
            guard let v = o[key] else { return nil }
            guard case .string(let s) = v else { throw fail("\"\(key)\" must be a string") }
            return s
        }
        func bool(_ key: String) throws -> Bool? {
            guard let v = o[key] else { return nil }
            guard case .bool(let b) = v else { throw fail("\"\(key)\" must be true or false") }
            return b
        }
        let t = try number("t")
        if t < lastTime { throw fail("\"t\" goes backwards (\(t) after \(lastTime))") }
        lastTime = t
        guard let kind = try string("kind") else { throw fail("missing \"kind\"") }
        let event: InputEvent
        switch kind {
        case "screen":
            let w = try number("width"), h = try number("height")
            guard w > 0, h > 0, w < 100_000, h < 100_000 else { throw fail("screen size out of range") }
            event = .screen(width: w, height: h)
        case "window":
            let id = try number("id")
            guard id >= 0, id == id.rounded(), id < 1e15 else { throw fail("\"id\" must be a whole number") }
            var frame: Rect?
            if let f = o["frame"] {
                guard case .array(let a) = f, a.count == 4 else { throw fail("\"frame\" must be [x, y, width, height]") }
                let nums = a.compactMap { v -> Double? in if case .number(let d) = v { return d }; return nil }
                guard nums.count == 4 else { throw fail("\"frame\" must be [x, y, width, height]") }
                guard nums[2] >= 0, nums[3] >= 0 else { throw fail("\"frame\" has a negative size") }
                frame = Rect(x: nums[0], y: nums[1], width: nums[2], height: nums[3])
            }
            var touch: ProgramTouch?
            if let t = try string("touch") {
                guard let kind = ProgramTouch(rawValue: t) else { throw fail("\"touch\" must be \"own\" or \"mouse\"") }
                touch = kind
            }
            event = .window(WindowUpdate(
                id: UInt64(id), windowClass: try string("class"), instance: try string("instance"), title: try string("title"),
                type: try string("type"), frame: frame, focused: try bool("focused"), touch: touch, toolkit: try string("toolkit"), raise: try bool("raise") ?? false))
        case "window-closed":
            let id = try number("id")
            guard id >= 0, id == id.rounded(), id < 1e15 else { throw fail("\"id\" must be a whole number") }
            event = .windowClosed(UInt64(id))
        case "monitor":
            event = try MonitorTraceLine.event(o, fail: fail)
        case "touch":
            guard let p = try string("phase"), let phase = TouchPhase(rawValue: p) else { throw fail("\"phase\" must be began, moved, ended or cancelled") }
            let touchID: TouchID
            if case .string(let s)? = o["id"], s.hasPrefix("p"), let n = Int64(s.dropFirst()), n > 0 {
                touchID = .pointer(n)
            } else {
                let id = try number("id")
                guard id == id.rounded(), id > 0, id < 1e15 else { throw fail("touch \"id\" must be a positive whole number") }
                touchID = TouchID(Int64(id))
            }
            return .touch(TouchPoint(id: touchID, phase: phase, location: Point(x: try number("x"), y: try number("y"))), time: t)
        case "pointer":
            guard let p = try string("phase"), let phase = PointerPhase(rawValue: p) else { throw fail("\"phase\" must be down, motion or up") }
            var button: Int?
            if let b = try optionalNumber("button") {
                guard b == b.rounded(), (1...9).contains(b) else { throw fail("\"button\" must be 1 to 9") }
                button = Int(b)
            }
            if phase != .motion && button == nil { throw fail("pointer \(phase.rawValue) needs a \"button\"") }
            event = .pointer(phase: phase, button: button, location: Point(x: try number("x"), y: try number("y")))
        case "touchpad":
            guard let g = try string("gesture"), let gesture = TouchpadBinding.Kind(rawValue: g) else { throw fail("\"gesture\" must be swipe or pinch") }
            guard let p = try string("phase"), let phase = TouchpadEvent.Phase(rawValue: p) else { throw fail("\"phase\" must be begin, update or end") }
            let fingers = try number("fingers")
            guard fingers == fingers.rounded(), (1...10).contains(fingers) else { throw fail("\"fingers\" must be 1 to 10") }
            var e = TouchpadEvent(gesture: gesture, phase: phase, fingers: Int(fingers))
            e.dx = try optionalNumber("dx") ?? 0
            e.dy = try optionalNumber("dy") ?? 0
            e.scale = try optionalNumber("scale") ?? 1
            e.angle = try optionalNumber("angle") ?? 0
            e.cancelled = try bool("cancelled") ?? false
            event = .touchpad(e)
        default:
            throw fail("unknown kind \"\(kind)\" (screen, monitor, window, window-closed, touch, pointer, touchpad)")
        }
        return .event(TraceLine(time: t, event: event, line: n))
    }
}

extension Substring {
    /// Without the spaces and tabs (any whitespace) at either end.
    var trimmingBlanks: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
