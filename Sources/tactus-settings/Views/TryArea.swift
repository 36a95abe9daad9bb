import CGtk
import GestureTraces

/// "Try it": what the running daemon decides, live, as `tactus monitor` says it (gestures
/// recognized or failed, each touch claimed or handed to its program and after how long,
/// actions fired), for the person trying the thresholds they saved on the touchscreen or the
/// touchpad. The last lines, newest last; the listening ends with the page.
@MainActor
final class TryArea {
    let widget: Widget
    private let log: Widget
    private var listener: DaemonListener?
    private var renderer = MonitorRenderer(colour: false)
    private var shown: [String] = []
    static let kept = 12

    init(save: @escaping @MainActor () -> Void) {
        let explanation = Make.label("Touch the screen or the touchpad anywhere: what Tactus decides shows here. Thresholds you moved take effect once saved.", wrap: true)
        let button = Make.button("Save and _try", save)
        gtk_widget_set_halign(button, GTK_ALIGN_START)
        log = Make.label("", selectable: true)
        gtk_widget_add_css_class(log, "monospace")
        cgtk_set_accessible_label(log, "What Tactus decided")
        gtk_widget_set_size_request(log, -1, 200)
        gtk_widget_set_valign(log, GTK_ALIGN_START)
        let column = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 6, [Make.label("Try it", style: "heading"), explanation, button, log])
        Make.margins(column, 18)
        widget = column
        on(widget.raw, "destroy") { [weak self] in self?.listener?.stop() }
        listen()
    }

    private func listen() {
        guard let listener = try? DaemonListener() else {
            gtk_label_set_text(log.opaque, "(Tactus is not running: start it to try your gestures.)")
            return
        }
        self.listener = listener
        gtk_label_set_text(log.opaque, "(Waiting for a touch…)")
        listener.start({ [weak self] line in self?.add(line) }, ended: { [weak self] in self?.add(nil) })
    }

    private func add(_ line: String?) {
        guard let line else {
            shown.append("(Tactus stopped.)")
            gtk_label_set_text(log.opaque, shown.suffix(Self.kept).joined(separator: "\n"))
            return
        }
        // Motion is left out, as tactus monitor leaves it out: decisions are what matters.
        guard let text = renderer.render(Substring(line)), !text.isEmpty, !line.contains("\"kind\":\"hello\"") else { return }
        shown.append(text)
        if shown.count > 4 * Self.kept { shown.removeFirst(shown.count - Self.kept) }
        gtk_label_set_text(log.opaque, shown.suffix(Self.kept).joined(separator: "\n"))
    }
}
