import GestureProfiles

/// What the settings window adds to ProfileEditing's edits: names for what it adds.
enum FileEdits {
    /// A profile name not yet in the file, from the window's class (`mousepad`, `mousepad-2`).
    static func profileName(for window: WindowInfo, in file: ProfileFile?) -> String {
        let base = String(window.windowClass.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let taken = Set(file?.profiles.map(\.name) ?? [])
        var name = base.isEmpty ? "application" : base
        var n = 2
        while taken.contains(name) { name = "\(base)-\(n)"; n += 1 }
        return name
    }

    /// Every name the file gives (profiles, gestures, touchpad bindings, regions): gesture
    /// names are one namespace in a profile file.
    static func names(in file: ProfileFile?) -> Set<String> {
        guard let file else { return [] }
        var names = Set(file.profiles.map(\.name))
        for p in file.profiles {
            names.formUnion(p.gestures.map(\.name))
            names.formUnion(p.touchpad.map(\.name))
            for r in p.regions {
                names.insert(r.name)
                names.formUnion(r.gestures.map(\.name))
            }
        }
        return names
    }

    /// An import's text (as `tactus import` writes it: one `name:` a line) with each name the
    /// file has already made new (`all` → `all-imported`), so that both sets of gestures stay.
    static func renamingClashes(in imported: String, taken: Set<String>) -> String {
        var taken = taken
        var lines: [Substring] = []
        for line in imported.split(separator: "\n", omittingEmptySubsequences: false) {
            let body = line.drop { $0 == " " }
            let prefix = body.hasPrefix("- name: ") ? "- name: " : (body.hasPrefix("name: ") ? "name: " : nil)
            guard let prefix else {
                lines.append(line)
                continue
            }
            let name = String(body.dropFirst(prefix.count))
            guard taken.contains(name), !name.contains(" "), !name.contains("#"), !name.hasPrefix("\"") else {
                taken.insert(name)
                lines.append(line)
                continue
            }
            var fresh = name + "-imported"
            var n = 2
            while taken.contains(fresh) { fresh = "\(name)-imported-\(n)"; n += 1 }
            taken.insert(fresh)
            lines.append(line.prefix(line.count - body.count) + prefix + fresh)
        }
        return lines.joined(separator: "\n")
    }
}
