import GestureEngine
import Yams

/// Reads and validates a profile file. Every problem is reported (not only the first), and a
/// file with an error yields no configuration at all: never a half-applied one.
public enum ProfileLoader {
    public struct Result: Sendable {
        /// nil when there is at least one error.
        public var file: ProfileFile?
        /// Errors and warnings, in file order.
        public var diagnostics: [Diagnostic]

        public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
        public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
    }

    /// Loads YAML text; `path` names it in diagnostics.
    public static func load(yaml text: String, path: String) -> Result {
        let sink = DiagnosticSink(file: path)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            sink.error(location(of: error), message(of: error))
            return Result(file: nil, diagnostics: sink.sorted)
        } catch {
            sink.error(SourceLocation(line: 1, column: 1), "cannot read the file as YAML: \(error)")
            return Result(file: nil, diagnostics: sink.sorted)
        }
        guard let root else {
            sink.error(SourceLocation(line: 1, column: 1), "the file is empty: a profile file needs at least 'version: 1' and 'profiles:'")
            return Result(file: nil, diagnostics: sink.sorted)
        }
        var parser = Parser(sink: sink, reader: YAMLReader(sink: sink))
        parser.directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let file = parser.parseFile(root, path: path)
        return Result(file: sink.hasErrors ? nil : file, diagnostics: sink.sorted)
    }

    private static func location(of error: YamlError) -> SourceLocation {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return SourceLocation(line: mark.line, column: mark.column)
        case .duplicatedKeysInMapping(_, let context):
            return SourceLocation(line: context.mark.line, column: context.mark.column)
        case .reader(_, let offset, _, let yaml):
            guard let offset else { return SourceLocation(line: 1, column: 1) }
            let prefix = yaml.utf8.prefix(offset)
            let line = prefix.filter { $0 == 10 }.count + 1
            let column = prefix.count - (prefix.lastIndex(of: 10).map { prefix.distance(from: prefix.startIndex, to: $0) + 1 } ?? 0) + 1
            return SourceLocation(line: line, column: column)
        default:
            return SourceLocation(line: 1, column: 1)
        }
    }

    private static func message(of error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _), .composer(let context, let problem, _, _):
            let c = context.map { "\($0.text), " } ?? ""
            return "YAML syntax: \(c)\(problem)"
        case .duplicatedKeysInMapping(let duplicates, _):
            return "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) in a mapping"
        case .reader(let problem, _, _, _):
            return "cannot read the file: \(problem)"
        default:
            return "YAML: \(error)"
        }
    }
}

/// Where a reference to a gesture was written, for errors found after the whole file is read.
private struct Reference {
    var name: String
    var node: Node
    var from: String
    var field: String
}

private struct Parser {
    let sink: DiagnosticSink
    let reader: YAMLReader
    var settings = ProfileSettings()
    var references: [Reference] = []
    var gestureNodes: [String: Node] = [:]
    /// Touchpad swipe bindings' `direction:` values, by binding name (for the claim warning).
    var directionNodes: [String: Node] = [:]
    var requirementEdges: [(from: String, to: String, node: Node)] = []
    /// The profile file's folder: stroke template files are relative to it.
    var directory = "."

    init(sink: DiagnosticSink, reader: YAMLReader) {
        self.sink = sink
        self.reader = reader
    }

    static let recognizerKeys = ["tap", "longPress", "pan", "swipe", "pinch", "rotation", "edgePan", "stroke"]
    static let gestureKeys = ["name"] + recognizerKeys + [
        "action", "on", "repeat", "requireToFail", "simultaneousWith", "preventsNot", "notPreventedBy",
        "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded", "exclude", "enabled",
    ]
    static let actionKeys = ["command", "shell", "keys", "click", "window", "desktop", "log"]

