/* The goods list page: banner carousel, section title, list and footer. Built in C until Step 3 moves it to a .ui file (data/ui/). */
#include "Screens.h"

GoodsListWidgets goods_list_page_new(GListModel *model, GtkListItemFactory *factory) {
    GoodsListWidgets w = {0};
    w.root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_add_css_class(w.root, "goods-page");

    GtkWidget *carousel_box = gtk_overlay_new();
    w.carousel = gtk_stack_new();
    /* No slide: an animated change redraws the banner for ~15 frames (about 55 ms of CPU every
     * 5 s); switching at once is one frame, and the list is idle between banners. */
    gtk_stack_set_transition_type(GTK_STACK(w.carousel), GTK_STACK_TRANSITION_TYPE_NONE);
    gtk_widget_set_size_request(w.carousel, -1, 150);
    w.banner_button = gtk_button_new();
    gtk_widget_add_css_class(w.banner_button, "flat");
    gtk_widget_add_css_class(w.banner_button, "banner");
    gtk_button_set_child(GTK_BUTTON(w.banner_button), w.carousel);
    goods_set_accessible_label(w.banner_button, _("广告"));
    gtk_overlay_set_child(GTK_OVERLAY(carousel_box), w.banner_button);
    w.dots = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_widget_set_halign(w.dots, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(w.dots, GTK_ALIGN_END);
    gtk_widget_set_margin_bottom(w.dots, 8);
    gtk_overlay_add_overlay(GTK_OVERLAY(carousel_box), w.dots);
    gtk_box_append(GTK_BOX(w.root), carousel_box);

    w.section = gtk_label_new(_("推荐商品"));
    gtk_widget_set_halign(w.section, GTK_ALIGN_START);
    gtk_widget_add_css_class(w.section, "section-title");
    gtk_box_append(GTK_BOX(w.root), w.section);

    w.scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(w.scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_widget_set_vexpand(w.scroller, TRUE);
    /* Both constructors take ownership; the caller keeps its own references. */
    GtkSelectionModel *selection = GTK_SELECTION_MODEL(gtk_no_selection_new(g_object_ref(model)));
    w.list = gtk_list_view_new(selection, g_object_ref(factory));
    gtk_list_view_set_single_click_activate(GTK_LIST_VIEW(w.list), TRUE);
    gtk_widget_add_css_class(w.list, "goods-list");
    goods_set_accessible_label(w.list, _("推荐商品"));
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(w.scroller), w.list);
    gtk_box_append(GTK_BOX(w.root), w.scroller);

    w.footer = gtk_label_new("");
    gtk_widget_add_css_class(w.footer, "footer");
    gtk_box_append(GTK_BOX(w.root), w.footer);
    return w;
}

void goods_carousel_set_pages(GoodsListWidgets *w, guint count) {
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(w->carousel)) != NULL) gtk_stack_remove(GTK_STACK(w->carousel), child);
    while ((child = gtk_widget_get_first_child(w->dots)) != NULL) gtk_box_remove(GTK_BOX(w->dots), child);
    for (guint i = 0; i < count; i++) {
        GtkWidget *picture = gtk_picture_new();
        gtk_picture_set_content_fit(GTK_PICTURE(picture), GTK_CONTENT_FIT_COVER);
        gtk_picture_set_can_shrink(GTK_PICTURE(picture), TRUE);
        gtk_stack_add_child(GTK_STACK(w->carousel), picture);
        GtkWidget *dot = gtk_button_new();
        gtk_widget_add_css_class(dot, "carousel-dot");
        char name[32];
        g_snprintf(name, sizeof name, _("第%u个广告"), i + 1);
        goods_set_accessible_label(dot, name);
        gtk_box_append(GTK_BOX(w->dots), dot);
    }
}

void goods_carousel_set_page_texture(GoodsListWidgets *w, guint index, GdkPaintable *texture) {
    GtkWidget *page = gtk_widget_get_first_child(w->carousel);
    for (guint i = 0; page != NULL && i < index; i++) page = gtk_widget_get_next_sibling(page);
    if (page != NULL && GTK_IS_PICTURE(page)) gtk_picture_set_paintable(GTK_PICTURE(page), texture);
}

GtkWidget *goods_carousel_dot(GoodsListWidgets *w, guint index) {
    GtkWidget *child = gtk_widget_get_first_child(w->dots);
    for (guint i = 0; child != NULL && i < index; i++) child = gtk_widget_get_next_sibling(child);
    return child;
}

void goods_carousel_show(GoodsListWidgets *w, guint index) {
    GtkWidget *page = gtk_widget_get_first_child(w->carousel);
    GtkWidget *dot = gtk_widget_get_first_child(w->dots);
    for (guint i = 0; page != NULL; i++) {
        if (i == index) gtk_stack_set_visible_child(GTK_STACK(w->carousel), page);
        if (dot != NULL) {
            if (i == index) gtk_widget_add_css_class(dot, "current"); else gtk_widget_remove_css_class(dot, "current");
            dot = gtk_widget_get_next_sibling(dot);
        }
        page = gtk_widget_get_next_sibling(page);
    }
}

void goods_string_list_splice(GtkStringList *list, guint position, guint removals, const int *ids, guint count) {
    char **strings = g_new0(char *, count + 1);
    for (guint i = 0; i < count; i++) strings[i] = g_strdup_printf("%d", ids[i]);
    gtk_string_list_splice(list, position, removals, (const char *const *)strings);
    g_strfreev(strings);
}
