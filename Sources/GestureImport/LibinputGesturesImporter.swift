/// Imports a libinput-gestures `libinput-gestures.conf`: `gesture TYPE MOTION [FINGERS]
/// COMMAND` lines, `device`, `swipe_threshold` and `timeout`.
///
/// Lines libinput-gestures itself rejects (an unknown keyword, a motion a gesture does not
/// have, an unclosed quote, a bad `_internal` argument) are errors, as they stop
/// libinput-gestures. Its commands run without a shell (`shlex.split`, then the program),
/// so they become `command:` words, never `shell:`; `~` and `$VAR` in the program name are
/// expanded from the environment, as libinput-gestures does.
struct LibinputGesturesImporter {
    /// One `gesture` line; `fingers` nil when it has no finger count (any number).
    struct Entry {
        var line: Int
        var type: String
        var motion: String
        var fingers: Int?
        var action: ImportedAction
        var remark: String?
        var text: String
    }

    var environment: [String: String]
    private var result = ImportResult(format: .libinputGestures)
    private var entries: [Entry] = []
    /// Notes about gesture lines: they go with the profile.
    private var gestureNotes: [ImportNote] = []

    static let motions: [String: [String]] = [
        "swipe": ["left", "right", "up", "down", "left_up", "right_up", "left_down", "right_down"],
        "pinch": ["in", "out", "clockwise", "anticlockwise"],
        "hold": ["on"],
        "drag": ["drag"],
    ]

    static func run(_ text: String, environment: [String: String]) throws(ImportFailure) -> ImportResult {
        var importer = LibinputGesturesImporter(environment: environment)
        for (i, raw) in try sourceLines(text).enumerated() {
            let line = raw.trimmed
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            try importer.read(line, at: i + 1)
            guard importer.entries.count + importer.result.notes.count + importer.gestureNotes.count <= ImportLimits.entries else {
                throw ImportFailure(line: i + 1, message: "more than \(ImportLimits.entries) gestures")
            }
        }
        importer.build()
        return importer.result
    }

    private mutating func read(_ line: String, at number: Int) throws(ImportFailure) {
        let parts = line.whitespaceSplit(maxSplits: 1)
        var key = Substring(parts[0])
        while key.hasSuffix(":") { key = key.dropLast() }
        let rest = parts.count > 1 ? parts[1] : ""
        func fail(_ message: String) -> ImportFailure { ImportFailure(line: number, message: message) }
        switch key {
        case "gesture":
            try gesture(rest, line: number)
        case "device":
            guard !rest.isEmpty else { throw fail("device needs a device name") }
            result.notes.append(ImportNote("device \(rest)", because: "Tactus takes the gestures of every touchpad, through the X server", lines: [number]))
        case "swipe_threshold":
            guard let v = Int(rest), v >= 0 else { throw fail("swipe_threshold must be a whole number 0 or more, not '\(rest)'") }
            result.notes.append(ImportNote("swipe_threshold \(v)", because: "the touchpad driver decides when a swipe begins; Tactus has no distance to set", lines: [number]))
        case "timeout":
            guard let v = Double(rest), v >= 0, v.isFinite else { throw fail("timeout must be a number of seconds 0 or more, not '\(rest)'") }
            result.notes.append(ImportNote("timeout \(rest)", because: "Tactus touchpad bindings have no time limit", lines: [number]))
        default:
            throw fail("'\(key)' is not a libinput-gestures keyword (gesture, device, swipe_threshold, timeout)")
        }
    }