    mutating func parseFile(_ root: Node, path: String) -> ProfileFile? {
        guard let top = reader.mapping(root, "the profile file", allowed: ["version", "settings", "profiles"]) else { return nil }
        let byKey = Dictionary(top.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        if let v = byKey["version"] {
            if let n = reader.integer(v.value, "version", range: 1...1000), n != 1 {
                sink.error(v.value, "unsupported version \(n): this Tactus reads version 1")
            }
        } else {
            sink.error(root, "missing 'version: 1' (the format version of the file)")
        }
        if let s = byKey["settings"] { parseSettings(s.value) }
        var profiles: [Profile] = []
        if let p = byKey["profiles"], let list = reader.sequence(p.value, "profiles") {
            var names: [String: Node] = [:]
            for node in list {
                guard let profile = parseProfile(node) else { continue }
                if let earlier = names[profile.name] {
                    sink.error(node, "duplicate profile name '\(profile.name)' (first at line \(SourceLocation(earlier.mark).line))")
                }
                names[profile.name] = node
                profiles.append(profile)
            }
        } else if byKey["profiles"] == nil {
            sink.error(root, "missing 'profiles:' (a list of profiles)")
        }
        checkReferences(profiles)
        checkTouchpadClaims(profiles)
        return ProfileFile(settings: settings, profiles: profiles, path: path)
    }

    // MARK: Settings

    mutating func parseSettings(_ node: Node) {
        let keys = ["tap", "longPress", "pan", "swipe", "pinch", "rotation", "edgePan", "target", "pointer"]
        guard let entries = reader.mapping(node, "settings", allowed: keys) else { return }
        for (key, _, value) in entries {
            switch key {
            case "tap":
                for (k, _, v) in reader.mapping(value, "settings.tap", allowed: ["maxMovement", "maxDuration", "maxInterval"]) ?? [] {
                    switch k {
                    case "maxMovement": settings.tapMaxMovement = reader.number(v, "tap maxMovement", range: 0...10000) ?? settings.tapMaxMovement
                    case "maxDuration": settings.tapMaxDuration = reader.number(v, "tap maxDuration", range: 0.01...60) ?? settings.tapMaxDuration
                    default: settings.tapMaxInterval = reader.number(v, "tap maxInterval", range: 0.01...60) ?? settings.tapMaxInterval
                    }
                }
            case "longPress":
                for (k, _, v) in reader.mapping(value, "settings.longPress", allowed: ["minimumDuration", "allowableMovement"]) ?? [] {
                    if k == "minimumDuration" {
                        settings.longPressMinimumDuration = reader.number(v, "longPress minimumDuration", range: 0.01...60) ?? settings.longPressMinimumDuration
                    } else {
                        settings.longPressAllowableMovement = reader.number(v, "longPress allowableMovement", range: 0...10000) ?? settings.longPressAllowableMovement
                    }
                }
            case "pan":
                for (_, _, v) in reader.mapping(value, "settings.pan", allowed: ["minimumDistance"]) ?? [] {
                    settings.panMinimumDistance = reader.number(v, "pan minimumDistance", range: 0...10000) ?? settings.panMinimumDistance
                }
            case "swipe":
                for (k, _, v) in reader.mapping(value, "settings.swipe", allowed: ["minimumDistance", "minimumVelocity", "maximumAngle", "maximumDuration"]) ?? [] {
                    switch k {
                    case "minimumDistance": settings.swipeMinimumDistance = reader.number(v, "swipe minimumDistance", range: 1...10000) ?? settings.swipeMinimumDistance
                    case "minimumVelocity": settings.swipeMinimumVelocity = reader.number(v, "swipe minimumVelocity", range: 0...100000) ?? settings.swipeMinimumVelocity
                    case "maximumAngle": settings.swipeMaximumAngle = reader.number(v, "swipe maximumAngle", range: 0...90) ?? settings.swipeMaximumAngle
                    default: settings.swipeMaximumDuration = reader.number(v, "swipe maximumDuration", range: 0.01...60) ?? settings.swipeMaximumDuration
                    }
                }
            case "pinch":
                for (_, _, v) in reader.mapping(value, "settings.pinch", allowed: ["threshold"]) ?? [] {
                    settings.pinchThreshold = reader.number(v, "pinch threshold", range: 0...10000) ?? settings.pinchThreshold
                }
            case "rotation":
                for (_, _, v) in reader.mapping(value, "settings.rotation", allowed: ["threshold"]) ?? [] {
                    settings.rotationThreshold = reader.number(v, "rotation threshold", range: 0...180) ?? settings.rotationThreshold
                }
            case "edgePan":
                for (_, _, v) in reader.mapping(value, "settings.edgePan", allowed: ["zoneWidth"]) ?? [] {
                    settings.edgePanZoneWidth = reader.number(v, "edgePan zoneWidth", range: 1...10000) ?? settings.edgePanZoneWidth
                }
            case "target":
                if let t = reader.choice(value, "target", ["under-touch", "focused"]) { settings.target = GestureTarget(rawValue: t)! }
            default:
                parsePointer(value)
            }
        }
    }

    mutating func parsePointer(_ node: Node) {
        guard let entries = reader.mapping(node, "settings.pointer", allowed: ["button", "modifiers"]) else { return }
        var button: Int?
        var modifiers: [String] = []
        for (k, _, v) in entries {
            if k == "button" {
                button = reader.integer(v, "pointer button", range: 1...9)
            } else {
                for m in reader.list(v) {
                    if let name = reader.choice(m, "modifier", ["ctrl", "alt", "shift", "super"]) { modifiers.append(name) }
                }
            }
        }
        if let button {
            settings.pointer = PointerTrigger(button: button, modifiers: modifiers)
        } else {
            sink.error(node, "settings.pointer needs a 'button' (1-9)")
        }
    }

    // MARK: Profiles

    mutating func parseProfile(_ node: Node) -> Profile? {
        guard let entries = reader.mapping(node, "a profile", allowed: ["name", "match", "gestures", "regions", "touchpad"]) else { return nil }
        let byKey = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var name = "profile\(SourceLocation(node.mark).line)"
        if let n = byKey["name"] {
            if let s = reader.string(n.value, "profile name") {
                if s.isEmpty || s.contains("/") || s.contains(":") {
                    sink.error(n.value, "profile name '\(s)' must be non-empty and contain no '/' or ':' (it names views in logs)")
                } else {
                    name = s
                }
            }
        } else {
            sink.error(node, "a profile needs a 'name'")
        }
        var match = WindowMatch.any
        if let m = byKey["match"] {
            match = parseMatch(m.value) ?? .any
        } else {
            sink.error(node, "profile '\(name)' needs a 'match' (any, or class/instance/title/type)")
        }
        var regions: [RegionSpec] = []
        if let r = byKey["regions"], let list = reader.sequence(r.value, "regions") {
            var seen: Set<String> = []
            for rn in list {
                guard let region = parseRegion(rn, profile: name) else { continue }
                if !seen.insert(region.name).inserted { sink.error(rn, "duplicate region name '\(region.name)' in profile '\(name)'") }
                regions.append(region)
            }
        }
        let regionNames = regions.map(\.name)
        var gestures: [GestureSpec] = []
        if let g = byKey["gestures"], let list = reader.sequence(g.value, "gestures") {
            for gn in list {
                if let gesture = parseGesture(gn, regionNames: regionNames) { gestures.append(gesture) }
            }
        }
        var touchpad: [TouchpadBinding] = []
        if let t = byKey["touchpad"], let list = reader.sequence(t.value, "touchpad") {
            for tn in list {
                if let b = parseTouchpad(tn) { touchpad.append(b) }
            }
        }
        return Profile(name: name, match: match, gestures: gestures, regions: regions, touchpad: touchpad, location: SourceLocation(node.mark))
    }

    func parseMatch(_ node: Node) -> WindowMatch? {
        if case .scalar = node {
            guard let s = reader.string(node, "match") else { return nil }
            if s.lowercased() == "any" { return .any }
            sink.error(node, "match must be 'any' or a mapping of class/instance/title/type, not '\(s)'")
            return nil
        }
        guard let entries = reader.mapping(node, "match", allowed: ["class", "instance", "title", "type"]) else { return nil }
        var cls: StringMatcher?, instance: StringMatcher?, title: StringMatcher?, type: String?
        for (k, _, v) in entries {
            guard let s = reader.string(v, "match \(k)") else { continue }
            switch k {
            case "title":
                title = regex(s.hasPrefix("/") && s.hasSuffix("/") && s.count >= 2 ? String(s.dropFirst().dropLast()) : s, node: v)
            case "type":
                type = s
            default:
                let matcher = s.count >= 2 && s.hasPrefix("/") && s.hasSuffix("/") ? regex(String(s.dropFirst().dropLast()), node: v) : StringMatcher(exact: s)
                if k == "class" { cls = matcher } else { instance = matcher }
            }
        }
        if entries.isEmpty { sink.error(node, "match needs at least one of class, instance, title, type") }
        return .window(class: cls, instance: instance, title: title, type: type)
    }

    func regex(_ pattern: String, node: Node) -> StringMatcher? {
        do {
            return try StringMatcher(regex: pattern)
        } catch {
            sink.error(node, "bad regular expression '\(pattern)': \(error)")
            return nil
        }
    }

    // MARK: Gestures

    /// Gestures and touchpad bindings share one namespace (relations name either).
    mutating func claimGestureName(_ name: String, at node: Node) {
        if let earlier = gestureNodes[name] {
            sink.error(node, "duplicate gesture name '\(name)' (first at line \(SourceLocation(earlier.mark).line)); gesture names are unique within the file")
        } else {
            gestureNodes[name] = node
        }
    }

    mutating func parseGesture(_ node: Node, regionNames: [String]) -> GestureSpec? {
        guard let entries = reader.mapping(node, "a gesture", allowed: Self.gestureKeys) else { return nil }
        let byKey = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var name = "gesture\(SourceLocation(node.mark).line)"
        if let n = byKey["name"], let s = reader.string(n.value, "gesture name") {
            if s == "all" || s.isEmpty {
                sink.error(n.value, "'\(s)' cannot be a gesture name")
            } else {
                claimGestureName(s, at: n.value)
            }
            name = s
        } else if byKey["name"] == nil {
            sink.error(node, "a gesture needs a 'name'")
        }
        let recognizerEntries = entries.filter { Self.recognizerKeys.contains($0.key) }
        var recognizer: RecognizerSpec?
        if recognizerEntries.isEmpty {
            sink.error(node, "gesture '\(name)' needs exactly one recognizer key: \(Self.recognizerKeys.joined(separator: ", "))")
        } else if recognizerEntries.count > 1 {
            for extra in recognizerEntries.dropFirst() {
                sink.error(extra.keyNode, "gesture '\(name)' has two recognizer keys ('\(recognizerEntries[0].key)' and '\(extra.key)'); a gesture has exactly one")
            }
        } else {
            recognizer = parseRecognizer(recognizerEntries[0].key, recognizerEntries[0].value, keyNode: recognizerEntries[0].keyNode)
        }
        let continuous = recognizer?.isContinuous ?? true
        var spec = GestureSpec(
            name: name, recognizer: recognizer ?? .tap(taps: 1, touches: 1, maxMovement: 10, maxDuration: 0.5, maxInterval: 0.35),
            action: nil, on: [:], repeat: nil, requireToFail: [], simultaneousWith: .names([]), preventsNot: .names([]),
            notPreventedBy: .names([]), cancelsTouchesInView: nil, delaysTouchesBegan: nil, delaysTouchesEnded: nil,
            exclude: [], enabled: true, location: SourceLocation(node.mark))
        for (key, keyNode, value) in entries {
            switch key {
            case "action": spec.action = parseAction(value)
            case "on": spec.on = parseOn(value, continuous: continuous, gesture: name)
            case "repeat":
                if recognizer != nil && !continuous {
                    sink.error(keyNode, "'repeat' needs a continuous gesture (longPress, pan, pinch, rotation, edgePan); '\(name)' is discrete")
                }
                spec.repeat = parseRepeat(value)
            case "requireToFail":
                spec.requireToFail = parseReferences(value, from: name, field: key, allowAll: false).names
                for r in references where r.from == name && r.field == key { requirementEdges.append((name, r.name, r.node)) }
            case "simultaneousWith": spec.simultaneousWith = parseReferences(value, from: name, field: key, allowAll: true)
            case "preventsNot": spec.preventsNot = parseReferences(value, from: name, field: key, allowAll: true)
            case "notPreventedBy": spec.notPreventedBy = parseReferences(value, from: name, field: key, allowAll: true)
            case "cancelsTouchesInView": spec.cancelsTouchesInView = reader.bool(value, key)
            case "delaysTouchesBegan": spec.delaysTouchesBegan = reader.bool(value, key)
            case "delaysTouchesEnded": spec.delaysTouchesEnded = reader.bool(value, key)
            case "enabled": spec.enabled = reader.bool(value, key) ?? true
            case "exclude":
                for r in reader.list(value) {
                    guard let s = reader.string(r, "exclude") else { continue }
                    if regionNames.contains(s) {
                        spec.exclude.append(s)
                    } else {
                        sink.error(r, "unknown region '\(s)' in exclude\(suggestion(for: s, among: regionNames))")
                    }
                }
            default: break
            }
        }
        return recognizer == nil ? nil : spec
    }

    mutating func parseReferences(_ node: Node, from: String, field: String, allowAll: Bool) -> GestureReferences {
        if case .scalar(let s) = node, s.string == "all" {
            if allowAll { return .all }
            sink.error(node, "\(field) needs gesture names; 'all' would wait for every gesture")
            return .names([])
        }
        var names: [String] = []
        for r in reader.list(node) {
            guard let s = reader.string(r, field) else { continue }
            if s == from {
                sink.error(r, "gesture '\(from)' refers to itself in \(field)")
                continue
            }
            names.append(s)
            references.append(Reference(name: s, node: r, from: from, field: field))
        }
        return .names(names)
    }

    mutating func parseRecognizer(_ kind: String, _ node: Node, keyNode: Node) -> RecognizerSpec? {
        let s = settings
        if reader.isNull(node) { return parseRecognizer(kind, .mapping(.init([])), keyNode: keyNode) }
        func entries(_ allowed: [String]) -> [(key: String, keyNode: Node, value: Node)] {
            reader.mapping(node, kind, allowed: allowed) ?? []
        }
        switch kind {
        case "tap":
            var taps = 1, touches = 1, mm = s.tapMaxMovement, md = s.tapMaxDuration, mi = s.tapMaxInterval
            for (k, _, v) in entries(["taps", "touches", "maxMovement", "maxDuration", "maxInterval"]) {
                switch k {
                case "taps": taps = reader.integer(v, "taps", range: 1...10) ?? taps
                case "touches": touches = reader.integer(v, "touches", range: 1...10) ?? touches
                case "maxMovement": mm = reader.number(v, "maxMovement", range: 0...10000) ?? mm
                case "maxDuration": md = reader.number(v, "maxDuration", range: 0.01...60) ?? md
                default: mi = reader.number(v, "maxInterval", range: 0.01...60) ?? mi
                }
            }
            return .tap(taps: taps, touches: touches, maxMovement: mm, maxDuration: md, maxInterval: mi)
        case "longPress":
            var d = s.longPressMinimumDuration, m = s.longPressAllowableMovement, touches = 1, taps = 0
            for (k, _, v) in entries(["minimumDuration", "allowableMovement", "touches", "taps"]) {
                switch k {
                case "minimumDuration": d = reader.number(v, "minimumDuration", range: 0.01...60) ?? d
                case "allowableMovement": m = reader.number(v, "allowableMovement", range: 0...10000) ?? m
                case "touches": touches = reader.integer(v, "touches", range: 1...10) ?? touches
                default: taps = reader.integer(v, "taps", range: 0...5) ?? taps
                }
            }
            return .longPress(minimumDuration: d, allowableMovement: m, touches: touches, taps: taps)
        case "pan":
            var minT = 1, maxT = 10, dist = s.panMinimumDistance
            for (k, _, v) in entries(["minimumTouches", "maximumTouches", "minimumDistance", "touches"]) {
                switch k {
                case "minimumTouches": minT = reader.integer(v, "minimumTouches", range: 1...10) ?? minT
                case "maximumTouches": maxT = reader.integer(v, "maximumTouches", range: 1...10) ?? maxT
                case "touches":
                    if let t = reader.integer(v, "touches", range: 1...10) { minT = t; maxT = t }
                default: dist = reader.number(v, "minimumDistance", range: 0...10000) ?? dist
                }
            }
            if maxT < minT { sink.error(node, "pan maximumTouches (\(maxT)) is below minimumTouches (\(minT))") }
            return .pan(minimumTouches: minT, maximumTouches: max(minT, maxT), minimumDistance: dist)
        case "swipe":
            var dirs: [Direction] = [.right], touches = 1
            var dist = s.swipeMinimumDistance, vel = s.swipeMinimumVelocity, angle = s.swipeMaximumAngle, dur = s.swipeMaximumDuration
            for (k, _, v) in entries(["direction", "directions", "touches", "minimumDistance", "minimumVelocity", "maximumAngle", "maximumDuration"]) {
                switch k {
                case "direction", "directions":
                    var list: [Direction] = []
                    for d in reader.list(v) {
                        if let c = reader.choice(d, "direction", ["left", "right", "up", "down"]) { list.append(Direction(rawValue: c)!) }
                    }
                    if !list.isEmpty { dirs = list }
                case "touches": touches = reader.integer(v, "touches", range: 1...10) ?? touches
                case "minimumDistance": dist = reader.number(v, "minimumDistance", range: 1...10000) ?? dist
                case "minimumVelocity": vel = reader.number(v, "minimumVelocity", range: 0...100000) ?? vel
                case "maximumAngle": angle = reader.number(v, "maximumAngle", range: 0...90) ?? angle
                default: dur = reader.number(v, "maximumDuration", range: 0.01...60) ?? dur
                }
            }
            return .swipe(directions: dirs, touches: touches, minimumDistance: dist, minimumVelocity: vel, maximumAngle: angle, maximumDuration: dur)
        case "pinch":
            var touches = 2, threshold = s.pinchThreshold, direction = PinchDirection.any
            for (k, _, v) in entries(["touches", "threshold", "direction"]) {
                switch k {
                case "touches": touches = reader.integer(v, "touches", range: 2...10) ?? touches
                case "threshold": threshold = reader.number(v, "threshold", range: 0...10000) ?? threshold
                default:
                    if let c = reader.choice(v, "pinch direction", ["in", "out", "any"]) { direction = PinchDirection(rawValue: c)! }
                }
            }
            return .pinch(touches: touches, threshold: threshold, direction: direction)
        case "rotation":
            var touches = 2, threshold = s.rotationThreshold
            for (k, _, v) in entries(["touches", "threshold"]) {
                if k == "touches" {
                    touches = reader.integer(v, "touches", range: 2...10) ?? touches
                } else {
                    threshold = reader.number(v, "threshold", range: 0...180) ?? threshold
                }
            }
            return .rotation(touches: touches, threshold: threshold)
        case "edgePan":
            var edges = ["left"], zone = s.edgePanZoneWidth, dist = s.panMinimumDistance
            for (k, _, v) in entries(["edges", "edge", "zoneWidth", "minimumDistance"]) {
                switch k {
                case "edges", "edge":
                    var list: [String] = []
                    for e in reader.list(v) {
                        if let c = reader.choice(e, "edge", ["left", "right", "top", "bottom"]) { list.append(c) }
                    }
                    if !list.isEmpty { edges = list }
                case "zoneWidth": zone = reader.number(v, "zoneWidth", range: 1...10000) ?? zone
                default: dist = reader.number(v, "minimumDistance", range: 0...10000) ?? dist
                }
            }
            return .edgePan(edges: edges, zoneWidth: zone, minimumDistance: dist)
        default:
            return parseStroke(node)
        }
    }

    func parseStroke(_ node: Node) -> RecognizerSpec? {
        var templates: [StrokeTemplateSpec] = []
        var score = StrokeDefaults.standard.minimumScore, length = StrokeDefaults.standard.minimumLength
        var sawTemplates = false
        for (k, _, v) in reader.mapping(node, "stroke", allowed: ["templates", "minScore", "minimumLength"]) ?? [] {
            switch k {
            case "minScore": score = reader.number(v, "minScore", range: 0...1) ?? score
            case "minimumLength": length = reader.number(v, "minimumLength", range: 0...10000) ?? length
            default:
                sawTemplates = true
                for t in reader.list(v) { templates += parseStrokeTemplate(t) }
            }
        }
        if !sawTemplates { sink.error(node, "stroke needs 'templates' (built-in shapes: \(BuiltInStrokes.names.joined(separator: ", ")), or your own)") }
        return .stroke(templates: templates, minimumScore: score, minimumLength: length)
    }

    func parseStrokeTemplate(_ node: Node) -> [StrokeTemplateSpec] {
        if case .scalar = node {
            guard let name = reader.string(node, "stroke template") else { return [] }
            let found = BuiltInStrokes.templates(named: name)
            if found.isEmpty {
                sink.error(node, "unknown stroke template '\(name)'\(suggestion(for: name, among: BuiltInStrokes.names)); built in: \(BuiltInStrokes.names.joined(separator: ", ")); or give { name, points } or { name, file }")
            }
            return found
        }
        guard let entries = reader.mapping(node, "a stroke template", allowed: ["name", "points", "file", "orientation", "rotationInvariant"]) else { return [] }
        let byKey = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        guard let nameNode = byKey["name"], let name = reader.string(nameNode.value, "template name") else {
            if byKey["name"] == nil { sink.error(node, "a stroke template needs a 'name'") }
            return []
        }
        var points: [Point]?
        if let p = byKey["points"] {
            var list: [Point] = []
            for item in reader.sequence(p.value, "points (a list of [x, y])") ?? [] {
                guard let xy = reader.sequence(item, "a point ([x, y])"), xy.count == 2,
                      let x = reader.number(xy[0], "x", range: -1e6...1e6), let y = reader.number(xy[1], "y", range: -1e6...1e6) else {
                    if case .sequence(let s) = item, s.count != 2 { sink.error(item, "a point is [x, y]") }
                    return []
                }
                list.append(Point(x: x, y: y))
            }
            points = list
        } else if let f = byKey["file"], let file = reader.string(f.value, "template file") {
            let path = file.hasPrefix("/") ? file : directory + "/" + file
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                sink.error(f.value, "cannot read the stroke file '\(path)'")
                return []
            }
            guard let parsed = parseStrokePoints(text) else {
                sink.error(f.value, "'\(path)' is not a stroke file (one 'x y' point per line)")
                return []
            }
            points = parsed
        } else {
            sink.error(node, "stroke template '\(name)' needs 'points' or 'file'")
            return []
        }
        guard let pts = points, pts.count >= 2, UnistrokeMatcher.normalize(pts, rotate: true).count == UnistrokeMatcher.resampleCount else {
            sink.error(byKey["points"]?.value ?? byKey["file"]?.value ?? node, "stroke template '\(name)' needs a path of at least two distinct points")
            return []
        }
        var orientation = StrokeOrientation.upright
        if let o = byKey["orientation"] {
            if let choice = reader.choice(o.value, "orientation", StrokeOrientation.allCases.map(\.rawValue)) { orientation = StrokeOrientation(rawValue: choice)! }
            if let legacy = byKey["rotationInvariant"] { sink.error(legacy.keyNode, "give 'orientation' or 'rotationInvariant', not both") }
        } else if let legacy = byKey["rotationInvariant"], let invariant = reader.bool(legacy.value, "rotationInvariant") {
            // Tactus 0.2 spelling; kept working so an older file still loads.
            orientation = invariant ? .any : .fixed
            sink.warning(legacy.keyNode, "'rotationInvariant: \(invariant)' is now 'orientation: \(orientation.rawValue)'")
        }
        return [StrokeTemplateSpec(name: name, points: pts, orientation: orientation)]
    }

