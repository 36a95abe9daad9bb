import GestureProfiles
/// Writes an import as a Tactus profile file (config.md, version 1): every binding after a
/// comment naming its source line, every note as `# not imported: … because …`.
public struct ProfileWriter {
    /// The source file's name as comments give it (`touchegg.conf`).
    public var sourceName: String

    public init(sourceName: String) {
        self.sourceName = sourceName
    }

    public func write(_ result: ImportResult) -> String {
        var out: [String] = ["# Imported by 'tactus import' from \(comment(sourceName)) (\(result.format.rawValue))."]
        for line in result.header { out += wrapped(comment(line, limit: 1000)).map { "# " + $0 } }
        out += byLine(result.notes).map { "# " + notLine($0) }
        out.append("version: 1")
        if result.focusedTargetReason != nil || result.previewCommit != nil { out.append("settings:") }
        if let reason = result.focusedTargetReason {
            out.append("  # \(comment(reason, limit: 200))")
            out.append("  target: focused")
        }
        if let commit = result.previewCommit {
            out.append("  # action_execute_threshold: the share of a preview the fingers must reach for its action to fire at the lift")
            out.append("  preview: { commit: \(decimal(commit)) }")
        }
        if result.profiles.isEmpty {
            out.append("profiles: []")
            return out.joined(separator: "\n") + "\n"
        }
        out.append("profiles:")
        // Every name first: a gesture may name one of a later profile (requireToFail).
        var names = UniqueNames()
        var profileNames = UniqueNames()
        var claimed: [(profile: String, touchpad: [String], gestures: [String])] = []
        for profile in result.profiles {
            let profileName = profileNames.claim(profile.name)
            let prefix = profile.applications.isEmpty ? "" : profileName + "-"
            let touchpad = profile.touchpad.map { names.claim(prefix + baseName($0.trigger) + $0.modifiers.map { "-" + $0 }.joined()) }
            let gestures = profile.gestures.map { names.claim(prefix + baseName($0.trigger)) }
            claimed.append((profileName, touchpad, gestures))
        }
        func name(_ r: ImportedGestureReference) -> String? {
            claimed.indices.contains(r.profile) && claimed[r.profile].gestures.indices.contains(r.gesture) ? claimed[r.profile].gestures[r.gesture] : nil
        }
        for (profile, named) in zip(result.profiles, claimed) {
            out.append("  - name: \(yamlString(named.profile))")
            out.append("    match: \(match(profile.applications))")
            if !profile.touchpad.isEmpty {
                out.append("    touchpad:")
                for (b, n) in zip(profile.touchpad, named.touchpad) { out += binding(b, name: n) }
            }
            if !profile.gestures.isEmpty {
                out.append("    gestures:")
                for (b, n) in zip(profile.gestures, named.gestures) { out += binding(b, name: n, requireToFail: b.requireToFail.compactMap(name)) }
            }
            out += byLine(profile.notes).map { "    # " + notLine($0) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func match(_ applications: [String]) -> String {
        guard !applications.isEmpty else { return "any" }
        // One class is matched exactly, unless it looks like a /regex/ to the loader.
        if applications.count == 1, !(applications[0].hasPrefix("/") && applications[0].hasSuffix("/")) {
            return "{ class: \(yamlString(applications[0])) }"
        }
        // WM_CLASS classes compare case-insensitively, as a single exact class does.
        let alternatives = applications.map(regexEscaped).joined(separator: "|")
        return "{ class: \(yamlString("/(?i)^(?:\(alternatives))$/")) }"
    }

    private func binding(_ b: ImportedBinding, name: String, requireToFail: [String] = []) -> [String] {
        var lines = ["      # from \(sourceName):\(b.lines.map(String.init).joined(separator: ", "))" + (b.remark.map { "; " + $0 } ?? "")]
        lines = lines.map { comment($0, limit: 300) }
        lines.append("      - name: \(yamlString(name))")
        lines.append("        " + trigger(b.trigger))
        if !requireToFail.isEmpty {
            lines.append("        # on their windows these come first: Touchégg runs an application's own gesture there instead")
            lines.append("        requireToFail: [\(requireToFail.map(yamlString).joined(separator: ", "))]")
        }
        if !b.modifiers.isEmpty { lines.append("        modifiers: [\(b.modifiers.joined(separator: ", "))]") }
        if let keys = b.hold { lines.append("        hold: { keys: \(yamlString(keys)) }") }
        let on = [b.onBegan.map { "began: \(action($0))" }, b.onEnded.map { "ended: \(action($0))" }].compactMap { $0 }
        if !on.isEmpty { lines.append("        on: { \(on.joined(separator: ", ")) }") }
        if let a = b.action { lines.append("        action: \(action(a))") }
        if b.preview { lines.append("        preview: true") }
        if let r = b.repeating {
            var parts = ["every: \(decimal(r.every))", "action: \(r.action.map(action) ?? "[]")"]
            if let reverse = r.reverse { parts.append("reverse: \(action(reverse))") }
            lines.append("        repeat: { \(parts.joined(separator: ", ")) }")
        }
        if let s = b.scroll { lines.append("        scroll: { every: \(decimal(s.every)), natural: \(s.natural) }") }
        return lines
    }

    private func trigger(_ t: ImportedTrigger) -> String {
        switch t {
        case .touchpadSwipe(let f, let d): return "swipe: { fingers: \(f)\(d.map { ", direction: \($0)" } ?? "") }"
        case .touchpadPinch(let f, let d): return "pinch: { fingers: \(f)\(d.map { ", direction: \($0)" } ?? "") }"
        case .swipe(let n, let d): return "swipe: { direction: \(d), touches: \(n) }"
        case .pinch(let n, let d): return "pinch: { touches: \(n), direction: \(d) }"
        case .tap(let n): return "tap: { touches: \(n) }"
        case .doubleTap(let n): return "tap: { touches: \(n), taps: 2 }"
        case .pan(let n, let d): return "pan: { touches: \(n)\(d.map { ", direction: \($0)" } ?? "") }"
        }
    }

    private func baseName(_ t: ImportedTrigger) -> String {
        switch t {
        case .touchpadSwipe(let f, let d): return "tp-swipe-\(f)" + (d.map { "-\($0)" } ?? "")
        case .touchpadPinch(let f, let d): return "tp-pinch-\(f)\(d.map { "-\($0)" } ?? "")"
        case .swipe(let n, let d): return "swipe-\(n)-\(d)"
        case .pinch(let n, let d): return "pinch-\(n)-\(d)"
        case .tap(let n): return "tap-\(n)"
        case .doubleTap(let n): return "double-tap-\(n)"
        case .pan(let n, let d): return "pan-\(n)" + (d.map { "-\($0)" } ?? "")
        }
    }

    /// An action in flow style; command words and shell text have their braces doubled, so
    /// that no `{…}` in them is read as a placeholder.
    func action(_ a: ImportedAction) -> String {
        switch a {
        case .keys(let k): return "{ keys: \(yamlString(k)) }"
        case .click(let b): return "{ click: \(b) }"
        case .window(let op): return "{ window: \(op) }"
        case .desktop(let op): return "{ desktop: \(op) }"
        case .command(let argv): return "{ command: [\(argv.map { quoted(literalBraces($0)) }.joined(separator: ", "))] }"
        case .shell(let s): return "{ shell: \(quoted(literalBraces(s))) }"
        case .sequence(let list): return "[" + list.map(action).joined(separator: ", ") + "]"
        }
    }

    private func notLine(_ n: ImportNote) -> String {
        let place = n.lines.isEmpty ? "" : " (\(comment(sourceName)):\(lineList(n.lines)))"
        return "not imported: \(comment(n.subject, limit: 160))\(place) because \(comment(n.reason, limit: 300))"
    }

    /// Notes in the order of the lines they name (file-wide ones first).
    private func byLine(_ notes: [ImportNote]) -> [ImportNote] {
        notes.enumerated().sorted { ($0.element.lines.first ?? 0, $0.offset) < ($1.element.lines.first ?? 0, $1.offset) }.map(\.element)
    }

    /// A long comment as lines of at most `width` characters, broken between words.
    private func wrapped(_ text: String, width: Int = 96) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    private func lineList(_ lines: [Int]) -> String {
        let shown = lines.prefix(12).map(String.init).joined(separator: ", ")
        return lines.count > 12 ? shown + " and \(lines.count - 12) more" : shown
    }
}

/// Gesture names, unique within the file (a second `swipe-3-up` becomes `swipe-3-up-2`).
struct UniqueNames {
    private var taken: Set<String> = []

    mutating func claim(_ base: String) -> String {
        var name = base
        var n = 2
        while !taken.insert(name).inserted {
            name = "\(base)-\(n)"
            n += 1
        }
        return name
    }
}

/// A YAML scalar: plain when it is a simple word that YAML reads back as that string,
/// double-quoted otherwise.
func yamlString(_ s: String) -> String {
    let plain = s.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "_+-.".unicodeScalars.contains($0) }
    let special = ["true", "false", "yes", "no", "on", "off", "null", "y", "n"].contains(s.lowercased())
    if plain, let first = s.unicodeScalars.first, first.properties.isAlphabetic, !special { return s }
    return quoted(s)
}

/// A double-quoted YAML scalar.
func quoted(_ s: String) -> String { doubleQuoted(s) }

/// Text for a comment: one line, control characters as spaces, at most `limit` characters.
func comment(_ s: String, limit: Int = 120) -> String {
    var out = ""
    var count = 0
    for c in s.unicodeScalars {
        if count == limit { return out + "…" }
        // C0 and C1 controls (YAML reads NEL, U+0085, as a line break) and the Unicode line
        // and paragraph separators would end the comment.
        let breaks = c.value < 0x20 || (0x7F...0x9F).contains(c.value) || c.value == 0x2028 || c.value == 0x2029 || c.value == 0xFEFF
        out.unicodeScalars.append(breaks ? " " : c)
        count += 1
    }
    return out
}

/// `{` and `}` doubled: literal braces in a Tactus template.
func literalBraces(_ s: String) -> String {
    s.replacingAll("{", with: "{{").replacingAll("}", with: "}}")
}

/// A regular expression matching `s` literally.
func regexEscaped(_ s: String) -> String {
    var out = ""
    for c in s {
        if "\\^$.|?*+()[]{}/".contains(c) { out.append("\\") }
        out.append(c)
    }
    return out
}

/// A number without float noise: 0.30000000000000004 is written 0.3.
func decimal(_ v: Double) -> String {
    let scaled = (v * 10_000).rounded()
    let whole = Int(scaled) / 10_000
    var fraction = Int(scaled) % 10_000
    guard fraction != 0 else { return String(whole) }
    var digits = 4
    while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
    let f = String(fraction)
    return "\(whole)." + String(repeating: "0", count: digits - f.count) + f
}
