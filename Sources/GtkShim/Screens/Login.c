/* The login page (the seeds' 登录 screen). Built in C until Step 3 moves it to a .ui file (data/ui/). */
#include "Screens.h"

static GtkWidget *goods_labelled_entry(GtkWidget *grid, int row, const char *title, const char *placeholder) {
    GtkWidget *label = gtk_label_new(title);
    gtk_widget_set_halign(label, GTK_ALIGN_START);
    gtk_widget_add_css_class(label, "field-title");
    GtkWidget *entry = gtk_entry_new();
    gtk_entry_set_placeholder_text(GTK_ENTRY(entry), placeholder);
    gtk_widget_set_hexpand(entry, TRUE);
    goods_set_accessible_label(entry, title);
    gtk_grid_attach(GTK_GRID(grid), label, 0, row, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), entry, 1, row, 1, 1);
    return entry;
}

GoodsLoginWidgets goods_login_page_new(void) {
    GoodsLoginWidgets w = {0};
    w.root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 24);
    gtk_widget_add_css_class(w.root, "login-page");
    gtk_widget_set_margin_top(w.root, 48);
    gtk_widget_set_margin_start(w.root, 32);
    gtk_widget_set_margin_end(w.root, 32);

    w.avatar = gtk_image_new_from_icon_name("avatar-default-symbolic");
    gtk_image_set_pixel_size(GTK_IMAGE(w.avatar), 96);
    gtk_widget_set_halign(w.avatar, GTK_ALIGN_CENTER);
    gtk_widget_set_overflow(w.avatar, GTK_OVERFLOW_HIDDEN);
    gtk_widget_add_css_class(w.avatar, "avatar");
    goods_set_accessible_label(w.avatar, _("头像"));
    gtk_box_append(GTK_BOX(w.root), w.avatar);

    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 12);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 16);
    w.phone = goods_labelled_entry(grid, 0, _("手机号"), _("请输入手机号码"));
    gtk_entry_set_input_purpose(GTK_ENTRY(w.phone), GTK_INPUT_PURPOSE_PHONE);
    gtk_entry_set_max_length(GTK_ENTRY(w.phone), 20);
    w.code = goods_labelled_entry(grid, 1, _("验证码"), _("请输入验证码"));
    gtk_entry_set_input_purpose(GTK_ENTRY(w.code), GTK_INPUT_PURPOSE_DIGITS);
    gtk_entry_set_max_length(GTK_ENTRY(w.code), 8);
    gtk_box_append(GTK_BOX(w.root), grid);

    w.login = gtk_button_new_with_label(_("登录"));
    gtk_widget_add_css_class(w.login, "login-button");
    gtk_widget_set_sensitive(w.login, FALSE);
    gtk_box_append(GTK_BOX(w.root), w.login);
    return w;
}
