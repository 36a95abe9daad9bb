import FoundationEssentials
import GestureEngine
import GestureProfiles

/// The profile file the window shows, and what the person changed in it and has not saved.
@MainActor
final class SettingsDocument {
    /// Where Save writes: the file opened, or the user's own file when none exists yet (the
    /// window then shows the built-in profile, and saving makes the user's file from it).
    let path: String
    /// The text as read (the built-in profile's when the user has no file).
    private(set) var text: String
    /// Whether the text is the built-in profile's, not a file's.
    let isBuiltIn: Bool
    /// The loader's verdict on `text`: the same as `tactus check`'s.
    private(set) var loaded: ProfileLoader.Result
    /// Thresholds moved and not saved, by their path in `settings:`.
    private(set) var thresholdChanges: [String: Double] = [:]
    /// Why the last save failed, if it did.
    private(set) var saveProblem: String?

    init(path: String, text: String, isBuiltIn: Bool) {
        self.path = path
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
        guard let source = try? ConfigurationLocator.locate(explicit: nil) else {
            return SettingsDocument(path: userFile, text: defaultProfileYAML, isBuiltIn: true)
        }
        return SettingsDocument(path: source.path ?? userFile, text: source.text, isBuiltIn: source.path == nil)
    }

    var file: ProfileFile? { loaded.file }
    var errors: [Diagnostic] { loaded.errors }

    /// The thresholds as the file sets them, with the unsaved changes.
    var thresholds: [ThresholdSetting] {
        SettingsCatalog.thresholds(file?.settings.gestures ?? .standard).map { t in
            var t = t
            if let changed = thresholdChanges[t.path] { t.value = changed }
            return t
        }
    }

    func setThreshold(_ path: String, to value: Double) {
        let saved = SettingsCatalog.thresholds(file?.settings.gestures ?? .standard).first { $0.path == path }?.value
        thresholdChanges[path] = value == saved ? nil : value
    }

    var hasChanges: Bool { !thresholdChanges.isEmpty }
    /// A file with errors is never written: the person mends it first (the window says where).
    var canSave: Bool { errors.isEmpty && hasChanges }

    /// One line under the header: the file, whether it has errors or unsaved changes.
    var stateLine: String {
        var line = isBuiltIn ? "The built-in profile (saving makes \(path))" : path
        if let saveProblem { line += " — not saved: \(saveProblem)" }
        else if !errors.isEmpty { line += " — \(errors.count) error\(errors.count == 1 ? "" : "s"): nothing can be saved until the file loads" }
        else if hasChanges { line += " — unsaved changes" }
        return line
    }

    func save() {
        saveProblem = "saving is not available yet"
    }
}
