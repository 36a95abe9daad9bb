import FoundationEssentials
import GestureEngine
import GestureProfiles
import SystemCalls

/// The profile file the window shows, and what the person changed in it and has not saved.
/// Every change is an edit of the file's text (``FileEdits``), so what is saved is the file
/// as the person wrote it with only the changed lines different; the text is loaded again
/// after each edit, by the loader `tactus check` uses.
@MainActor
final class SettingsDocument {
    /// Where Save writes: the file opened, or the user's own file when none exists yet (the
    /// window then shows the built-in profile, and saving makes the user's file from it).
    let path: String
    /// The text on disk when it was opened or last saved (the built-in profile's when the
    /// user has no file).
    private(set) var savedText: String
    /// The text with the person's edits.
    private(set) var text: String
    /// Whether the text came from the built-in profile, not a file.
    private(set) var isBuiltIn: Bool
    /// The loader's verdict on `text`: the same as `tactus check`'s.
    private(set) var loaded: ProfileLoader.Result
    /// Thresholds moved and not yet written into the text, by their path in `settings:`
    /// (a slider's every step is not an edit).
    private(set) var thresholdChanges: [String: Double] = [:]
    /// What went wrong with the last change or save, shown under the header.
    var problem: String?

    init(path: String, text: String, isBuiltIn: Bool) {
        self.path = path
        savedText = text
        self.text = text
        self.isBuiltIn = isBuiltIn
        loaded = ProfileLoader.load(yaml: text, path: path)
    }

    /// The file `--config` names, else the daemon's (config.md's search), else the built-in
    /// profile, to be saved as the user's file.
    static func open(explicitPath: String?) -> SettingsDocument {
        if let explicitPath {
            let text = (try? ConfigurationLocator.locate(explicit: explicitPath).text) ?? ""
            return SettingsDocument(path: explicitPath, text: text, isBuiltIn: false)
        }
        let userFile = ConfigurationLocator.candidates().first ?? "config.yaml"
        guard let source = try? ConfigurationLocator.locate(explicit: nil), let path = source.path else {
            return SettingsDocument(path: userFile, text: defaultProfileYAML, isBuiltIn: true)
        }
        return SettingsDocument(path: path, text: source.text, isBuiltIn: false)
    }

    var file: ProfileFile? { loaded.file }
    var errors: [Diagnostic] { loaded.errors }

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

    /// Applies one edit to the text; refused (the text unchanged, `problem` set) when the
    /// file does not load now or would not load after it.
    @discardableResult
    func edit(_ what: String, _ change: (String) throws -> String) -> Bool {
        guard errors.isEmpty else {
            problem = "the file has errors: mend them first"
            return false
        }
        do {
            let changed = try change(text)
            let result = ProfileLoader.load(yaml: changed, path: path)
            guard result.errors.isEmpty else {
                problem = "\(what) would make the file invalid: \(result.errors.first!.message)"
                return false
            }
            text = changed
            loaded = result
            problem = nil
            return true
        } catch {
            problem = "\(what): \(error)"
            return false
        }
    }

    var hasChanges: Bool { text != savedText || !thresholdChanges.isEmpty || (isBuiltIn && !thresholdChanges.isEmpty) }
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

    /// Writes the thresholds moved into the text, then the text to the file (atomically,
    /// the previous version kept beside it, never over a file that changed since it was
    /// read); a running daemon reloads it.
    func save() {
        guard canSave else { return }
        let moved = thresholdChanges.sorted { $0.key < $1.key }
        for (path, value) in moved {
            guard edit("setting \(path)", { try FileEdits.setThreshold(path, to: value, in: $0, path: self.path) }) else { return }
        }
        thresholdChanges = [:]
        do {
            try FileEdits.save(text, to: path, expecting: isBuiltIn ? nil : savedText)
            savedText = text
            isBuiltIn = false
            problem = nil
        } catch {
            problem = "not saved: \(error)"
        }
    }
}