    func parseOn(_ node: Node, continuous: Bool, gesture: String) -> [String: ActionSpec] {
        let allowed = continuous ? ["began", "changed", "ended", "cancelled"] : ["recognized"]
        var out: [String: ActionSpec] = [:]
        for (k, _, v) in reader.mapping(node, "on (of '\(gesture)')", allowed: allowed) ?? [] {
            if let a = parseAction(v) { out[k == "recognized" ? "ended" : k] = a }
        }
        return out
    }

    func parseRepeat(_ node: Node) -> RepeatSpec? {
        guard let entries = reader.mapping(node, "repeat", allowed: ["every", "action", "reverse"]) else { return nil }
        var every: Double?, action: ActionSpec?, reverse: ActionSpec?
        for (k, _, v) in entries {
            switch k {
            case "every": every = reader.number(v, "repeat every", range: 0.000001...100000)
            case "action": action = parseAction(v)
            default: reverse = parseAction(v)
            }
        }
        if !entries.contains(where: { $0.key == "every" }) { sink.error(node, "repeat needs 'every' (the progress between two firings)") }
        if !entries.contains(where: { $0.key == "action" }) { sink.error(node, "repeat needs an 'action'") }
        guard let every, let action else { return nil }
        return RepeatSpec(every: every, action: action, reverse: reverse)
    }

