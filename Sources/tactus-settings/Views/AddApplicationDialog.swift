import CGtk
import GestureProfiles

/// "Add an application": the person clicks on the application's window (a crosshair, as
/// xprop's), or chooses it among the open windows; `chosen` gets the window, whose class the
/// new profile matches.
@MainActor
enum AddApplicationDialog {
    static func present(over parent: Widget, chosen: @escaping @MainActor (WindowInfo) -> Void) {
        let dialog = Make.dialog("Add an application", over: parent, width: 520, height: 420)

        let status = Make.label("Click on the application's window, or choose it below.", wrap: true)
        let pick = Make.button("_Pick a window") {
            gtk_widget_set_visible(dialog, 0)
            OpenWindows.pick { window, problem in
                if let window {
                    gtk_window_destroy(dialog.as(GtkWindow.self))
                    chosen(window)
                } else {
                    gtk_label_set_text(status.opaque, problem.map { "No window was picked: \($0)." } ?? "No window was picked.")
                    gtk_widget_set_visible(dialog, 1)
                }
            }
        }
        gtk_widget_set_tooltip_text(pick, "Then click on the window: the pointer turns into a crosshair (Escape cancels)")

        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(list.opaque, GTK_SELECTION_NONE)
        cgtk_set_accessible_label(list, "Open windows")
        let windows = OpenWindows.list()
        for window in windows {
            let name = ApplicationName.of(window)
            let row = Make.button(name.replacingUnderscores()) {
                gtk_window_destroy(dialog.as(GtkWindow.self))
                chosen(window)
            }
            gtk_widget_add_css_class(row, "flat")
            cgtk_set_accessible_description(row, "class \(window.windowClass): \(window.title)")
            gtk_widget_set_tooltip_text(row, "WM_CLASS \(window.windowClass), instance \(window.instance): \(window.title)")
            gtk_list_box_append(list.opaque, row)
        }
        if windows.isEmpty {
            gtk_list_box_append(list.opaque, Make.label("No other application has a window open."))
        }
        let cancel = Make.button("_Cancel") { gtk_window_destroy(dialog.as(GtkWindow.self)) }
        let buttons = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, [pick, cancel])
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let column = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [status, Make.scrolled(list), buttons])
        Make.margins(column, 18)
        gtk_window_set_child(dialog.as(GtkWindow.self), column)
        gtk_window_present(dialog.as(GtkWindow.self))
    }
}

/// How a person names an application: its WM_CLASS class as the program writes it ("Firefox",
/// "Mousepad"), then what its window shows.
enum ApplicationName {
    static func of(_ window: WindowInfo) -> String {
        let cls = window.windowClass
        let name = cls.prefix(1).uppercased() + cls.dropFirst()
        return window.title.isEmpty ? name : "\(name) — \(window.title)"
    }
}

extension String {
    /// A mnemonic label shows an underscore only doubled.
    func replacingUnderscores() -> String {
        var out = ""
        for c in self { out += c == "_" ? "__" : String(c) }
        return out
    }
}
