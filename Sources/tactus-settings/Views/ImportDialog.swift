import CGtk
import FoundationEssentials
import GestureImport
import SystemCalls

/// "Import gestures": the configurations of Touchégg, libinput-gestures and fusuma found in
/// their usual places, one button each, and a file named by its path; `imported` gets the
/// profile file `tactus import` would print for it, or the reason it cannot be read.
@MainActor
enum ImportDialog {
    /// Where each program keeps its file, the user's first.
    nonisolated static func knownFiles(home: String) -> [(program: String, path: String)] {
        let candidates = [
            ("Touchégg", "\(home)/.config/touchegg/touchegg.conf"), ("Touchégg", "/usr/share/touchegg/touchegg.conf"),
            ("libinput-gestures", "\(home)/.config/libinput-gestures.conf"), ("libinput-gestures", "/etc/libinput-gestures.conf"),
            ("fusuma", "\(home)/.config/fusuma/config.yml"),
        ]
        var seen: Set<String> = []
        return candidates.filter { program, path in
            guard !seen.contains(program), FileDescriptor.contents(ofFile: path, limit: 1) != nil else { return false }
            seen.insert(program)
            return true
        }
    }

    /// The profile text for the file at `path`, as `tactus import` makes it.
    nonisolated static func convert(_ path: String) -> Result<String, ImportError> {
        guard let bytes = FileDescriptor.contents(ofFile: path, limit: ImportLimits.fileSize + 1) else {
            return .failure(ImportError(file: path, line: 0, message: "cannot be read"))
        }
        do {
            let result = try GestureImporter.importFile(bytes, path: path, environment: CurrentProcess.environment)
            return .success(GestureImporter.profileText(result, sourceName: path.split(separator: "/").last.map(String.init) ?? path))
        } catch {
            return .failure(error)
        }
    }

    static func present(over parent: Widget, imported: @escaping @MainActor (_ source: String, _ profileText: String) -> Void) {
        let dialog = Make.dialog("Import gestures", over: parent, width: 520, height: 300)
        let status = Make.label("The gestures of Touchégg, libinput-gestures or fusuma, added to this file as profiles of their own.", wrap: true)
        let column = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [status])
        @MainActor func run(_ path: String) {
            switch convert(path) {
            case .success(let text):
                gtk_window_destroy(dialog.as(GtkWindow.self))
                imported(path, text)
            case .failure(let error):
                gtk_label_set_text(status.opaque, "Not imported: \(error)")
            }
        }
        let home = CurrentProcess.environment["HOME"] ?? ""
        for (program, path) in knownFiles(home: home) {
            let shown = path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : Substring(path)
            gtk_box_append(column.as(GtkBox.self), Make.button("Import from \(program) (\(shown))".replacingUnderscores()) { run(path) })
        }
        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(entry.as(GtkEntry.self), "~/.config/fusuma/config.yml")
        cgtk_set_accessible_label(entry, "File to import")
        gtk_widget_set_hexpand(entry, 1)
        let fromFile = Make.button("_Import file") {
            var path = String(cString: gtk_editable_get_text(entry.opaque))
            if path.hasPrefix("~/") { path = home + path.dropFirst(1) }
            if !path.isEmpty { run(path) }
        }
        gtk_box_append(column.as(GtkBox.self), Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, [entry, fromFile]))
        let cancel = Make.button("_Cancel") { gtk_window_destroy(dialog.as(GtkWindow.self)) }
        gtk_widget_set_halign(cancel, GTK_ALIGN_END)
        gtk_box_append(column.as(GtkBox.self), cancel)
        Make.margins(column, 18)
        gtk_window_set_child(dialog.as(GtkWindow.self), column)
        gtk_window_present(dialog.as(GtkWindow.self))
    }
}
