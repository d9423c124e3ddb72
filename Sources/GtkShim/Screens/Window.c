/* The main window: header bar, menu, page stack, toast and busy overlay. Built in C until Step 3 moves it to a .ui file (data/ui/). */
#include "Screens.h"

GtkWidget *goods_window_add_menu_item(GoodsWindowWidgets *widgets, const char *label) {
    GtkWidget *item = gtk_button_new_with_label(label);
    gtk_widget_add_css_class(item, "flat");
    gtk_label_set_xalign(GTK_LABEL(gtk_button_get_child(GTK_BUTTON(item))), 0);
    gtk_box_append(GTK_BOX(widgets->menu_items), item);
    return item;
}

GoodsWindowWidgets goods_window_new(GtkApplication *application) {
    GoodsWindowWidgets w = {0};
    /* Without an application (tests), a plain window. */
    w.window = application != NULL ? gtk_application_window_new(application) : gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(w.window), 420, 720);
    gtk_window_set_title(GTK_WINDOW(w.window), "GoodsDesk");

    GtkWidget *header = gtk_header_bar_new();
    w.back = gtk_button_new_from_icon_name("go-previous-symbolic");
    goods_set_accessible_label(w.back, _("返回"));
    gtk_widget_set_visible(w.back, FALSE);
    gtk_header_bar_pack_start(GTK_HEADER_BAR(header), w.back);
    w.menu = gtk_menu_button_new();
    gtk_menu_button_set_icon_name(GTK_MENU_BUTTON(w.menu), "open-menu-symbolic");
    goods_set_accessible_label(w.menu, _("菜单"));
    GtkWidget *popover = gtk_popover_new();
    w.menu_items = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_popover_set_child(GTK_POPOVER(popover), w.menu_items);
    w.logout = goods_window_add_menu_item(&w, _("注销"));
    gtk_menu_button_set_popover(GTK_MENU_BUTTON(w.menu), popover);
    gtk_header_bar_pack_end(GTK_HEADER_BAR(header), w.menu);
    w.refresh = gtk_button_new_from_icon_name("view-refresh-symbolic");
    goods_set_accessible_label(w.refresh, _("刷新"));
    gtk_header_bar_pack_end(GTK_HEADER_BAR(header), w.refresh);
    w.fill = gtk_button_new_with_label(_("填充"));
    gtk_header_bar_pack_end(GTK_HEADER_BAR(header), w.fill);
    gtk_window_set_titlebar(GTK_WINDOW(w.window), header);

    GtkWidget *overlay = gtk_overlay_new();
    w.stack = gtk_stack_new();
    gtk_stack_set_transition_type(GTK_STACK(w.stack), GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT);
    gtk_overlay_set_child(GTK_OVERLAY(overlay), w.stack);

    w.toast = gtk_revealer_new();
    gtk_revealer_set_transition_type(GTK_REVEALER(w.toast), GTK_REVEALER_TRANSITION_TYPE_CROSSFADE);
    gtk_widget_set_halign(w.toast, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(w.toast, GTK_ALIGN_END);
    gtk_widget_set_margin_bottom(w.toast, 48);
    w.toast_label = gtk_label_new("");
    gtk_label_set_wrap(GTK_LABEL(w.toast_label), TRUE);
    gtk_widget_add_css_class(w.toast_label, "toast");
    gtk_revealer_set_child(GTK_REVEALER(w.toast), w.toast_label);
    gtk_widget_set_can_target(w.toast, FALSE);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), w.toast);

    w.hud = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_widget_add_css_class(w.hud, "hud");
    gtk_widget_set_halign(w.hud, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(w.hud, GTK_ALIGN_CENTER);
    GtkWidget *spinner = gtk_spinner_new();
    gtk_spinner_set_spinning(GTK_SPINNER(spinner), TRUE);
    gtk_widget_set_size_request(spinner, 32, 32);
    w.hud_label = gtk_label_new(_("Loading..."));
    gtk_box_append(GTK_BOX(w.hud), spinner);
    gtk_box_append(GTK_BOX(w.hud), w.hud_label);
    gtk_widget_set_visible(w.hud, FALSE);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), w.hud);

    gtk_window_set_child(GTK_WINDOW(w.window), overlay);
    return w;
}

void goods_window_show_page(GoodsWindowWidgets *widgets, GtkWidget *page, const char *name, gboolean forward) {
    GtkStack *stack = GTK_STACK(widgets->stack);
    if (gtk_widget_get_parent(page) == NULL) gtk_stack_add_named(stack, page, name);
    gtk_stack_set_transition_type(stack, forward ? GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT : GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT);
    gtk_stack_set_visible_child(stack, page);
}

void goods_window_remove_page(GoodsWindowWidgets *widgets, GtkWidget *page) {
    if (gtk_widget_get_parent(page) == widgets->stack) gtk_stack_remove(GTK_STACK(widgets->stack), page);
}
