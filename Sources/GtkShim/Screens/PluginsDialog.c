/* The 插件 dialog and its rows. Built in C until Step 3 moves it to a .ui file (data/ui/). */
#include "Screens.h"

GoodsPluginsDialogWidgets goods_plugins_dialog_new(GtkWindow *parent, const char *title, const char *hint) {
    GoodsPluginsDialogWidgets w = {0};
    w.dialog = goods_dialog_window(parent, title, 400, 480);
    gtk_widget_add_css_class(w.dialog, "plugins-dialog");
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    goods_set_margins(box, 18, 18, 18, 18);
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_widget_set_vexpand(scroller, TRUE);
    w.list = gtk_list_box_new();
    gtk_list_box_set_selection_mode(GTK_LIST_BOX(w.list), GTK_SELECTION_NONE);
    gtk_widget_add_css_class(w.list, "boxed-list");
    goods_set_accessible_label(w.list, title);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), w.list);
    gtk_box_append(GTK_BOX(box), scroller);
    w.problems = gtk_label_new("");
    gtk_label_set_wrap(GTK_LABEL(w.problems), TRUE);
    gtk_label_set_xalign(GTK_LABEL(w.problems), 0);
    gtk_label_set_selectable(GTK_LABEL(w.problems), TRUE);
    gtk_widget_add_css_class(w.problems, "error");
    gtk_widget_set_visible(w.problems, FALSE);
    gtk_box_append(GTK_BOX(box), w.problems);
    w.hint = gtk_label_new(hint);
    gtk_label_set_wrap(GTK_LABEL(w.hint), TRUE);
    gtk_label_set_xalign(GTK_LABEL(w.hint), 0);
    gtk_widget_add_css_class(w.hint, "dim");
    gtk_box_append(GTK_BOX(box), w.hint);
    gtk_window_set_child(GTK_WINDOW(w.dialog), box);
    return w;
}

GoodsPluginRowWidgets goods_plugins_dialog_add_row(GoodsPluginsDialogWidgets *dialog) {
    GoodsPluginRowWidgets w = {0};
    w.root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_widget_add_css_class(w.root, "plugin-row");
    goods_set_margins(w.root, 8, 10, 8, 10);
    GtkWidget *text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    gtk_widget_set_hexpand(text, TRUE);
    w.name = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(w.name), 0);
    gtk_widget_add_css_class(w.name, "heading");
    w.detail = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(w.detail), 0);
    gtk_label_set_wrap(GTK_LABEL(w.detail), TRUE);
    gtk_label_set_wrap_mode(GTK_LABEL(w.detail), PANGO_WRAP_WORD_CHAR);
    gtk_widget_add_css_class(w.detail, "dim");
    w.status = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(w.status), 0);
    gtk_label_set_wrap(GTK_LABEL(w.status), TRUE);
    gtk_label_set_wrap_mode(GTK_LABEL(w.status), PANGO_WRAP_WORD_CHAR);
    gtk_label_set_selectable(GTK_LABEL(w.status), TRUE);
    gtk_box_append(GTK_BOX(text), w.name);
    gtk_box_append(GTK_BOX(text), w.detail);
    gtk_box_append(GTK_BOX(text), w.status);
    gtk_box_append(GTK_BOX(w.root), text);
    w.enabled = gtk_switch_new();
    gtk_widget_set_valign(w.enabled, GTK_ALIGN_CENTER);
    gtk_box_append(GTK_BOX(w.root), w.enabled);
    gtk_list_box_append(GTK_LIST_BOX(dialog->list), w.root);
    w.row = gtk_widget_get_parent(w.root);
    return w;
}
