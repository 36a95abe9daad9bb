import CGtk

/// The thin layer over GTK 4's C API the settings application is written in: typed pointer
/// casts between GObject classes (C casts them with macros), and signals and draw functions
/// that call Swift closures. Everything runs on GTK's main thread, the main actor's.

extension UnsafeMutablePointer {
    /// The same GObject seen as another of its classes (GTK_WINDOW(w) in C).
    func `as`<T>(_: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }

    var widget: UnsafeMutablePointer<GtkWidget> { `as`(GtkWidget.self) }
    /// The same object for the classes GTK keeps opaque (GtkListBox, GtkStack, GtkSwitch…).
    var opaque: OpaquePointer { OpaquePointer(self) }
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

typealias Widget = UnsafeMutablePointer<GtkWidget>

/// A Swift closure kept alive for as long as the signal it answers is connected.
private final class Handler {
    let call: @MainActor (UnsafeMutableRawPointer?) -> Void
    init(_ call: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) { self.call = call }
}

private let releaseHandler: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<Handler>.fromOpaque(data).release()
}

/// Connects `signal` of `instance` to `action`, for signals whose handler takes the instance
/// and the user data only ("clicked", "value-changed", "notify::…", "activate").
@MainActor
func on(_ instance: UnsafeMutableRawPointer, _ signal: String, _ action: @escaping @MainActor () -> Void) {
    let handler = Unmanaged.passRetained(Handler { _ in action() }).toOpaque()
    let callback: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
        guard let data else { return }
        let handler = Unmanaged<Handler>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { handler.call(nil) }
    }
    cgtk_connect(instance, signal, unsafeBitCast(callback, to: GCallback.self), handler, releaseHandler)
}

/// Connects a signal whose handler takes one pointer argument after the instance
/// ("row-selected": the row; "response": …), passed to `action`.
@MainActor
func on(_ instance: UnsafeMutableRawPointer, _ signal: String, withArgument action: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) {
    let handler = Unmanaged.passRetained(Handler(action)).toOpaque()
    let callback: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
        guard let data else { return }
        let handler = Unmanaged<Handler>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { handler.call(argument) }
    }
    cgtk_connect(instance, signal, unsafeBitCast(callback, to: GCallback.self), handler, releaseHandler)
}

/// A window's "close-request": `keepOpen` says whether the window stays (a question asked first).
private final class CloseHandler {
    let keepOpen: @MainActor () -> Bool
    init(_ keepOpen: @escaping @MainActor () -> Bool) { self.keepOpen = keepOpen }
}

@MainActor
func onCloseRequest(_ window: Widget, _ keepOpen: @escaping @MainActor () -> Bool) {
    let handler = Unmanaged.passRetained(CloseHandler(keepOpen)).toOpaque()
    let callback: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
        guard let data else { return 0 }
        let handler = Unmanaged<CloseHandler>.fromOpaque(data).takeUnretainedValue()
        return MainActor.assumeIsolated { handler.keepOpen() ? 1 : 0 }
    }
    cgtk_connect(window.raw, "close-request", unsafeBitCast(callback, to: GCallback.self), handler) { data, _ in
        guard let data else { return }
        Unmanaged<CloseHandler>.fromOpaque(data).release()
    }
}

/// A drawing function for a GtkDrawingArea, called with cairo, the width and the height.
private final class Painter {
    let paint: @MainActor (OpaquePointer, Double, Double) -> Void
    init(_ paint: @escaping @MainActor (OpaquePointer, Double, Double) -> Void) { self.paint = paint }
}

@MainActor
func setDrawing(_ area: Widget, _ paint: @escaping @MainActor (_ cairo: OpaquePointer, _ width: Double, _ height: Double) -> Void) {
    let painter = Unmanaged.passRetained(Painter(paint)).toOpaque()
    let draw: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
        guard let cairo, let data else { return }
        let painter = Unmanaged<Painter>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { painter.paint(cairo, Double(width), Double(height)) }
    }
    gtk_drawing_area_set_draw_func(area.as(GtkDrawingArea.self), draw, painter) { data in
        guard let data else { return }
        Unmanaged<Painter>.fromOpaque(data).release()
    }
}

