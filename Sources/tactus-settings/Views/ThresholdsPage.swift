import CGtk
import GestureProfiles

/// Every threshold of `settings:` as a slider over the values it may take, named for screen
/// readers by what it sets, with its value and unit beside it.
@MainActor
struct ThresholdsPage {
    let widget: Widget

    /// Keeps the try area (and its connection to the daemon) as long as the page.
    let tryArea: TryArea

    init(document: SettingsDocument, setFeedback: @escaping @MainActor (FeedbackSettings?) -> Void, save: @escaping @MainActor () -> Void,
         changed: @escaping @MainActor () -> Void) {
        let feedback = document.file?.settings.feedback
        let switches = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 6, [Make.label("On-screen feedback", style: "heading")])
        func line(_ name: String, _ state: Bool, _ set: @escaping @MainActor (Bool) -> Void) {
            let toggle = Make.toggle(name: name, on: state, set)
            let label = Make.label(name)
            gtk_widget_set_hexpand(label, 1)
            gtk_box_append(switches.as(GtkBox.self), Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [label, toggle]))
        }
        line("Show feedback on the screen", feedback != nil) { on in setFeedback(on ? FeedbackSettings() : nil) }
        if let feedback {
            line("Dots under touches not yet decided", feedback.touches) { var f = feedback; f.touches = $0; setFeedback(f) }
            line("An animation when an action fires", feedback.actions) { var f = feedback; f.actions = $0; setFeedback(f) }
            line("Previews of where a gesture takes a window", feedback.previews) { var f = feedback; f.previews = $0; setFeedback(f) }
        }
        Make.margins(switches, 18)
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(grid.as(GtkGrid.self), 6)
        gtk_grid_set_column_spacing(grid.as(GtkGrid.self), 12)
        Make.margins(grid, 18)
        for (row, threshold) in document.thresholds.enumerated() {
            let name = Self.title(of: threshold.path)
            let label = Make.label(name)
            let value = Make.label(Self.text(threshold.value, threshold.unit))
            gtk_label_set_width_chars(value.opaque, 10)
            let (step, digits) = Self.step(for: threshold)
            let scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, threshold.range.lowerBound, threshold.range.upperBound, step)!
            gtk_scale_set_draw_value(scale.as(GtkScale.self), 0)
            gtk_scale_set_digits(scale.as(GtkScale.self), digits)
            gtk_range_set_value(scale.as(GtkRange.self), threshold.value)
            gtk_scale_add_mark(scale.as(GtkScale.self), threshold.standard, GTK_POS_BOTTOM, nil)
            gtk_widget_set_hexpand(scale, 1)
            cgtk_set_accessible_label(scale, name)
            cgtk_set_accessible_description(scale, "in \(threshold.unit); \(Self.text(threshold.standard, threshold.unit)) when the file does not set it")
            gtk_widget_set_tooltip_text(scale, "settings: \(threshold.path), in \(threshold.unit) (built-in: \(Self.text(threshold.standard, threshold.unit)))")
            on(scale.raw, "value-changed") {
                let raw = gtk_range_get_value(scale.as(GtkRange.self))
                let rounded = (raw / step).rounded() * step
                document.setThreshold(threshold.path, to: rounded)
                gtk_label_set_text(value.opaque, Self.text(rounded, threshold.unit))
                changed()
            }
            gtk_grid_attach(grid.as(GtkGrid.self), label, 0, Int32(row), 1, 1)
            gtk_grid_attach(grid.as(GtkGrid.self), scale, 1, Int32(row), 1, 1)
            gtk_grid_attach(grid.as(GtkGrid.self), value, 2, Int32(row), 1, 1)
        }
        let heading = Make.label("Thresholds", style: "heading")
        gtk_widget_set_margin_start(heading, 18)
        tryArea = TryArea(save: save)
        widget = Make.scrolled(Make.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [tryArea.widget, switches, heading, grid]))
    }

    /// `longPress.minimumDuration` → "Long press: minimum duration".
    static func title(of path: String) -> String {
        path.split(separator: ".").map { part in
            var words: [String] = []
            var word = ""
            for c in part {
                if c.isUppercase, !word.isEmpty { words.append(word); word = "" }
                word.append(c)
            }
            words.append(word)
            let text = words.map { $0.lowercased() }.joined(separator: " ")
            return text.prefix(1).uppercased() + text.dropFirst()
        }.joined(separator: ": ")
    }

    /// The slider's step and the digits a value shows: whole pixels and degrees, hundredths
    /// of a second, tenths of anything finer.
    static func step(for threshold: ThresholdSetting) -> (Double, Int32) {
        switch threshold.unit {
        case "px", "degrees", "px/s": (1, 0)
        case "times" where threshold.range.upperBound > 10: (1, 0)
        case "s": (0.005, 3)
        default: threshold.range.upperBound - threshold.range.lowerBound <= 2 ? (0.01, 2) : (0.1, 1)
        }
    }

    static func text(_ value: Double, _ unit: String) -> String {
        let number = value == value.rounded() ? String(Int(value)) : String((value * 1000).rounded() / 1000)
        return unit == "s" ? "\(Int((value * 1000).rounded())) ms" : "\(number) \(unit)"
    }
}
