/* One goods row. Built in C until Step 3 moves it to a .ui file (data/ui/). */
#include "Screens.h"

static GtkWidget *goods_row_label(const char *css, gboolean wrap) {
    GtkWidget *label = gtk_label_new("");
    gtk_widget_set_halign(label, GTK_ALIGN_START);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    if (css != NULL) gtk_widget_add_css_class(label, css);
    if (wrap) {
        gtk_label_set_wrap(GTK_LABEL(label), TRUE);
        gtk_label_set_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
    }
    return label;
}

GoodsRowWidgets goods_row_new(void) {
    GoodsRowWidgets w = {0};
    w.root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    gtk_widget_add_css_class(w.root, "goods-row");

    GtkWidget *seller = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *avatar_overlay = gtk_overlay_new();
    w.avatar = gtk_image_new_from_icon_name("avatar-default-symbolic");
    gtk_image_set_pixel_size(GTK_IMAGE(w.avatar), 40);
    gtk_widget_add_css_class(w.avatar, "row-avatar");
    gtk_overlay_set_child(GTK_OVERLAY(avatar_overlay), w.avatar);
    w.verified = gtk_image_new_from_icon_name("emblem-ok-symbolic");
    gtk_image_set_pixel_size(GTK_IMAGE(w.verified), 14);
    gtk_widget_set_halign(w.verified, GTK_ALIGN_END);
    gtk_widget_set_valign(w.verified, GTK_ALIGN_END);
    gtk_widget_add_css_class(w.verified, "verified");
    goods_set_accessible_label(w.verified, _("已认证"));
    gtk_overlay_add_overlay(GTK_OVERLAY(avatar_overlay), w.verified);
    gtk_box_append(GTK_BOX(seller), avatar_overlay);
    GtkWidget *who = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    w.nickname = goods_row_label("nickname", FALSE);
    w.time = goods_row_label("dim", FALSE);
    gtk_box_append(GTK_BOX(who), w.nickname);
    gtk_box_append(GTK_BOX(who), w.time);
    gtk_box_append(GTK_BOX(seller), who);
    gtk_box_append(GTK_BOX(w.root), seller);

    GtkWidget *strip = goods_picture_strip_new(6);
    for (int i = 0; i < GOODS_ROW_PICTURES; i++) {
        w.pictures[i] = gtk_image_new();
        gtk_image_set_pixel_size(GTK_IMAGE(w.pictures[i]), 84);
        goods_picture_strip_append(GOODS_PICTURE_STRIP(strip), w.pictures[i]);
    }
    gtk_widget_set_margin_top(strip, 4);
    gtk_widget_set_margin_bottom(strip, 4);
    gtk_box_append(GTK_BOX(w.root), strip);

    GtkWidget *money = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    w.price = goods_row_label("price", FALSE);
    w.original_price = goods_row_label("original-price", FALSE);
    w.freight = goods_row_label("freight", FALSE);
    w.count = goods_row_label("dim", FALSE);
    gtk_widget_set_valign(w.freight, GTK_ALIGN_CENTER);
    gtk_box_append(GTK_BOX(money), w.price);
    gtk_box_append(GTK_BOX(money), w.original_price);
    gtk_box_append(GTK_BOX(money), w.freight);
    GtkWidget *spacer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_set_hexpand(spacer, TRUE);
    gtk_box_append(GTK_BOX(money), spacer);
    gtk_box_append(GTK_BOX(money), w.count);
    gtk_box_append(GTK_BOX(w.root), money);

    GtkWidget *headline = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    w.brand_new = gtk_label_new(_("全新"));
    gtk_widget_add_css_class(w.brand_new, "badge");
    gtk_widget_set_valign(w.brand_new, GTK_ALIGN_START);
    w.title = goods_row_label("title", TRUE);
    gtk_widget_set_name(w.title, "title");
    gtk_widget_set_hexpand(w.title, TRUE);
    gtk_box_append(GTK_BOX(headline), w.brand_new);
    gtk_box_append(GTK_BOX(headline), w.title);
    gtk_box_append(GTK_BOX(w.root), headline);

    w.description = goods_row_label("dim", TRUE);
    gtk_label_set_lines(GTK_LABEL(w.description), 2);
    gtk_label_set_ellipsize(GTK_LABEL(w.description), PANGO_ELLIPSIZE_END);
    gtk_box_append(GTK_BOX(w.root), w.description);

    GtkWidget *footer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    w.place = goods_row_label("dim", FALSE);
    gtk_widget_set_hexpand(w.place, TRUE);
    w.messages = goods_row_label("dim", FALSE);
    w.like = gtk_button_new_with_label("");
    gtk_widget_set_name(w.like, "like");
    gtk_widget_add_css_class(w.like, "flat");
    gtk_widget_add_css_class(w.like, "like");
    gtk_box_append(GTK_BOX(footer), w.place);
    gtk_box_append(GTK_BOX(footer), w.messages);
    gtk_box_append(GTK_BOX(footer), w.like);
    gtk_box_append(GTK_BOX(w.root), footer);
    return w;
}

GtkWidget *goods_row_picture(GoodsRowWidgets *row, guint index) {
    return index < GOODS_ROW_PICTURES ? row->pictures[index] : NULL;
}