    // MARK: Actions

    func parseAction(_ node: Node) -> ActionSpec? {
        if case .sequence(let items) = node {
            let actions = items.compactMap { parseAction($0) }
            return actions.count == items.count ? .sequence(actions) : nil
        }
        guard let entries = reader.mapping(node, "an action", allowed: Self.actionKeys) else { return nil }
        guard entries.count == 1 else {
            if entries.isEmpty {
                sink.error(node, "an action needs one of: \(Self.actionKeys.joined(separator: ", "))")
            } else {
                sink.error(entries[1].keyNode, "an action has exactly one kind ('\(entries[0].key)' and '\(entries[1].key)' given); use a list for a sequence")
            }
            return nil
        }
        let (key, _, value) = entries[0]
        switch key {
        case "command":
            guard let items = reader.sequence(value, "command (a list: program, then arguments; no shell)") else { return nil }
            if items.isEmpty {
                sink.error(value, "command needs at least the program to run")
                return nil
            }
            var argv: [Template] = []
            for item in items {
                guard let s = reader.string(item, "command argument"), let t = template(s, item) else { return nil }
                argv.append(t)
            }
            if case .literal(let program)? = argv.first?.segments.first, program.isEmpty { sink.error(items[0], "the program name is empty") }
            return .command(argv)
        case "shell":
            guard let s = reader.string(value, "shell"), let t = template(s, value) else { return nil }
            if !t.placeholders.isEmpty {
                sink.error(value, "placeholders are not pasted into shell scripts; use the environment variables instead (\(t.placeholders.map { "$" + environmentName(for: $0) }.joined(separator: ", ")))")
                return nil
            }
            return .shell(t)
        case "keys":
            guard let s = reader.string(value, "keys") else { return nil }
            switch KeyCombo.parse(s) {
            case .success(let combo): return .keys(combo)
            case .failure(.empty):
                sink.error(value, "keys '\(s)' has an empty key name (write 'plus' for +)")
            case .failure(.unknown(let part)):
                let candidates = Array(Keysyms.byName.keys) + Array(Keysyms.modifierAliases.keys)
                sink.error(value, "unknown key name '\(part)' in '\(s)'\(suggestion(for: part, among: candidates))")
            }
            return nil
        case "click":
            return reader.integer(value, "click button", range: 1...9).map { .click($0) }
        case "window":
            return reader.choice(value, "window operation", WindowOperation.allCases.map(\.rawValue)).map { .window(WindowOperation(rawValue: $0)!) }
        case "desktop":
            if case .scalar(let sc) = value, sc.style == .plain, Int(sc.string) != nil {
                return reader.integer(value, "desktop number", range: 0...99).map { .desktop(.number($0)) }
            }
            guard let c = reader.choice(value, "desktop operation (next, previous, show, or a number)", ["next", "previous", "show"]) else { return nil }
            return .desktop(c == "next" ? .next : c == "previous" ? .previous : .show)
        default:
            guard let s = reader.string(value, "log"), let t = template(s, value) else { return nil }
            return .log(t)
        }
    }

