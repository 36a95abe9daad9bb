import GestureEngine
import GestureProfiles

/// Recognizers and actions written back as the profile file's flow YAML, the way the docs
/// and the built-in profile write them: `swipe: { direction: left, touches: 3 }`,
/// `{ desktop: next }`. What the loader reads back is the same value.
public enum YAMLText {
    /// `swipe: { direction: left, touches: 3 }` (keys left at their defaults are left out).
    public static func recognizer(_ r: RecognizerSpec) -> String {
        var f: [(String, String)] = []
        func num(_ k: String, _ v: Double?) { if let v { f.append((k, formatNumber(v))) } }
        let key: String
        switch r {
        case .tap(let p):
            key = "tap"
            if p.taps != 1 { f.append(("taps", "\(p.taps)")) }
            if p.touches != 1 { f.append(("touches", "\(p.touches)")) }
            num("maxMovement", p.maxMovement); num("maxDuration", p.maxDuration); num("maxInterval", p.maxInterval)
        case .longPress(let p):
            key = "longPress"
            if p.touches != 1 { f.append(("touches", "\(p.touches)")) }
            if p.taps != 0 { f.append(("taps", "\(p.taps)")) }
            num("minimumDuration", p.minimumDuration); num("allowableMovement", p.allowableMovement)
        case .pan(let p):
            key = "pan"
            if let d = directions(p.directions) { f.append(d) }
            if let maximum = p.maximumTouches, maximum == p.minimumTouches {
                f.append(("touches", "\(maximum)"))
            } else {
                if p.minimumTouches != 1 { f.append(("minimumTouches", "\(p.minimumTouches)")) }
                if let maximum = p.maximumTouches { f.append(("maximumTouches", "\(maximum)")) }
            }
            num("minimumDistance", p.minimumDistance); num("maximumAngle", p.maximumAngle)
        case .swipe(let p):
            key = "swipe"
            f.append(directions(p.directions) ?? ("directions", "[left, right, up, down]"))
            if p.touches != 1 { f.append(("touches", "\(p.touches)")) }
            num("minimumDistance", p.minimumDistance); num("minimumVelocity", p.minimumVelocity)
            num("maximumAngle", p.maximumAngle); num("maximumDuration", p.maximumDuration)
        case .pinch(let p):
            key = "pinch"
            if p.touches != 2 { f.append(("touches", "\(p.touches)")) }
            if p.direction != .any { f.append(("direction", p.direction.rawValue)) }
            num("threshold", p.threshold)
        case .rotation(let p):
            key = "rotation"
            if p.touches != 2 { f.append(("touches", "\(p.touches)")) }
            num("threshold", p.threshold)
        case .edgePan(let p):
            key = "edgePan"
            f.append(("edges", "[" + Words.edges(p.edges).joined(separator: ", ") + "]"))
            num("zoneWidth", p.zoneWidth); num("minimumDistance", p.minimumDistance)
        case .stroke(let templates, let score, let length):
            key = "stroke"
            var names: [String] = []
            var written: [String] = []
            for t in templates where !names.contains(t.name) {
                names.append(t.name)
                if t.distanceScale != nil, !BuiltInStrokes.templates(named: t.name).isEmpty {
                    written.append(plainOrQuoted(t.name))
                } else {
                    // A person's own shape: its points, as drawn.
                    for own in templates where own.name == t.name {
                        let points = own.points.map { "[\(formatNumber($0.x)), \(formatNumber($0.y))]" }.joined(separator: ", ")
                        var item = "{ name: \(plainOrQuoted(own.name)), points: [\(points)]"
                        if own.orientation != .upright { item += ", orientation: \(own.orientation.rawValue)" }
                        written.append(item + " }")
                    }
                }
            }
            f.append(("templates", "[" + written.joined(separator: ", ") + "]"))
            if score != GestureConfiguration.standard.stroke.minimumScore { f.append(("minScore", formatNumber(score))) }
            if length != GestureConfiguration.standard.stroke.minimumLength { f.append(("minimumLength", formatNumber(length))) }
        }
        return "\(key): " + mapping(f)
    }

    /// A touchpad binding's gesture: `swipe: { fingers: 3, direction: up }`.
    public static func touchpad(kind: TouchpadBinding.Kind, fingers: Int, swipe: TouchpadSwipeDirection?, pinch: TouchpadPinchDirection) -> String {
        var f: [(String, String)] = [("fingers", "\(fingers)")]
        switch kind {
        case .swipe: if let swipe { f.append(("direction", swipe.rawValue)) }
        case .pinch: if pinch != .any { f.append(("direction", pinch.rawValue)) }
        }
        return "\(kind.rawValue): " + mapping(f)
    }

    /// `{ desktop: next }`, `{ keys: ctrl+w }`, a sequence as `[ …, … ]`.
    public static func action(_ a: ActionSpec) -> String {
        switch a {
        case .command(let argv): return "{ command: [" + argv.map { quoted(template($0)) }.joined(separator: ", ") + "] }"
        case .shell(let t): return "{ shell: \(quoted(template(t))) }"
        case .keys(let combo): return "{ keys: \(plainOrQuoted(keys(combo))) }"
        case .click(let b): return "{ click: \(b) }"
        case .window(let op): return "{ window: \(op.rawValue) }"
        case .desktop(let op): return "{ desktop: \(op.description) }"
        case .scroll(let d): return "{ scroll: \(d.rawValue) }"
        case .log(let t): return "{ log: \(quoted(template(t))) }"
        case .sequence(let list): return "[" + list.map(action).joined(separator: ", ") + "]"
        }
    }

    /// `ctrl+alt+Left`: modifiers by the names people write.
    static func keys(_ combo: KeyCombo) -> String {
        let aliases = ["Control_L": "ctrl", "Alt_L": "alt", "Shift_L": "shift", "Super_L": "super", "Meta_L": "meta", "ISO_Level3_Shift": "altgr"]
        return combo.keys.map { aliases[$0] ?? $0 }.joined(separator: "+")
    }

    /// A template's source, literal braces doubled again.
    static func template(_ t: Template) -> String {
        var s = ""
        for seg in t.segments {
            switch seg {
            case .literal(let l): for c in l { s += c == "{" ? "{{" : c == "}" ? "}}" : String(c) }
            case .placeholder(let p): s += "{\(p)}"
            }
        }
        return s
    }

    private static func directions(_ set: DirectionSet) -> (String, String)? {
        let d = Words.directions(set).map(\.rawValue)
        switch d.count {
        case 0: return nil
        case 1: return ("direction", d[0])
        default: return ("directions", "[" + d.joined(separator: ", ") + "]")
        }
    }

    static func mapping(_ fields: [(String, String)]) -> String {
        fields.isEmpty ? "{}" : "{ " + fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " }"
    }

    /// A double-quoted YAML string (the one quoting of every writer of profile text).
    static func quoted(_ s: String) -> String { doubleQuoted(s) }

    /// Plain when YAML reads it back as the same string, else quoted.
    static func plainOrQuoted(_ s: String) -> String {
        let safe = !s.isEmpty && s.unicodeScalars.allSatisfy { c in
            (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "-" || c == "+" || c == "."
        }
        let special = ["true", "false", "yes", "no", "on", "off", "null", "~"].contains(s.lowercased()) || s.first == "-" || Double(s) != nil
        return safe && !special ? s : quoted(s)
    }
}
