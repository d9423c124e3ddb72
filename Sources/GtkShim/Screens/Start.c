/* The start page shown while the data opens or imports. Built in C until Step 3 moves it to a .ui file (data/ui/). */
#include "Screens.h"

GoodsStartWidgets goods_start_page_new(void) {
    GoodsStartWidgets w = {0};
    w.root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_widget_add_css_class(w.root, "start-page");
    gtk_widget_set_valign(w.root, GTK_ALIGN_CENTER);
    gtk_widget_set_margin_start(w.root, 32);
    gtk_widget_set_margin_end(w.root, 32);
    w.title = gtk_label_new(_("正在打开数据…"));
    gtk_widget_add_css_class(w.title, "title-2");
    gtk_label_set_wrap(GTK_LABEL(w.title), TRUE);
    gtk_box_append(GTK_BOX(w.root), w.title);
    w.progress = gtk_progress_bar_new();
    goods_set_accessible_label(w.progress, _("导入进度"));
    gtk_box_append(GTK_BOX(w.root), w.progress);
    w.detail = gtk_label_new("");
    gtk_label_set_wrap(GTK_LABEL(w.detail), TRUE);
    gtk_box_append(GTK_BOX(w.root), w.detail);
    return w;
}
