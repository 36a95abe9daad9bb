import CGtk
import GestureProfiles
import ProfileDescriptions

/// "Add a gesture" by doing it: the window listens to the running daemon while the person
/// performs the gesture on the touchscreen or the touchpad, offers what the daemon saw as
/// gestures to add (what the profile recognized, what the touches show; for a drawn shape the
/// template it is nearest), and the action picked for it. `added` gets the gesture's YAML
/// (one entry of `gestures:` or `touchpad:`) and its section.
@MainActor
final class ShowGestureDialog {
    private let dialog: Widget
    private let status: Widget
    private let options: Widget
    private let picker: ActionPicker
    private var addButton: Widget?
    private var listener: DaemonListener?
    private var recorder = MonitorRecorder()
    private var generation = 0
    private var drafts: [GestureDraft] = []
    private var chosen = 0
    private let file: ProfileFile?
    private let added: @MainActor (_ yaml: String, _ section: GestureDraft.Section) -> Void
    private var keepAlive: ShowGestureDialog?

    /// Quiet after the last finger lifts before the gesture counts as done: a double tap's
    /// second tap may still come (the recorder's pause), and the daemon's verdicts and actions
    /// come within a few milliseconds of the lift.
    var settleMilliseconds: UInt32 { UInt32(recorder.pause * 1000) + 50 }

    @discardableResult
    static func present(over parent: Widget, profileTitle: String, file: ProfileFile?,
                        added: @escaping @MainActor (String, GestureDraft.Section) -> Void) -> ShowGestureDialog {
        let d = ShowGestureDialog(parent: parent, profileTitle: profileTitle, file: file, added: added)
        d.keepAlive = d
        return d
    }

    private init(parent: Widget, profileTitle: String, file: ProfileFile?, added: @escaping @MainActor (String, GestureDraft.Section) -> Void) {
        self.file = file
        self.added = added
        dialog = Make.dialog("Add a gesture to \(profileTitle)", over: parent, width: 560, height: 420)
        status = Make.label("", wrap: true)
        options = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        cgtk_set_accessible_label(options, "Gestures seen")
        picker = ActionPicker(changed: {})
        let cancel = Make.button("_Cancel") { [unowned self] in self.close() }
        let add = Make.button("_Add gesture") { [unowned self] in self.add() }
        gtk_widget_add_css_class(add, "suggested-action")
        addButton = add
        let buttons = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, [cancel, add])
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let column = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [status, Make.scrolled(options), picker.widget, buttons])
        Make.margins(column, 18)
        gtk_window_set_child(dialog.as(GtkWindow.self), column)
        on(dialog.raw, "destroy") { [weak self] in self?.listener?.stop(); self?.keepAlive = nil }
        listen()
        gtk_window_present(dialog.as(GtkWindow.self))
        update()
    }

    private func listen() {
        do {
            let listener = try DaemonListener()
            self.listener = listener
            gtk_label_set_text(status.opaque, "Make the gesture on the touchscreen or the touchpad now. (Tactus goes on doing what your gestures do meanwhile.)")
            listener.start({ [weak self] line in self?.read(line) }, ended: { [weak self] in
                guard let self else { return }
                gtk_label_set_text(self.status.opaque, "Tactus stopped: gestures can be added by showing them only while it runs.")
            })
        } catch {
            gtk_label_set_text(status.opaque, "Tactus is not running, so it cannot see the gesture: start it (systemctl --user start tactus, or tactus run) and add the gesture again.")
        }
    }

    private func read(_ line: String) {
        if let done = recorder.feed(line) { offer(done) }
        guard recorder.handLifted else { return }
        generation += 1
        let mine = generation
        after(milliseconds: settleMilliseconds) { [weak self] in
            guard let self, self.generation == mine, self.recorder.handLifted, let done = self.recorder.finish() else { return }
            self.offer(done)
        }
    }

    /// What the daemon saw, as gestures to add: the first is chosen.
    private func offer(_ seen: RecognizedGesture) {
        drafts = seen.drafts(in: file)
        chosen = 0
        while let child = gtk_widget_get_first_child(options) { gtk_box_remove(options.as(GtkBox.self), child) }
        var group: Widget?
        for (index, draft) in drafts.enumerated() {
            var words = draft.hand
            if let same = draft.sameAs { words += " (your gesture \u{201C}\(same)\u{201D})" }
            if draft.recordedShape { words += " (a new shape, from your drawing)" }
            let radio = cgtk_radio_button_new(words)!
            if let group { gtk_check_button_set_group(radio.as(GtkCheckButton.self), group.as(GtkCheckButton.self)) } else { group = radio }
            gtk_check_button_set_active(radio.as(GtkCheckButton.self), index == 0 ? 1 : 0)
            on(radio.raw, "toggled") { [unowned self] in
                if gtk_check_button_get_active(radio.as(GtkCheckButton.self)) != 0 { self.chosen = index }
            }
            let row = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [PictureView.make(draft.picture, describing: draft.hand, size: 40), radio])
            gtk_box_append(options.as(GtkBox.self), row)
        }
        gtk_label_set_text(status.opaque, drafts.isEmpty ? "Nothing to add was seen: make the gesture again." : "Seen: choose the gesture to add and what it does (or make it again).")
        update()
    }

    private func update() {
        gtk_widget_set_sensitive(addButton, drafts.isEmpty ? 0 : 1)
    }

    private func add() {
        guard drafts.indices.contains(chosen) else { return }
        var draft = drafts[chosen]
        draft.action = nil
        guard let action = picker.yaml else {
            gtk_label_set_text(status.opaque, "Choose what the gesture does first (press the shortcut's keys, or type the program).")
            return
        }
        let yaml = draft.yaml + "action: \(action)\n"
        let section = draft.section
        close()
        added(yaml, section)
    }

    private func close() {
        listener?.stop()
        gtk_window_destroy(dialog.as(GtkWindow.self))
        keepAlive = nil
    }
}