/// Calls `action` once, on the main loop, after `milliseconds`.
@MainActor
func after(milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) {
    let handler = Unmanaged.passRetained(Handler { _ in action() }).toOpaque()
    g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
        guard let data else { return 0 }
        let handler = Unmanaged<Handler>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { handler.call(nil) }
        return 0
    }, handler) { data in
        guard let data else { return }
        Unmanaged<Handler>.fromOpaque(data).release()
    }
}

// MARK: - Widgets

/// Small constructors for the widgets the application uses, with what a screen reader needs.
@MainActor
enum Make {
    static func label(_ text: String, style: String? = nil, wrap: Bool = false, selectable: Bool = false) -> Widget {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(label.opaque, 0)
        if wrap { gtk_label_set_wrap(label.opaque, 1) }
        if selectable { gtk_label_set_selectable(label.opaque, 1) }
        if let style { gtk_widget_add_css_class(label, style) }
        return label
    }

    static func box(_ orientation: GtkOrientation, spacing: Int32 = 6, _ children: [Widget] = []) -> Widget {
        let box = gtk_box_new(orientation, spacing)!
        for child in children { gtk_box_append(box.as(GtkBox.self), child) }
        return box
    }

    /// A button with a mnemonic label (`_Save`): a label of its own inside, since GTK 4.8
    /// names a button made with gtk_button_new_with_mnemonic twice over ("_Save Save").
    static func button(_ text: String, _ action: @escaping @MainActor () -> Void) -> Widget {
        let button = gtk_button_new()!
        let label = gtk_label_new_with_mnemonic(text)!
        gtk_label_set_mnemonic_widget(label.opaque, button)
        gtk_button_set_child(button.as(GtkButton.self), label)
        on(button.raw, "clicked", action)
        return button
    }

    static func iconButton(_ icon: String, name: String, _ action: @escaping @MainActor () -> Void) -> Widget {
        let button = gtk_button_new_from_icon_name(icon)!
        gtk_widget_set_tooltip_text(button, name)
        cgtk_set_accessible_label(button, name)
        on(button.raw, "clicked", action)
        return button
    }

    /// A switch named for screen readers, calling `changed` with its new state.
    static func toggle(name: String, on state: Bool, _ changed: @escaping @MainActor (Bool) -> Void) -> Widget {
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(toggle.opaque, state ? 1 : 0)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        cgtk_set_accessible_label(toggle, name)
        on(toggle.raw, "notify::active") {
            changed(gtk_switch_get_active(toggle.opaque) != 0)
        }
        return toggle
    }

    /// A window over `parent` that keeps the input while it is open (a dialog of the app).
    static func dialog(_ title: String, over parent: Widget, width: Int32, height: Int32) -> Widget {
        let dialog = gtk_window_new()!
        gtk_window_set_title(dialog.as(GtkWindow.self), title)
        gtk_window_set_modal(dialog.as(GtkWindow.self), 1)
        gtk_window_set_transient_for(dialog.as(GtkWindow.self), parent.as(GtkWindow.self))
        gtk_window_set_default_size(dialog.as(GtkWindow.self), width, height)
        return dialog
    }

    static func scrolled(_ child: Widget) -> Widget {
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scrolled.opaque, child)
        gtk_scrolled_window_set_policy(scrolled.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_widget_set_hexpand(scrolled, 1)
        return scrolled
    }

    static func margins(_ widget: Widget, _ size: Int32) {
        gtk_widget_set_margin_top(widget, size)
        gtk_widget_set_margin_bottom(widget, size)
        gtk_widget_set_margin_start(widget, size)
        gtk_widget_set_margin_end(widget, size)
    }
}

/// Runs `action` on GTK's main loop, from any thread (a window pick, a daemon's line).
func onMainLoop(_ action: @escaping @Sendable @MainActor () -> Void) {
    final class Box: @unchecked Sendable {
        let action: @Sendable @MainActor () -> Void
        init(_ action: @escaping @Sendable @MainActor () -> Void) { self.action = action }
    }
    let box = Unmanaged.passRetained(Box(action)).toOpaque()
    g_idle_add_full(G_PRIORITY_DEFAULT, { data in
        guard let data else { return 0 }
        let box = Unmanaged<Box>.fromOpaque(data).takeRetainedValue()
        MainActor.assumeIsolated { box.action() }
        return 0
    }, box, nil)
}