    private mutating func gesture(_ text: String, line: Int) throws(ImportFailure) {
        func fail(_ message: String) -> ImportFailure { ImportFailure(line: line, message: message) }
        let fields = text.whitespaceSplit(maxSplits: 2)
        guard fields.count == 3 else { throw fail("a gesture line needs a gesture, a motion and a command") }
        let type = fields[0].lowercased(), motion = fields[1].lowercased()
        guard let motions = Self.motions[type] else { throw fail("gesture '\(fields[0])' is not swipe, pinch, hold or drag") }
        let base = type == "hold" ? String(motion.split(separator: "+", maxSplits: 1).first ?? "") : motion
        guard motions.contains(base) else { throw fail("\(type) has no motion '\(fields[1])' (\(motions.joined(separator: ", ")))") }
        if type == "hold", motion.contains("+"), Double(motion.split(separator: "+", maxSplits: 1)[1]) == nil {
            throw fail("the hold delay in '\(fields[1])' must be a number of seconds")
        }
        var command = fields[2]
        var fingers: Int?
        let split = command.whitespaceSplit(maxSplits: 1)
        if let first = split.first, first.count == 1, let digit = Int(first) {
            fingers = digit
            command = split.count > 1 ? split[1] : ""
        }
        guard !command.isEmpty else { throw fail("the gesture has no command") }
        let argv: [String]
        switch ShellWords.split(command, shellLine: false) {
        case .words(let words): argv = words
        case .malformed(let why), .needsShell(let why): throw fail("the command cannot be split into words: \(why)")
        }
        let shown = "gesture \(type) \(fields[1])\(fingers.map { " \($0)" } ?? "") \(command)"
        func refuse(_ why: String) { gestureNotes.append(ImportNote(shown, because: why, lines: [line], bindings: 1)) }

        var action: ImportedAction
        var remark: String?
        switch argv[0] {
        case "_internal":
            (action, remark) = try internalCommand(Array(argv.dropFirst()), line: line)
        case "_drag":
            refuse("Tactus cannot hold a button down for the length of a touchpad gesture")
            return
        default:
            var words = argv
            words[0] = expand(words[0])
            action = CommandMapper(focusedTarget: true).map(words)
            if words[0] != argv[0] { remark = "\(argv[0]) expanded to \(words[0]) from this environment" }
        }
        switch (type, base) {
        case ("hold", _): refuse("X has no hold events: XInput 2.4 gives a touchpad's swipes and pinches only")
        case ("drag", _): refuse("Tactus touchpad bindings fire actions; they cannot drag the pointer")
        case ("swipe", _) where fingers.map({ !(3...5).contains($0) }) ?? false:
            refuse("the touchpad driver reports swipes of 3 to 5 fingers")
        case ("pinch", _) where fingers.map({ !(2...5).contains($0) }) ?? false:
            refuse("the touchpad driver reports pinches of 2 to 5 fingers")
        default:
            entries.append(Entry(line: line, type: type, motion: motion, fingers: fingers, action: action, remark: remark, text: shown))
        }
    }

    /// libinput-gestures tells diagonal swipes apart for every finger count once one diagonal
    /// is configured, and rotations for every pinch once one rotation is (`has_extended` is
    /// the gesture type's): an oblique swipe of a finger count with no diagonal bound then
    /// runs nothing. Tactus tells them apart where a binding of that finger count names one,
    /// so the finger counts without one get bindings that do nothing.
    private func tellApartEverywhere(_ profile: inout ImportedProfile) {
        func add(_ kind: String, _ ways: [String], from line: Int, remark: String) {
            var counts: [Int: Bool] = [:]
            for b in profile.touchpad {
                switch (kind, b.trigger) {
                case ("swipe", .touchpadSwipe(let f, let d)): counts[f] = (counts[f] ?? false) || ways.contains(d ?? "")
                case ("pinch", .touchpadPinch(let f, let d)): counts[f] = (counts[f] ?? false) || ways.contains(d ?? "")
                default: break
                }
            }
            for (f, hasOne) in counts.sorted(by: { $0.key < $1.key }) where !hasOne {
                for way in ways {
                    let trigger: ImportedTrigger = kind == "swipe" ? .touchpadSwipe(fingers: f, direction: way) : .touchpadPinch(fingers: f, direction: way)
                    profile.touchpad.append(ImportedBinding(trigger, lines: [line], remark: remark))
                }
            }
        }
        if let diagonal = entries.first(where: { $0.type == "swipe" && $0.motion.contains("_") }) {
            add("swipe", ["up-left", "up-right", "down-left", "down-right"], from: diagonal.line,
                remark: "libinput-gestures tells diagonal swipes apart for every finger count once one is configured: this one does nothing")
        }
        if let rotation = entries.first(where: { $0.motion == "clockwise" || $0.motion == "anticlockwise" }) {
            add("pinch", ["clockwise", "counterclockwise"], from: rotation.line,
                remark: "libinput-gestures tells rotations apart for every pinch once one is configured: this one does nothing")
        }
    }

