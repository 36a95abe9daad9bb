import FoundationEssentials
import GestureProfiles
import ProfileDescriptions
import SystemCalls
import YAMLTree

/// The settings window's changes as edits of the file's text: each finds what it changes by
/// the positions the YAML composer gives, and replaces or inserts only those lines (or the
/// value inside a line), so every other byte of the person's file — comments, order, spacing,
/// flow or block style — stays as written. What an edit cannot place without rewriting what
/// the person wrote (a gesture written on one line as a flow mapping) it refuses, saying so.
/// The caller loads the result through the loader and keeps it only when it loads.
enum FileEdits {
    struct Refusal: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: - Settings

    /// `settings.PATH: VALUE` (`tap.maxMovement`, `touchSlop`), inside the section's flow
    /// mapping or block mapping as written, added where missing.
    static func setThreshold(_ path: String, to value: Double, in text: String, path file: String) throws -> String {
        let keys = path.split(separator: ".").map(String.init)
        return try setValue(keys, to: Text.number(value), in: text)
    }

    /// `settings.feedback`: `false`, or its parts as a flow mapping.
    static func setFeedback(_ feedback: FeedbackSettings?, in text: String) throws -> String {
        let value = feedback.map { "{ touches: \($0.touches), actions: \($0.actions), previews: \($0.previews) }" } ?? "false"
        return try setValue(["feedback"], to: value, in: text, replacingWhole: true)
    }

    /// Sets `settings.KEYS…` to `value` (YAML text). `replacingWhole`: a mapping there is
    /// replaced as a whole by `value` (a flow value on the key's line).
    static func setValue(_ keys: [String], to value: String, in text: String, replacingWhole: Bool = false) throws -> String {
        var doc = try Text(text)
        guard let root = doc.root?.mapping else { throw Refusal("the file has no top-level mapping") }
        guard let settings = root.entry("settings") else {
            // No settings yet: after `version:` (else at the top).
            let at = root.entry("version").map { doc.endLine(of: $0.key, value: $0.value) } ?? 0
            doc.insert([ "settings:" ] + Text.nested(keys, value, indent: "  "), at: at)
            return doc.text
        }
        var mapping = settings.value
        var parentKey = settings.key
        for (depth, key) in keys.enumerated() {
            let last = depth == keys.count - 1
            guard let map = mapping.mapping else {
                // `settings:` empty (null) or a scalar: the rest goes on lines under its key.
                throw Refusal("'\(parentKey.string ?? "settings")' is not a mapping in the file")
            }
            if let entry = map.entry(key) {
                if last {
                    try doc.replaceValue(entry.value, with: value, key: entry.key, whole: replacingWhole)
                    return doc.text
                }
                mapping = entry.value
                parentKey = entry.key
                continue
            }
            try doc.addEntry(key: key, value: Text.flow(Array(keys[(depth + 1)...]), value), to: mapping, under: parentKey)
            return doc.text
        }
        return doc.text
    }

    // MARK: - Profiles and gestures

