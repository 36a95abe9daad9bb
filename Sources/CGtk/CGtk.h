// GTK 4's C API for the settings application, and the few of its macros and variadic
// functions Swift cannot call, each wrapped once.
#include <gtk/gtk.h>

/// g_signal_connect is a macro.
static inline gulong cgtk_connect(gpointer instance, const char *signal, GCallback callback, gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, callback, data, destroy, 0);
}

/// The name a screen reader reads for a widget without a label of its own (a slider, a
/// picture): gtk_accessible_update_property is variadic.
static inline void cgtk_set_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/// A longer text a screen reader reads after the name (the gesture's action, a unit).
static inline void cgtk_set_accessible_description(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/// The widget a label names, for screen readers (a slider named by the label beside it).
static inline void cgtk_set_labelled_by(GtkWidget *widget, GtkWidget *label) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

/// A check button that screen readers announce as a radio button (GTK 4.8 gives grouped check
/// buttons the check box role; the role is fixed when the widget is made).
static inline GtkWidget *cgtk_radio_button_new(const char *label) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_CHECK_BUTTON, "label", label, "accessible-role", GTK_ACCESSIBLE_ROLE_RADIO, NULL));
}