    /// `_internal [-w|--wrap] [-c N|--cols N] ws_up|ws_down|…`: switches workspaces with
    /// wmctrl (libinput-gestures' COMMAND_internal). Each command moves the workspace index on
    /// a grid of `--cols` columns: ws_up by +cols (the workspace below), ws_down by -cols,
    /// ws_left by +1 (the one to the right), ws_right by -1, the diagonals both. Without
    /// `--cols` the grid is one column, where ws_up and ws_left go to the next workspace and
    /// ws_down and ws_right to the previous one. Arguments libinput-gestures rejects are errors.
    private func internalCommand(_ args: [String], line: Int) throws(ImportFailure) -> (ImportedAction, String?) {
        func fail(_ message: String) -> ImportFailure { ImportFailure(line: line, message: "_internal: " + message) }
        var wrap = false
        var columns: Int?
        var legacyRow = false, legacyColumn = false
        var command: String?
        var rest = args[...]
        while let a = rest.popFirst() {
            switch a {
            case "-w", "--wrap": wrap = true
            case "-c", "--cols":
                guard let v = rest.popFirst().flatMap({ Int($0) }) else { throw fail("\(a) needs a number of columns") }
                columns = v
            case _ where a.hasPrefix("--cols="):
                guard let v = Int(a.dropFirst(7)) else { throw fail("--cols needs a number of columns") }
                columns = v
            case "--row", "--col":
                guard let v = rest.popFirst().flatMap({ Int($0) }) else { throw fail("\(a) needs a number") }
                if v != 0 { if a == "--row" { legacyRow = true } else { legacyColumn = true } }
            case "ws_up", "ws_down", "ws_left", "ws_right", "ws_left_up", "ws_left_down", "ws_right_up", "ws_right_down":
                guard command == nil else { throw fail("one command only, not '\(a)' too") }
                command = a
            default:
                throw fail("unknown argument '\(a)'")
            }
        }
        guard let command else { throw fail("a command is needed: ws_up, ws_down, ws_left, ws_right, …") }
        if let columns, columns < 1 { throw fail("\"--cols\" must be >= 1") }
        let vertical = command == "ws_up" || command == "ws_down"
        let horizontal = command == "ws_left" || command == "ws_right"
        if !vertical && !horizontal && columns == nil { throw fail("\"--cols\" must be specified for \(command)") }
        if (legacyRow || legacyColumn) && !vertical { throw fail("legacy \"--row\" and \"--col\" not supported for \(command)") }
        let stops = wrap ? nil : "Tactus wraps around after the last desktop, where _internal stops without -w"
        // One column: up and left are the next workspace, down and right the previous one.
        if (vertical && (columns ?? 1) == 1 && !legacyRow && !legacyColumn) || (horizontal && columns == nil) {
            return (.desktop(command == "ws_up" || command == "ws_left" ? "next" : "previous"), stops)
        }
        // On a grid: the translation libinput-gestures applies, as a move on the window
        // manager's grid of desktops.
        var move: String
        switch command {
        case "ws_up": move = legacyRow ? "right" : "down"
        case "ws_down": move = legacyRow ? "left" : "up"
        case "ws_left": move = "right"
        case "ws_right": move = "left"
        case "ws_left_up": move = "down-right"
        case "ws_left_down": move = "up-right"
        case "ws_right_up": move = "down-left"
        default: move = "up-left"
        }
        let grid = columns.map { "--cols \($0)" } ?? (legacyRow ? "--row" : "--col")
        let remark = "the grid is the window manager's (_NET_DESKTOP_LAYOUT), where _internal takes \(grid)" + (wrap ? "; Tactus stops at its edges, where -w wraps" : "")
        return (.desktop(move), remark)
    }

    /// A swipe motion as a Tactus direction: `left_up` is `up-left`.
    static func swipeDirection(_ motion: String) -> String {
        let parts = motion.split(separator: "_")
        return parts.count == 2 ? "\(parts[1])-\(parts[0])" : motion
    }

    /// `~`, `~/…`, `$NAME` and `${NAME}` in a program name, as Python's `expanduser` and
    /// `expandvars` do (an unset variable stays as written).
    private func expand(_ word: String) -> String {
        var w = word
        if w == "~" || w.hasPrefix("~/"), let home = environment["HOME"] { w = home + w.dropFirst() }
        guard w.contains("$") else { return w }
        var out = ""
        var chars = w[...]
        while let c = chars.popFirst() {
            guard c == "$" else { out.append(c); continue }
            var name = ""
            var braced = false
            if chars.first == "{" {
                guard let close = chars.firstIndex(of: "}") else { out.append(c); continue }
                name = String(chars[chars.index(after: chars.startIndex)..<close])
                braced = true
                chars = chars[chars.index(after: close)...]
            } else {
                while let d = chars.first, d.isLetter || d.isNumber || d == "_", d.isASCII { name.append(d); chars.removeFirst() }
            }
            if let value = environment[name], !name.isEmpty {
                out += value
            } else {
                out += braced ? "${\(name)}" : "$" + name
            }
        }
        return out
    }