    func template(_ s: String, _ node: Node) -> Template? {
        switch Template.parse(s) {
        case .success(let t): return t
        case .failure(.unknownPlaceholder(let name, let offset)):
            sink.error(offsetLocation(node, offset), "unknown placeholder '{\(name)}'\(suggestion(for: name, among: Template.known))")
        case .failure(.unclosed(let offset)):
            sink.error(offsetLocation(node, offset), "unclosed '{' (write '{{' for a literal brace)")
        }
        return nil
    }

    /// The position of a character inside a plain or quoted one-line scalar.
    func offsetLocation(_ node: Node, _ offset: Int) -> SourceLocation {
        var loc = SourceLocation(node.mark)
        if case .scalar(let s) = node {
            let quote = (s.style == .singleQuoted || s.style == .doubleQuoted) ? 1 : 0
            if !s.string.contains("\n") { loc.column += offset + quote }
        }
        return loc
    }

    // MARK: Regions and controls

    mutating func parseRegion(_ node: Node, profile: String) -> RegionSpec? {
        let keys = ["name", "frame", "control", "axis", "value", "segments", "pages", "thumbLength", "gestures", "action"]
        guard let entries = reader.mapping(node, "a region", allowed: keys) else { return nil }
        let byKey = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var name = "region\(SourceLocation(node.mark).line)"
        if let n = byKey["name"], let s = reader.string(n.value, "region name") {
            if s.isEmpty || s.contains("/") { sink.error(n.value, "region name '\(s)' must be non-empty and contain no '/'") }
            name = s
        } else if byKey["name"] == nil {
            sink.error(node, "a region needs a 'name'")
        }
        var frame = FrameSpec()
        if let f = byKey["frame"] { frame = parseFrame(f.value) ?? frame } else { sink.error(node, "region '\(name)' needs a 'frame'") }
        var control: ControlSpec?
        if let c = byKey["control"] {
            control = parseControl(c.value, entries: byKey)
        } else {
            for k in ["axis", "value", "segments", "pages", "thumbLength"] where byKey[k] != nil {
                sink.error(byKey[k]!.keyNode, "'\(k)' belongs to controls; region '\(name)' has no 'control'")
            }
        }
        var gestures: [GestureSpec] = []
        if let g = byKey["gestures"], let list = reader.sequence(g.value, "gestures") {
            for gn in list {
                if let gesture = parseGesture(gn, regionNames: []) { gestures.append(gesture) }
            }
        }
        let action = byKey["action"].flatMap { parseAction($0.value) }
        return RegionSpec(name: name, frame: frame, control: control, gestures: gestures, action: action, location: SourceLocation(node.mark))
    }

