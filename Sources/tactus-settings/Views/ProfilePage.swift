import CGtk
import GestureProfiles
import ProfileDescriptions

/// What the pages ask of the application: each changes the document, which rebuilds them.
@MainActor
struct PageActions {
    var addGesture: @MainActor (_ entry: ProfileOverview.Entry) -> Void
    var setEnabled: @MainActor (_ row: ProfileOverview.Row, _ enabled: Bool) -> Void
    var remove: @MainActor (_ row: ProfileOverview.Row) -> Void
    var setFeedback: @MainActor (_ feedback: FeedbackSettings?) -> Void
    var save: @MainActor () -> Void
}

/// One entry's page ("Everywhere", or an application): its icon and name, its gestures as
/// rows (a picture of the hand, what it does in words, a switch, a remove button), then the
/// touchpad's gestures beside them.
@MainActor
struct ProfilePage {
    let title: String
    let widget: Widget

    static func pages(of file: ProfileFile, actions: PageActions) -> [ProfilePage] {
        ProfileOverview(file: file).entries.map { ProfilePage(entry: $0, actions: actions) }
    }

    init(entry: ProfileOverview.Entry, actions: PageActions) {
        title = entry.title
        let icon = gtk_image_new_from_icon_name(Self.iconName(for: entry))!
        gtk_image_set_pixel_size(icon.opaque, 48)
        cgtk_set_accessible_label(icon, "Icon of \(entry.title)")
        let heading = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 2, [Make.label(entry.title, style: "title-2")])
        if let subtitle = entry.subtitle { gtk_box_append(heading.as(GtkBox.self), Make.label(subtitle, style: "dim-label", wrap: true)) }
        gtk_widget_set_hexpand(heading, 1)
        let add = Make.button("Add _gesture…") { actions.addGesture(entry) }
        gtk_widget_set_valign(add, GTK_ALIGN_CENTER)
        let top = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [icon, heading, add])
        let column = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [top])
        gtk_box_append(column.as(GtkBox.self), Self.list(entry.rows, name: "Gestures of \(entry.title)", empty: "No touchscreen gestures yet: add one by doing it.", actions: actions))
        if !entry.touchpadRows.isEmpty {
            gtk_box_append(column.as(GtkBox.self), Make.label("On the touchpad", style: "heading"))
            gtk_box_append(column.as(GtkBox.self), Self.list(entry.touchpadRows, name: "Touchpad gestures of \(entry.title)", empty: "", actions: actions))
        }
        Make.margins(column, 18)
        widget = Make.scrolled(column)
    }

    private static func list(_ rows: [ProfileOverview.Row], name: String, empty: String, actions: PageActions) -> Widget {
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(list.opaque, GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        cgtk_set_accessible_label(list, name)
        for row in rows { gtk_list_box_append(list.opaque, Self.row(row, actions: actions)) }
        if rows.isEmpty {
            let none = Make.label(empty, style: "dim-label")
            Make.margins(none, 12)
            gtk_list_box_append(list.opaque, none)
        }
        return list
    }

    /// A gesture's row, named for screen readers "Three fingers slide left: Next desktop".
    private static func row(_ row: ProfileOverview.Row, actions: PageActions) -> Widget {
        let words = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 2, [Make.label(row.hand, wrap: true), Make.label(row.action, style: "dim-label", wrap: true)])
        gtk_widget_set_hexpand(words, 1)
        gtk_widget_set_valign(words, GTK_ALIGN_CENTER)
        let item = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [PictureView.make(row.picture, describing: row.hand), words])
        if row.kind == .gesture {
            // Touchpad bindings have no `enabled:`: they are removed, not switched off.
            gtk_box_append(item.as(GtkBox.self), Make.toggle(name: "\(row.hand): on", on: row.enabled) { actions.setEnabled(row, $0) })
        }
        if row.kind != .control {
            let remove = Make.iconButton("user-trash-symbolic", name: "Remove \(row.hand)") { actions.remove(row) }
            gtk_widget_set_valign(remove, GTK_ALIGN_CENTER)
            gtk_widget_add_css_class(remove, "flat")
            gtk_box_append(item.as(GtkBox.self), remove)
        }
        gtk_widget_set_tooltip_text(item, "\(row.name) in the file, line \(row.location.line)")
        Make.margins(item, 8)
        let listRow = gtk_list_box_row_new()!
        gtk_list_box_row_set_child(listRow.as(GtkListBoxRow.self), item)
        cgtk_set_accessible_label(listRow, "\(row.hand): \(row.action)")
        return listRow
    }

    /// The application's icon from the theme (its WM_CLASS names, lower case, as desktop
    /// files name icons), else the entry's generic one.
    static func iconName(for entry: ProfileOverview.Entry) -> String {
        let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
        for hint in entry.iconHints {
            for name in [hint, hint.lowercased()] where gtk_icon_theme_has_icon(theme, name) != 0 { return name }
        }
        return entry.fallbackIcon
    }
}
