import CGtk
import GestureProfiles
import ProfileDescriptions
import ProfileEditing

/// The application: one window over one profile file. The window is rebuilt from the file
/// whenever the file's text changes (opened, saved, reverted); what the person changes in it
/// is kept as edits until Save writes them.
@MainActor
final class SettingsApplication {
    let application: UnsafeMutablePointer<GtkApplication>
    private(set) var document: SettingsDocument
    private var window: Widget?
    private var content: Widget?
    private var view: DocumentView?
    private var saveButton: Widget?
    private var statusLine: Widget?

    init(explicitPath: String?) {
        application = gtk_application_new("org.tactus.Settings", G_APPLICATION_NON_UNIQUE)!
        document = SettingsDocument.open(explicitPath: explicitPath)
    }

    /// Runs GTK's main loop until the window closes; GTK sees no arguments of ours.
    func run() -> Int32 {
        on(application.raw, "activate") { [unowned self] in self.activate() }
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments.first ?? "tactus-settings"), nil]
        return g_application_run(application.as(GApplication.self), 1, &arguments)
    }

    private func activate() {
        if let window {
            gtk_window_present(window.as(GtkWindow.self))
            return
        }
        let window = gtk_application_window_new(application)!
        self.window = window
        gtk_window_set_title(window.as(GtkWindow.self), "Tactus Settings")
        gtk_window_set_default_size(window.as(GtkWindow.self), 960, 680)

        let header = gtk_header_bar_new()!
        let save = Make.button("_Save") { [unowned self] in self.save() }
        gtk_widget_add_css_class(save, "suggested-action")
        gtk_header_bar_pack_end(header.opaque, save)
        saveButton = save
        let addApplication = Make.button("Add _application…") { [unowned self] in
            AddApplicationDialog.present(over: window) { chosen in self.addApplication(chosen) }
        }
        gtk_header_bar_pack_start(header.opaque, addApplication)
        let importButton = Make.button("_Import…") { [unowned self] in
            ImportDialog.present(over: window) { source, text in
                let name = source.split(separator: "/").last.map(String.init) ?? source
                let renamed = FileEdits.renamingClashes(in: text, taken: FileEdits.names(in: self.document.file))
                self.change("importing \(name)", .importProfiles(text: renamed))
            }
        }
        gtk_header_bar_pack_start(header.opaque, importButton)
        gtk_window_set_titlebar(window.as(GtkWindow.self), header)

        let status = Make.label("", wrap: true)
        Make.margins(status, 6)
        statusLine = status
        let body = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [status, daemonRow()])
        gtk_window_set_child(window.as(GtkWindow.self), body)
        onCloseRequest(window) { [unowned self] in self.askBeforeClosing() }
        rebuild(in: body)
        gtk_window_present(window.as(GtkWindow.self))
    }

    /// Replaces the window's content with what the document says now, on the page shown
    /// before (or `page`).
    private func rebuild(in body: Widget? = nil, showing page: String? = nil) {
        guard let body = body ?? content.flatMap({ gtk_widget_get_parent($0) }) else { return }
        let shown = page ?? view?.shownTitle
        if let content { gtk_box_remove(body.as(GtkBox.self), content) }
        let view = DocumentView(document: document, actions: pageActions, changed: { [unowned self] in self.updateState() })
        self.view = view
        content = view.widget
        gtk_box_append(body.as(GtkBox.self), view.widget)
        if let shown { view.show(title: shown) }
        updateState()
    }

    private var pageActions: PageActions {
        PageActions(
            addGesture: { [unowned self] entry in
                guard let window, let profile = entry.profiles.first else { return }
                ShowGestureDialog.present(over: window, profileTitle: entry.title, file: self.document.file) { yaml, section in
                    let gesture = NewGesture(fragment: yaml)
                    self.change("adding the gesture", section == .touchpad ? .addTouchpadBinding(profile: profile, gesture) : .addGesture(profile: profile, gesture))
                }
            },
            setEnabled: { [unowned self] row, enabled in
                self.change(enabled ? "switching \(row.name) on" : "switching \(row.name) off", .setGestureEnabled(profile: row.profile, gesture: row.name, enabled))
            },
            remove: { [unowned self] row in
                self.change("removing \(row.name)", .removeGesture(profile: row.profile, name: row.name))
            },
            setFeedback: { [unowned self] feedback in
                self.change("the feedback", feedback.map { .setFeedbackParts(touches: $0.touches, actions: $0.actions, previews: $0.previews) } ?? .setFeedback(false))
            },
            save: { [unowned self] in self.save() })
    }

    /// One edit of the document, then the window shows the result (or why it was refused).
    private func change(_ what: String, showing page: String? = nil, _ edit: ProfileEdit) {
        if document.edit(what, edit) { rebuild(showing: page) } else { updateState() }
    }

    private func addApplication(_ window: WindowInfo) {
        let name = FileEdits.profileName(for: window, in: document.file)
        guard document.edit("adding \(window.windowClass)", .addProfile(name: name, matchClass: window.windowClass)) else {
            updateState()
            return
        }
        let title = document.file.flatMap { ProfileOverview(file: $0).entries.first { $0.profiles.contains(name) }?.title }
        rebuild(showing: title)
    }

    /// Whether the daemon runs, and a button that starts it when it does not.
    private func daemonRow() -> Widget {
        let label = Make.label("", wrap: true)
        gtk_widget_set_hexpand(label, 1)
        let start = Make.button("_Start Tactus") {}
        let row = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [label, start])
        Make.margins(row, 6)
        @MainActor func show(_ running: Bool, _ problem: String? = nil) {
            gtk_label_set_text(label.opaque, running ? "Tactus is running: what you save takes effect at once."
                : "Tactus is not running: gestures do nothing until it starts." + (problem.map { " (\($0))" } ?? ""))
            gtk_widget_set_visible(start, running ? 0 : 1)
        }
        on(start.raw, "clicked") {
            gtk_widget_set_sensitive(start, 0)
            gtk_label_set_text(label.opaque, "Starting Tactus…")
            DaemonControl.start { problem in
                gtk_widget_set_sensitive(start, 1)
                show(problem == nil, problem)
            }
        }
        show(DaemonControl.isRunning)
        return row
    }

    /// The header's Save and the line under it: what is unsaved, or why nothing can be saved.
    private func updateState() {
        gtk_widget_set_sensitive(saveButton, document.canSave ? 1 : 0)
        gtk_label_set_text(statusLine?.opaque, document.stateLine)
    }

    /// Closing with changes not saved asks first: save them, drop them, or stay.
    private func askBeforeClosing() -> Bool {
        guard document.hasChanges, let window else { return false }
        let dialog = Make.dialog("Unsaved changes", over: window, width: 420, height: 120)
        let question = Make.label("Save your changes to \(document.shownPath) before closing?", wrap: true)
        let close = { gtk_window_destroy(window.as(GtkWindow.self)) }
        let discard = Make.button("Close _without saving") { gtk_window_destroy(dialog.as(GtkWindow.self)); close() }
        let stay = Make.button("_Cancel") { gtk_window_destroy(dialog.as(GtkWindow.self)) }
        let save = Make.button("_Save and close") { [unowned self] in
            gtk_window_destroy(dialog.as(GtkWindow.self))
            self.save()
            if !self.document.hasChanges { close() }
        }
        gtk_widget_add_css_class(save, "suggested-action")
        let buttons = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, [discard, stay, save])
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let column = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [question, buttons])
        Make.margins(column, 18)
        gtk_window_set_child(dialog.as(GtkWindow.self), column)
        gtk_window_present(dialog.as(GtkWindow.self))
        return true
    }

    private func save() {
        document.save()
        rebuild()
    }
}