    func parseFrame(_ node: Node) -> FrameSpec? {
        guard let entries = reader.mapping(node, "frame", allowed: ["left", "right", "width", "top", "bottom", "height"]) else { return nil }
        var f = FrameSpec()
        for (k, _, v) in entries {
            var length: Length?
            if case .scalar(let s) = v, s.string.hasSuffix("%"), let p = Double(s.string.dropLast()) {
                if (0...100).contains(p) { length = .percent(p) } else { sink.error(v, "frame \(k) must be between 0% and 100%, not \(s.string)") }
            } else if let n = reader.number(v, "frame \(k) (pixels, or a percentage like \"25%\")", range: 0...100000) {
                length = .pixels(n)
            }
            switch k {
            case "left": f.left = length
            case "right": f.right = length
            case "width": f.width = length
            case "top": f.top = length
            case "bottom": f.bottom = length
            default: f.height = length
            }
        }
        let horizontal = entries.filter { ["left", "right", "width"].contains($0.key) }.count
        let vertical = entries.filter { ["top", "bottom", "height"].contains($0.key) }.count
        if horizontal != 2 {
            sink.error(node, "frame needs exactly two of left, right, width (\(horizontal) given): the horizontal extent cannot be resolved")
        }
        if vertical != 2 {
            sink.error(node, "frame needs exactly two of top, bottom, height (\(vertical) given): the vertical extent cannot be resolved")
        }
        return f
    }

