import FoundationEssentials
import GestureEngine
import GestureProfiles
import ProfileEditing
import SystemCalls

/// The profile file the window shows, and what the person changed in it and has not saved:
/// a ``ProfileDocument`` (ProfileEditing), whose every change is an edit of the file's text
/// checked by the loader `tactus check` uses, and whose save is atomic with the previous
/// version kept beside the file.
@MainActor
final class SettingsDocument {
    private(set) var document: ProfileDocument
    /// Whether the text is the built-in profile's (the user has no file yet: saving makes it).
    private(set) var isBuiltIn: Bool
    /// Thresholds moved and not yet written into the text, by their path in `settings:`
    /// (a slider's every step is not an edit).
    private(set) var thresholdChanges: [String: Double] = [:]
    /// What went wrong with the last change or save, shown under the header.
    var problem: String?

    init(document: ProfileDocument, isBuiltIn: Bool) {
        self.document = document
        self.isBuiltIn = isBuiltIn
    }

    /// The file `--config` names, else the daemon's (config.md's search), else the built-in
    /// profile, to be saved as the user's file.
    static func open(explicitPath: String?) -> SettingsDocument {
        if let explicitPath {
            let text = (try? ConfigurationLocator.locate(explicit: explicitPath).text) ?? ""
            return SettingsDocument(document: ProfileDocument(text: text, path: explicitPath), isBuiltIn: false)
        }
        let userFile = ConfigurationLocator.candidates().first ?? "config.yaml"
        guard let source = try? ConfigurationLocator.locate(explicit: nil), let path = source.path else {
            return SettingsDocument(document: ProfileDocument(text: defaultProfileYAML, path: userFile, diskText: nil), isBuiltIn: true)
        }
        return SettingsDocument(document: ProfileDocument(text: source.text, path: path), isBuiltIn: false)
    }

    var path: String { document.path }
    var file: ProfileFile? { document.profiles }
    var diagnostics: [Diagnostic] { document.diagnostics }
    var errors: [Diagnostic] { document.errors }

    // MARK: - Changes

    /// The thresholds as the text sets them, with the sliders' unsaved moves.
    var thresholds: [ThresholdSetting] {
        SettingsCatalog.thresholds(file?.settings.gestures ?? .standard).map { t in
            var t = t
            if let changed = thresholdChanges[t.path] { t.value = changed }
            return t
        }
    }

    func setThreshold(_ path: String, to value: Double) {
        let current = SettingsCatalog.thresholds(file?.settings.gestures ?? .standard).first { $0.path == path }?.value
        thresholdChanges[path] = value == current ? nil : value
    }

    /// Applies one edit; refused (the text unchanged, `problem` set) when the result would not
    /// load or the edit cannot be placed in the file as written.
    @discardableResult
    func edit(_ what: String, _ change: ProfileEdit) -> Bool {
        do {
            try document.apply(change)
            problem = nil
            return true
        } catch {
            problem = "\(what): \(Self.words(error))"
            return false
        }
    }

    /// Several edits, all or none.
    @discardableResult
    func edit(_ what: String, _ changes: [ProfileEdit]) -> Bool {
        let before = document
        for change in changes where !edit(what, change) {
            document = before
            return false
        }
        return true
    }

    var hasChanges: Bool { document.isModified || !thresholdChanges.isEmpty }
    /// A file with errors is never written: the person mends it first (the window says where).
    var canSave: Bool { errors.isEmpty && hasChanges }

    /// The file's path as a person writes it: `~/.config/tactus/config.yaml`.
    var shownPath: String {
        guard let home = CurrentProcess.environment["HOME"], !home.isEmpty, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// One line under the header: the file, whether it has errors or unsaved changes.
    var stateLine: String {
        var line = isBuiltIn ? "The built-in profile (saving makes \(shownPath))" : shownPath
        if let problem { line += " — \(problem)" }
        else if !errors.isEmpty { line += " — \(errors.count) error\(errors.count == 1 ? "" : "s"): nothing can be saved until the file loads" }
        else if hasChanges { line += " — unsaved changes" }
        return line
    }

    /// Writes the thresholds moved into the text, then saves: atomically, the previous
    /// version kept as `FILE.bak`, never over a file changed on disk since it was read; a
    /// running daemon reloads it.
    func save() {
        guard canSave else { return }
        let moved = thresholdChanges.sorted { $0.key < $1.key }.map { ProfileEdit.setSetting(path: $0.key.split(separator: ".").map(String.init), value: Self.number($0.value)) }
        guard edit("the thresholds", moved) else { return }
        thresholdChanges = [:]
        do {
            try document.save()
            isBuiltIn = false
            problem = nil
        } catch {
            problem = "not saved: \(error)"
        }
    }

    /// `12`, `0.35`: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String((value * 10_000).rounded() / 10_000)
    }

    /// An edit's refusal in a person's words: the loader's first message, or why it could not
    /// be placed.
    static func words(_ error: any Error) -> String {
        guard let e = error as? ProfileEditError else { return "\(error)" }
        switch e {
        case .unreadable(let d), .refused(let d, _): return d.first.map { "\($0.location.line):\($0.location.column): \($0.message)" } ?? "\(e)"
        default: return "\(e)"
        }
    }
}
