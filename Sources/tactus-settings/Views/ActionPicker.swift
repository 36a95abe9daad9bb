import CGtk
import GestureProfiles

/// What a gesture does, chosen from a list in words: a desktop or window action, a click, a
/// shortcut recorded by pressing its keys, or a program to run (its words split into the
/// arguments it is started with, never through a shell). ``yaml`` is the action as the file
/// writes it, nil until the choice is complete (a shortcut not yet pressed, no program typed).
@MainActor
final class ActionPicker {
    struct Choice {
        let words: String
        /// The action's YAML, or nil for the two that need more: a shortcut, a command.
        let yaml: String?
    }

    static let choices: [Choice] = [
        Choice(words: "Next desktop", yaml: "{ desktop: next }"),
        Choice(words: "Previous desktop", yaml: "{ desktop: previous }"),
        Choice(words: "Show desktop", yaml: "{ desktop: show }"),
        Choice(words: "Maximize window", yaml: "{ window: toggle-maximize }"),
        Choice(words: "Minimize window", yaml: "{ window: minimize }"),
        Choice(words: "Close window", yaml: "{ window: close }"),
        Choice(words: "Fullscreen", yaml: "{ window: toggle-fullscreen }"),
        Choice(words: "Right click", yaml: "{ click: 3 }"),
        Choice(words: "Middle click", yaml: "{ click: 2 }"),
        Choice(words: "Scroll up", yaml: "{ scroll: up }"),
        Choice(words: "Scroll down", yaml: "{ scroll: down }"),
        Choice(words: "A keyboard shortcut", yaml: nil),
        Choice(words: "Run a program", yaml: nil),
    ]
    static let shortcutIndex = choices.count - 2
    static let commandIndex = choices.count - 1

    let widget: Widget
    private var selected = 0
    private let shortcut: ShortcutRecorder
    private let command: Widget
    private let changed: @MainActor () -> Void

    /// The choices as radio buttons (a screen reader reads each by its words), the shortcut's
    /// recorder and the program's entry under them, shown when theirs is chosen.
    init(changed: @escaping @MainActor () -> Void) {
        self.changed = changed
        shortcut = ShortcutRecorder(changed: changed)
        command = gtk_entry_new()!
        gtk_entry_set_placeholder_text(command.as(GtkEntry.self), "firefox --new-window")
        cgtk_set_accessible_label(command, "Program to run")
        gtk_widget_set_hexpand(command, 1)
        let grid = gtk_grid_new()!
        gtk_grid_set_column_spacing(grid.as(GtkGrid.self), 12)
        cgtk_set_accessible_label(grid, "Action")
        var radios: [Widget] = []
        for (index, choice) in Self.choices.enumerated() {
            let radio = cgtk_radio_button_new(choice.words)!
            if let first = radios.first { gtk_check_button_set_group(radio.as(GtkCheckButton.self), first.as(GtkCheckButton.self)) }
            gtk_check_button_set_active(radio.as(GtkCheckButton.self), index == 0 ? 1 : 0)
            gtk_grid_attach(grid.as(GtkGrid.self), radio, Int32(index % 3), Int32(index / 3), 1, 1)
            radios.append(radio)
        }
        widget = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 6, [Make.label("What it does:", style: "heading"), grid, shortcut.widget, command])
        for (index, radio) in radios.enumerated() {
            on(radio.raw, "toggled") { [unowned self] in
                guard gtk_check_button_get_active(radio.as(GtkCheckButton.self)) != 0 else { return }
                self.selected = index
                self.update()
            }
        }
        on(command.raw, "changed") { [unowned self] in self.changed() }
        update()
    }

    private func update() {
        gtk_widget_set_visible(shortcut.widget, selected == Self.shortcutIndex ? 1 : 0)
        gtk_widget_set_visible(command, selected == Self.commandIndex ? 1 : 0)
        changed()
    }

    /// The chosen action as the file writes it; nil while incomplete.
    var yaml: String? {
        switch selected {
        case Self.shortcutIndex:
            return shortcut.keys.map { "{ keys: \($0) }" }
        case Self.commandIndex:
            let text = String(cString: gtk_editable_get_text(command.opaque))
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard !words.isEmpty else { return nil }
            return "{ command: [\(words.map(Self.quoted).joined(separator: ", "))] }"
        default:
            return Self.choices.indices.contains(selected) ? Self.choices[selected].yaml : nil
        }
    }

    /// A double-quoted YAML string: any text the person typed stays one argument.
    nonisolated static func quoted(_ word: String) -> String { doubleQuoted(word) }
}