    func parseControl(_ node: Node, entries: [String: (key: String, keyNode: Node, value: Node)]) -> ControlSpec? {
        guard let kindName = reader.string(node, "control") else { return nil }
        guard let kind = ControlKind(rawValue: kindName) else {
            sink.error(node, "unknown control kind '\(kindName)'\(suggestion(for: kindName, among: ControlKind.allCases.map(\.rawValue))); expected one of: \(ControlKind.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        var spec = ControlSpec(kind: kind, axis: .horizontal, minimum: 0, maximum: 100, step: 1, initial: 0, thumbLength: 40)
        if let a = entries["axis"], let c = reader.choice(a.value, "axis", ["horizontal", "vertical"]) { spec.axis = Axis(rawValue: c)! }
        if let t = entries["thumbLength"] {
            if kind == .slider { spec.thumbLength = reader.number(t.value, "thumbLength", range: 1...10000) ?? 40 } else { sink.error(t.keyNode, "'thumbLength' is for sliders") }
        }
        switch kind {
        case .button:
            spec.maximum = 0
        case .switch:
            spec.minimum = 0; spec.maximum = 1
        case .segmented, .page:
            let key = kind == .segmented ? "segments" : "pages"
            if let n = entries[key] {
                spec.maximum = Double((reader.integer(n.value, key, range: 1...100) ?? 2) - 1)
            } else {
                sink.error(node, "a \(kind.rawValue) control needs '\(key)'")
            }
            spec.minimum = 0
        default:
            break
        }
        for k in ["segments", "pages"] where entries[k] != nil && !(k == "segments" && kind == .segmented) && !(k == "pages" && kind == .page) {
            sink.error(entries[k]!.keyNode, "'\(k)' is for \(k == "segments" ? "segmented" : "page") controls")
        }
        if let v = entries["value"] {
            if kind == .button {
                sink.error(v.keyNode, "a button has no value")
            } else if kind == .switch {
                if let m = reader.mapping(v.value, "value", allowed: ["initial"]) {
                    for (_, _, iv) in m {
                        if case .scalar(let s) = iv, ["on", "off"].contains(s.string.lowercased()) {
                            spec.initial = s.string.lowercased() == "on" ? 1 : 0
                        } else if let b = reader.bool(iv, "switch initial (on or off)") {
                            spec.initial = b ? 1 : 0
                        }
                    }
                }
            } else {
                let allowed = kind == .slider || kind == .stepper ? ["min", "max", "initial", "step"] : ["initial"]
                var initial: Double?
                for (k, _, iv) in reader.mapping(v.value, "value", allowed: allowed) ?? [] {
                    guard let n = reader.number(iv, "value \(k)", range: -1e9...1e9) else { continue }
                    switch k {
                    case "min": spec.minimum = n
                    case "max": spec.maximum = n
                    case "step":
                        if n > 0 { spec.step = n } else { sink.error(iv, "value step must be above 0") }
                    default: initial = n
                    }
                }
                if spec.maximum < spec.minimum { sink.error(v.value, "value max (\(spec.maximum.compact)) is below min (\(spec.minimum.compact))") }
                if let initial {
                    if initial < spec.minimum || initial > spec.maximum {
                        sink.error(v.value, "value initial \(initial.compact) is outside \(spec.minimum.compact)...\(spec.maximum.compact)")
                    }
                    spec.initial = initial
                } else {
                    spec.initial = spec.minimum
                }
            }
        } else if kind == .stepper || kind == .slider {
            spec.initial = spec.minimum
        }
        return spec
    }

    // MARK: Touchpad

    mutating func parseTouchpad(_ node: Node) -> TouchpadBinding? {
        guard let entries = reader.mapping(node, "a touchpad binding", allowed: ["name", "swipe", "pinch", "action", "on", "repeat"]) else { return nil }
        let byKey = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var name = "touchpad\(SourceLocation(node.mark).line)"
        if let n = byKey["name"], let s = reader.string(n.value, "binding name") {
            claimGestureName(s, at: n.value)
            name = s
        } else if byKey["name"] == nil {
            sink.error(node, "a touchpad binding needs a 'name'")
        }
        let kinds = entries.filter { $0.key == "swipe" || $0.key == "pinch" }
        guard kinds.count == 1 else {
            if kinds.isEmpty { sink.error(node, "touchpad binding '\(name)' needs 'swipe' or 'pinch'") } else { sink.error(kinds[1].keyNode, "touchpad binding '\(name)' has both 'swipe' and 'pinch'") }
            return nil
        }
        let kind = TouchpadBinding.Kind(rawValue: kinds[0].key)!
        var fingers = kind == .swipe ? 3 : 2
        var direction: Direction?
        let allowed = kind == .swipe ? ["fingers", "direction"] : ["fingers"]
        for (k, _, v) in reader.mapping(kinds[0].value, "touchpad \(kind.rawValue)", allowed: allowed) ?? [] {
            if k == "fingers" {
                fingers = reader.integer(v, "fingers", range: kind == .swipe ? 3...5 : 2...5) ?? fingers
            } else if let c = reader.choice(v, "direction", ["left", "right", "up", "down"]) {
                direction = Direction(rawValue: c)
                directionNodes[name] = v
            }
        }
        var binding = TouchpadBinding(name: name, kind: kind, fingers: fingers, direction: direction, action: nil, on: [:], repeat: nil, location: SourceLocation(node.mark))
        binding.action = byKey["action"].flatMap { parseAction($0.value) }
        if let on = byKey["on"] { binding.on = parseOn(on.value, continuous: true, gesture: name) }
        if let r = byKey["repeat"] { binding.repeat = parseRepeat(r.value) }
        return binding
    }

    // MARK: Whole-file checks

    /// The driver's swipe is claimed at its begin from the finger count only, so a binding
    /// for one direction takes that finger count's swipes in every direction. Warns where
    /// that takes swipes from the application that nothing here uses: per profile and
    /// finger count, the directions bound neither by it nor by a `match: any` profile.
    func checkTouchpadClaims(_ profiles: [Profile]) {
        func directions(_ bindings: [TouchpadBinding], fingers: Int) -> Set<Direction> {
            var covered: Set<Direction> = []
            for b in bindings where b.kind == .swipe && b.fingers == fingers {
                if let d = b.direction { covered.insert(d) } else { covered.formUnion([.left, .right, .up, .down]) }
            }
            return covered
        }
        let screenBindings = profiles.filter(\.appliesToScreen).flatMap(\.touchpad)
        for p in profiles {
            var seen: Set<Int> = []
            for b in p.touchpad where b.kind == .swipe && b.direction != nil && seen.insert(b.fingers).inserted {
                let covered = directions(p.touchpad + (p.appliesToScreen ? [] : screenBindings), fingers: b.fingers)
                let missing = [Direction.left, .right, .up, .down].filter { !covered.contains($0) }
                guard !missing.isEmpty, let node = directionNodes[b.name] else { continue }
                let names = missing.map(\.rawValue)
                let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
                sink.warning(node, "\(b.fingers)-finger swipes \(list) are bound to nothing\(p.appliesToScreen ? "" : " in '\(p.name)'"), yet this binding takes them from the application: the touchpad driver decides ownership when a swipe begins, from the finger count only (bind them too, or use another finger count)")
            }
        }
    }

    func checkReferences(_ profiles: [Profile]) {
        let known = Array(gestureNodes.keys)
        for r in references where gestureNodes[r.name] == nil {
            sink.error(r.node, "unknown gesture '\(r.name)' in \(r.field) of '\(r.from)'\(suggestion(for: r.name, among: known))")
        }
        // requireToFail cycles (semantics.md §3): a configuration error.
        var graph: [String: [(String, Node)]] = [:]
        for e in requirementEdges where gestureNodes[e.to] != nil { graph[e.from, default: []].append((e.to, e.node)) }
        var state: [String: Int] = [:]
        var stack: [String] = []
        var reported: Set<String> = []
        func visit(_ n: String) {
            state[n] = 1
            stack.append(n)
            for (m, node) in graph[n] ?? [] {
                if state[m] == 1 {
                    let cycle = Array(stack[stack.firstIndex(of: m)!...]) + [m]
                    let key = Set(cycle).sorted().joined(separator: ",")
                    if reported.insert(key).inserted {
                        sink.error(node, "requireToFail cycle: \(cycle.joined(separator: " -> ")); these gestures would wait for each other forever")
                    }
                } else if state[m] == nil {
                    visit(m)
                }
            }
            stack.removeLast()
            state[n] = 2
        }
        for e in requirementEdges where state[e.from] == nil { visit(e.from) }
    }
}

/// `TACTUS_X` for `x`, `TACTUS_WINDOW_CLASS` for `window.class`, `TACTUS_TRANSLATION_X` for
/// `translationX`: how shell actions see placeholders.
public func environmentName(for placeholder: String) -> String {
    var out = "TACTUS_"
    for c in placeholder {
        if c == "." { out.append("_") } else if c.isUppercase { out.append("_"); out.append(c) } else { out += c.uppercased() }
    }
    return out
}
