/* The confirmation dialog (注销?). Built in C until Step 3 moves it to a .ui file (data/ui/). */
#include "Screens.h"

GoodsConfirmWidgets goods_confirm_new(GtkWindow *parent, const char *message, const char *confirm, const char *cancel) {
    GoodsConfirmWidgets w = {0};
    w.dialog = goods_dialog_window(parent, message, -1, -1);
    gtk_window_set_resizable(GTK_WINDOW(w.dialog), FALSE);
    gtk_widget_add_css_class(w.dialog, "confirm-dialog");
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18);
    goods_set_margins(box, 24, 24, 18, 24);
    GtkWidget *label = gtk_label_new(message);
    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_box_append(GTK_BOX(box), label);
    GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_widget_set_halign(buttons, GTK_ALIGN_END);
    w.cancel = gtk_button_new_with_label(cancel);
    w.confirm = gtk_button_new_with_label(confirm);
    gtk_widget_add_css_class(w.confirm, "destructive-action");
    gtk_box_append(GTK_BOX(buttons), w.cancel);
    gtk_box_append(GTK_BOX(buttons), w.confirm);
    gtk_box_append(GTK_BOX(box), buttons);
    gtk_window_set_child(GTK_WINDOW(w.dialog), box);
    gtk_window_set_default_widget(GTK_WINDOW(w.dialog), w.confirm);
    return w;
}
