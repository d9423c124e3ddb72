/* What the screen builders share: margins, and the modal window of the dialogs. */
#include "Screens.h"

/* Sets a widget's four margins at once. */
void goods_set_margins(GtkWidget *widget, int top, int end, int bottom, int start) {
    gtk_widget_set_margin_top(widget, top);
    gtk_widget_set_margin_end(widget, end);
    gtk_widget_set_margin_bottom(widget, bottom);
    gtk_widget_set_margin_start(widget, start);
}

GtkWidget *goods_dialog_window(GtkWindow *parent, const char *title, int width, int height) {
    GtkWidget *dialog = gtk_window_new();
    gtk_window_set_transient_for(GTK_WINDOW(dialog), parent);
    gtk_window_set_modal(GTK_WINDOW(dialog), TRUE);
    gtk_window_set_title(GTK_WINDOW(dialog), title);
    gtk_window_set_default_size(GTK_WINDOW(dialog), width, height);
    /* Escape closes it. */
    GtkEventController *keys = gtk_shortcut_controller_new();
    gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(keys),
        gtk_shortcut_new(gtk_keyval_trigger_new(GDK_KEY_Escape, 0), gtk_named_action_new("window.close")));
    gtk_widget_add_controller(dialog, keys);
    return dialog;
}