    /// The bindings: an explicit finger count wins over a line without one; without one a
    /// swipe binds 3 and 4 fingers, a pinch 2 to 4. A pinch in and out that run the same
    /// command are one binding; otherwise each is a binding of its direction.
    private mutating func build() {
        var profile = ImportedProfile(name: "libinput-gestures", applications: [])
        profile.notes = gestureNotes
        var chosen: [String: Entry] = [:]
        var order: [String] = []
        func key(_ e: Entry, _ f: Int) -> String { "\(e.type) \(e.motion) \(f)" }
        var replacedNoted: Set<Int> = []
        for explicit in [false, true] {
            for e in entries where (e.fingers != nil) == explicit {
                let counts = e.fingers.map { [$0] } ?? (e.type == "swipe" ? [3, 4] : [2, 3, 4])
                for f in counts {
                    let k = key(e, f)
                    if let earlier = chosen[k], earlier.fingers == e.fingers, replacedNoted.insert(earlier.line).inserted {
                        profile.notes.append(ImportNote(earlier.text, because: "line \(e.line) configures the same gesture again, and libinput-gestures keeps the last", lines: [earlier.line]))
                    }
                    if chosen[k] == nil { order.append(k) }
                    chosen[k] = e
                }
                if e.fingers == nil {
                    result.header.append("A gesture without a finger count is imported as one binding per count: 3 and 4 fingers for a swipe, 2 to 4 for a pinch.")
                }
            }
        }
        var pinchesDone: Set<Int> = []
        for k in order {
            let parts = k.split(separator: " ")
            guard let e = chosen[k], let f = Int(parts[2]) else { continue }
            if e.type == "swipe" {
                profile.touchpad.append(ImportedBinding(.touchpadSwipe(fingers: f, direction: Self.swipeDirection(e.motion)), action: e.action, lines: [e.line], remark: e.remark))
                continue
            }
            if e.motion == "clockwise" || e.motion == "anticlockwise" {
                // libinput-gestures: a pinch that turned more than 15° (ROTATE_ANGLE), where a
                // rotation is configured; clockwise for a positive angle.
                profile.touchpad.append(ImportedBinding(.touchpadPinch(fingers: f, direction: e.motion == "clockwise" ? "clockwise" : "counterclockwise"), action: e.action, lines: [e.line], remark: e.remark))
                continue
            }
            guard pinchesDone.insert(f).inserted else { continue }
            let pinchIn = chosen["pinch in \(f)"], pinchOut = chosen["pinch out \(f)"]
            if let i = pinchIn, let o = pinchOut, i.action == o.action {
                profile.touchpad.append(ImportedBinding(.touchpadPinch(fingers: f, direction: nil), action: i.action, lines: Array(Set([i.line, o.line])).sorted(), remark: i.remark))
            } else {
                for p in [pinchIn, pinchOut].compactMap({ $0 }) {
                    profile.touchpad.append(ImportedBinding(.touchpadPinch(fingers: f, direction: p.motion), action: p.action, lines: [p.line], remark: p.remark))
                }
            }
        }
        tellApartEverywhere(&profile)
        profile.touchpad.sort { ($0.lines[0], fingerCount($0.trigger)) < ($1.lines[0], fingerCount($1.trigger)) }
        var seenHeader: Set<String> = []
        result.header = result.header.filter { seenHeader.insert($0).inserted }
        result.focusedTargetReason = "libinput-gestures' commands act on the focused window; so do window actions here."
        result.profiles = [profile]
    }
}

/// The fingers or touches a trigger takes.
func fingerCount(_ t: ImportedTrigger) -> Int {
    switch t {
    case .touchpadSwipe(let f, _), .touchpadPinch(let f, _), .swipe(let f, _), .pinch(let f, _), .tap(let f), .doubleTap(let f), .pan(let f, _): return f
    }
}
