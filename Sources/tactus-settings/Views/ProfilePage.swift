import CGtk
import GestureProfiles

/// One profile's page: its gestures, one row each, and its touchpad bindings.
@MainActor
struct ProfilePage {
    let title: String
    let widget: Widget

    static func pages(of file: ProfileFile) -> [ProfilePage] {
        file.profiles.map { ProfilePage(profile: $0) }
    }

    init(profile: Profile) {
        title = profile.appliesToScreen ? "Everywhere" : profile.name
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(list.opaque, GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        cgtk_set_accessible_label(list, "Gestures of \(title)")
        for gesture in profile.gestures + profile.regions.flatMap(\.gestures) {
            let row = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [Make.label(gesture.name)])
            Make.margins(row, 6)
            gtk_list_box_append(list.opaque, row)
        }
        let column = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [Make.label(title, style: "title-2"), list])
        Make.margins(column, 18)
        widget = Make.scrolled(column)
    }
}
