import CGtk
import GestureProfiles
import ProfileDescriptions

/// The window's content for one document: the file's problems on top when it has any, then a
/// sidebar of pages (each profile, the thresholds) beside the page chosen.
@MainActor
struct DocumentView {
    let widget: Widget
    let stack: Widget
    private let tryArea: TryArea
    /// The pages' names in the stack, by their titles.
    private(set) var pages: [String: String] = [:]

    init(document: SettingsDocument, actions: PageActions, changed: @escaping @MainActor () -> Void) {
        let column = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        gtk_widget_set_vexpand(column, 1)
        if !document.errors.isEmpty {
            gtk_box_append(column.as(GtkBox.self), ProblemsView(document: document).widget)
        } else if let file = document.file {
            let conflicts = DesktopFacts.conflicts(in: file)
            if !conflicts.isEmpty { gtk_box_append(column.as(GtkBox.self), ConflictsView(conflicts).widget) }
        }
        let stack = gtk_stack_new()!
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_NONE)
        gtk_widget_set_hexpand(stack, 1)
        gtk_widget_set_vexpand(stack, 1)
        if let file = document.file {
            for (index, page) in ProfilePage.pages(of: file, actions: actions).enumerated() {
                _ = gtk_stack_add_titled(stack.opaque, page.widget, "profile-\(index)", page.title)
                pages[page.title] = "profile-\(index)"
            }
        }
        let thresholds = ThresholdsPage(document: document, setFeedback: actions.setFeedback, save: actions.save, changed: changed)
        tryArea = thresholds.tryArea
        _ = gtk_stack_add_titled(stack.opaque, thresholds.widget, "thresholds", "Thresholds")
        pages["Thresholds"] = "thresholds"
        if document.file == nil {
            gtk_widget_set_sensitive(thresholds.widget, 0)
        }
        let sidebar = gtk_stack_sidebar_new()!
        gtk_stack_sidebar_set_stack(sidebar.opaque, stack.opaque)
        gtk_widget_set_size_request(sidebar, 200, -1)
        let panes = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0, [sidebar, gtk_separator_new(GTK_ORIENTATION_VERTICAL), stack])
        gtk_widget_set_vexpand(panes, 1)
        gtk_box_append(column.as(GtkBox.self), panes)
        widget = column
        self.stack = stack
    }

    /// The title of the page shown.
    var shownTitle: String? {
        guard let name = gtk_stack_get_visible_child_name(stack.opaque).map({ String(cString: $0) }) else { return nil }
        return pages.first { $0.value == name }?.key
    }

    func show(title: String) {
        if let name = pages[title] { gtk_stack_set_visible_child_name(stack.opaque, name) }
    }
}

/// What the file asks that will not work as the person expects (a gesture that takes the
/// touches its program uses, two that cannot both fire, a key the layout cannot type), shown
/// before it is saved.
@MainActor
struct ConflictsView {
    let widget: Widget

    init(_ conflicts: [Conflict]) {
        let box = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        Make.margins(box, 12)
        gtk_box_append(box.as(GtkBox.self), Make.label(conflicts.count == 1 ? "One thing to look at:" : "\(conflicts.count) things to look at:", style: "heading"))
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(list.opaque, GTK_SELECTION_NONE)
        cgtk_set_accessible_label(list, "Conflicts")
        for conflict in conflicts {
            let row = Make.label(conflict.message, wrap: true)
            Make.margins(row, 4)
            gtk_list_box_append(list.opaque, row)
        }
        gtk_box_append(box.as(GtkBox.self), list)
        gtk_widget_add_css_class(box, "warning")
        widget = box
    }
}

/// The loader's errors and warnings, each at its line and column, as `tactus check` prints
/// them: the file is shown as far as it can be and never written while one error remains.
@MainActor
struct ProblemsView {
    let widget: Widget

    init(document: SettingsDocument) {
        let box = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        Make.margins(box, 12)
        let count = document.errors.count
        let heading = Make.label("\(document.shownPath) has \(count) error\(count == 1 ? "" : "s"). Tactus goes on with the profiles it had; mend the file in a text editor and open it again. Nothing is saved over it until it loads.",
                                 style: "heading", wrap: true)
        gtk_box_append(box.as(GtkBox.self), heading)
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(list.opaque, GTK_SELECTION_NONE)
        cgtk_set_accessible_label(list, "Errors in the file")
        for diagnostic in document.diagnostics {
            let kind = diagnostic.severity == .error ? "Error" : "Warning"
            let text = "Line \(diagnostic.location.line), column \(diagnostic.location.column): \(diagnostic.message)"
            let row = Make.label(text, wrap: true, selectable: true)
            cgtk_set_accessible_description(row, kind)
            Make.margins(row, 4)
            gtk_list_box_append(list.opaque, row)
        }
        gtk_box_append(box.as(GtkBox.self), list)
        gtk_widget_add_css_class(box, "error")
        widget = box
    }
}
