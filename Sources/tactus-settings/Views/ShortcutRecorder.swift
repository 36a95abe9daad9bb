import CGtk

/// A keyboard shortcut recorded by pressing it: the button listens while it has the focus,
/// takes the first key that is not a modifier with the modifiers held, and shows it as
/// desktops write shortcuts ("Ctrl+W"); ``keys`` is the combination as the file writes it
/// (`ctrl+w`, X keysym names).
@MainActor
final class ShortcutRecorder {
    let widget: Widget
    private(set) var keys: String?
    private var listening = false
    private let changed: @MainActor () -> Void

    init(changed: @escaping @MainActor () -> Void) {
        self.changed = changed
        widget = Make.button("Record _shortcut") {}
        gtk_widget_set_focusable(widget, 1)
        on(widget.raw, "clicked") { [unowned self] in self.listen() }
        let controller = gtk_event_controller_key_new()!
        let handler = Unmanaged.passRetained(self).toOpaque()
        let pressed: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = { _, keyval, _, state, data in
            guard let data else { return 0 }
            let recorder = Unmanaged<ShortcutRecorder>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { recorder.pressed(keyval: keyval, state: state) ? 1 : 0 }
        }
        cgtk_connect(UnsafeMutableRawPointer(controller), "key-pressed", unsafeBitCast(pressed, to: GCallback.self), handler, nil)
        gtk_widget_add_controller(widget, controller)
    }

    private func listen() {
        listening = true
        setLabel("Press the keys…")
        gtk_widget_grab_focus(widget)
    }

    private func pressed(keyval: guint, state: GdkModifierType) -> Bool {
        guard listening else { return false }
        guard let name = gdk_keyval_name(gdk_keyval_to_lower(keyval)).map({ String(cString: $0) }) else { return true }
        if Self.modifierKeys.contains(name) { return true }
        if name == "Escape", state.rawValue & Self.modifierMask == 0 {
            listening = false
            setLabel(keys.map(Self.words) ?? "Record shortcut")
            return true
        }
        var parts: [String] = []
        if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 { parts.append("ctrl") }
        if state.rawValue & GDK_ALT_MASK.rawValue != 0 { parts.append("alt") }
        if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { parts.append("shift") }
        if state.rawValue & GDK_SUPER_MASK.rawValue != 0 { parts.append("super") }
        parts.append(name)
        keys = parts.joined(separator: "+")
        listening = false
        setLabel(Self.words(keys!))
        changed()
        return true
    }

    private func setLabel(_ text: String) {
        gtk_button_set_label(widget.as(GtkButton.self), text)
        cgtk_set_accessible_label(widget, text == "Press the keys…" ? text : "Shortcut: \(text)")
    }

    static let modifierKeys: Set<String> = ["Control_L", "Control_R", "Shift_L", "Shift_R", "Alt_L", "Alt_R", "Super_L", "Super_R", "Meta_L", "Meta_R", "ISO_Level3_Shift", "Caps_Lock", "Num_Lock"]
    static let modifierMask = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue | GDK_SUPER_MASK.rawValue

    /// `ctrl+w` → "Ctrl+W", as a desktop shows a shortcut.
    static func words(_ keys: String) -> String {
        keys.split(separator: "+").map { part in
            part.count == 1 ? part.uppercased() : part.prefix(1).uppercased() + part.dropFirst()
        }.joined(separator: "+")
    }
}