    /// A profile name not yet in the file, from the window's class (`mousepad`, `mousepad-2`).
    static func profileName(for window: WindowInfo, in file: ProfileFile?) -> String {
        let base = String(window.windowClass.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let taken = Set(file?.profiles.map(\.name) ?? [])
        var name = base.isEmpty ? "application" : base
        var n = 2
        while taken.contains(name) { name = "\(base)-\(n)"; n += 1 }
        return name
    }

    /// A profile for the windows of one class, at the end of `profiles:`, in the file's own
    /// indentation, with no gestures yet.
    static func addApplication(named name: String, windowClass: String, in text: String) throws -> String {
        var doc = try Text(text)
        guard let root = doc.root?.mapping, let profiles = root.entry("profiles"), let list = profiles.value.sequence else {
            throw Refusal("the file has no 'profiles:' list")
        }
        let dash = list.items.first.map { doc.dashColumn(of: $0) } ?? (profiles.key.mark.column + 1)
        let pad = String(repeating: " ", count: dash - 1)
        let lines = ["\(pad)- name: \(Text.scalar(name))", "\(pad)  match: { class: \(Text.scalar(windowClass)) }", "\(pad)  gestures: []"]
        doc.insert(lines, at: doc.endLine(of: profiles.key, value: profiles.value))
        return doc.text
    }

    /// One gesture (`yaml`: its entry as it appears under `gestures:` or `touchpad:`,
    /// unindented) at the end of that list of the profile named `profile`.
    static func addGesture(_ yaml: String, section: GestureDraft.Section, toProfile profile: String, in text: String) throws -> String {
        var doc = try Text(text)
        let item = try doc.profile(named: profile)
        guard let map = item.mapping, !doc.isFlow(item) else { throw Refusal("the profile '\(profile)' is written on one line: add the gesture by hand") }
        let fragment = yaml.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let key = section.rawValue
        if let entry = map.entry(key) {
            if let seq = entry.value.sequence, let first = seq.items.first {
                let dash = doc.dashColumn(of: first)
                doc.insert(Text.item(fragment, dash: dash), at: doc.endLine(of: entry.key, value: entry.value))
            } else {
                // `gestures: []` (or empty): the list goes under the key, one level in.
                try doc.clearFlowValue(of: entry.key, value: entry.value)
                doc.insert(Text.item(fragment, dash: entry.key.mark.column + 2), at: entry.key.mark.line)
            }
        } else {
            let column = map.entries.first?.key.mark.column ?? (item.mark.column)
            let at = doc.endLine(of: nil, value: item)
            doc.insert([String(repeating: " ", count: column - 1) + "\(key):"] + Text.item(fragment, dash: column + 2), at: at)
        }
        return doc.text
    }

    /// `enabled: false` on a gesture (or back to true), as a line of its own beside its name.
    static func setEnabled(_ row: ProfileOverview.Row, _ enabled: Bool, in text: String) throws -> String {
        var doc = try Text(text)
        let gesture = try doc.gesture(named: row.name, inProfile: row.profile)
        guard let map = gesture.mapping, !doc.isFlow(gesture) else { throw Refusal("the gesture '\(row.name)' is written on one line: switch it off by hand") }
        if let entry = map.entry("enabled") {
            try doc.replaceValue(entry.value, with: enabled ? "true" : "false", key: entry.key, whole: true)
        } else if !enabled, let name = map.entry("name") {
            let pad = String(repeating: " ", count: name.key.mark.column - 1)
            doc.insert(["\(pad)enabled: false"], at: doc.endLine(of: name.key, value: name.value))
        }
        return doc.text
    }

    /// Removes a gesture's (or a touchpad binding's) entry: its lines, from its `-` to the
    /// last line of its own; comments above the next entry stay.
    static func remove(_ row: ProfileOverview.Row, in text: String) throws -> String {
        var doc = try Text(text)
        let item = row.kind == .touchpad ? try doc.touchpadBinding(named: row.name, inProfile: row.profile) : try doc.gesture(named: row.name, inProfile: row.profile)
        let first = item.mark.line
        let dashLine = doc.lineOfDash(before: item)
        let last = doc.endLine(of: nil, value: item)
        doc.remove(lines: min(first, dashLine)...last)
        return doc.text
    }

    /// The profiles of `imported` (a whole profile file, as `tactus import` writes one) at the
    /// end of `profiles:`, in the file's indentation, with their comments; a profile or
    /// gesture whose name the file already has gets a new one (`…-imported`). Their
    /// `settings:` are not taken: the file's own stay.
    static func importProfiles(_ imported: String, in text: String) throws -> String {
        let source = try Text(imported)
        guard let items = source.root?.mapping?.entry("profiles")?.value.sequence?.items, !items.isEmpty else {
            throw Refusal("nothing to import: the file gives no gestures Tactus can do")
        }
        var doc = try Text(text)
        guard let root = doc.root?.mapping, let profiles = root.entry("profiles"), let list = profiles.value.sequence else {
            throw Refusal("the file has no 'profiles:' list")
        }
        var taken = Set(list.items.compactMap { $0.mapping?.entry("name")?.value.string })
        for p in list.items {
            for key in ["gestures", "touchpad"] {
                for g in p.mapping?.entry(key)?.value.sequence?.items ?? [] { if let n = g.mapping?.entry("name")?.value.string { taken.insert(n) } }
            }
            for r in p.mapping?.entry("regions")?.value.sequence?.items ?? [] {
                if let n = r.mapping?.entry("name")?.value.string { taken.insert(n) }
                for g in r.mapping?.entry("gestures")?.value.sequence?.items ?? [] { if let n = g.mapping?.entry("name")?.value.string { taken.insert(n) } }
            }
        }
        let targetDash = list.items.first.map { doc.dashColumn(of: $0) } ?? (profiles.key.mark.column + 1)
        var added: [String] = []
        for item in items {
            var copy = source
            // The names inside it that clash, renamed where they are written.
            var names: [Node] = []
            if let n = item.mapping?.entry("name")?.value { names.append(n) }
            for key in ["gestures", "touchpad"] {
                for g in item.mapping?.entry(key)?.value.sequence?.items ?? [] { if let n = g.mapping?.entry("name")?.value { names.append(n) } }
            }
            for name in names.reversed() {
                guard let s = name.scalar, taken.contains(s.string) else {
                    if let s = name.scalar { taken.insert(s.string) }
                    continue
                }
                var fresh = s.string + "-imported"
                var n = 2
                while taken.contains(fresh) { fresh = "\(s.string)-imported-\(n)"; n += 1 }
                taken.insert(fresh)
                try copy.replaceScalar(s, with: Text.scalar(fresh))
            }
            let first = copy.lineOfDash(before: item), last = copy.endLine(of: nil, value: item)
            let shift = targetDash - copy.dashColumn(of: item)
            for n in first...last {
                let line = String(String.UnicodeScalarView(copy.line(n)))
                if shift >= 0 { added.append(line.isEmpty ? line : String(repeating: " ", count: shift) + line) }
                else { added.append(String(line.dropFirst(min(-shift, line.prefix { $0 == " " }.count)))) }
            }
        }
        doc.insert(added, at: doc.endLine(of: profiles.key, value: profiles.value))
        return doc.text
    }

    // MARK: - Saving

    /// Writes `text` to `path` atomically (a temporary file in its folder, flushed to disk,
    /// renamed over it), the previous contents kept as `path~`. `expecting`: what the file
    /// held when it was read; when it holds something else now (changed by hand meanwhile),
    /// nothing is written.
    static func save(_ text: String, to path: String, expecting: String?) throws {
        // The folders on the way (`~/.config/tactus` of a new user), each made when missing.
        var folder = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/").dropLast() {
            folder += "/" + part
            FileSystem.makeDirectory(folder, permissions: 0o700)
        }
        let current = FileDescriptor.contents(ofFile: path, limit: ProfileLimits.fileBytes + 1).map { String(decoding: $0, as: UTF8.self) }
        if let expecting, let current, current != expecting {
            throw Refusal("\(path) changed since it was opened (edited elsewhere?): open it again to see it; nothing was written")
        }
        if let current {
            try writeFile(Array(current.utf8), to: path + "~")
        }
        try writeFile(Array(text.utf8), to: path)
    }

    /// A file's contents replaced at once: a temporary beside it, synced, renamed over it.
    private static func writeFile(_ bytes: [UInt8], to path: String) throws {
        let temporary = path + ".tactus-settings-\(CurrentProcess.id)"
        do {
            let fd = try FileDescriptor.open(temporary, [.readWrite, .create, .truncate, .noFollow], permissions: 0o644)
            defer { fd.close() }
            guard fd.writeAll(bytes) else { throw Refusal("\(temporary): cannot write") }
            guard fd.synchronize() else { throw Refusal("\(temporary): cannot flush to disk") }
        } catch let error as Refusal {
            FileSystem.remove(temporary)
            throw error
        } catch {
            FileSystem.remove(temporary)
            throw Refusal("\(temporary): \(error)")
        }
        guard FileSystem.rename(temporary, to: path) else {
            FileSystem.remove(temporary)
            throw Refusal("\(path): cannot replace it")
        }
    }
}

extension Node.Mapping {
    /// The entry whose key is the plain scalar `key`.
    func entry(_ key: String) -> (key: Node, value: Node)? {
        entries.first { $0.key.string == key }
    }
}
