#include "GtkShim.h"
#include <glib-unix.h>
#include <unistd.h>
#include <stdint.h>

/* libdispatch's hooks for hosting the main queue in another run loop (exported on Linux). */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static gboolean goods_main_queue_ready(gint fd, GIOCondition condition, gpointer user_data) {
    (void)condition;
    (void)user_data;
    uint64_t count;
    /* The handle is an eventfd: read it to re-arm, then drain the queue. */
    ssize_t ignored = read(fd, &count, sizeof count);
    (void)ignored;
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

void goods_attach_main_queue(void) {
    static gboolean attached = FALSE;
    if (attached) return;
    attached = TRUE;
    int fd = _dispatch_get_main_queue_handle_4CF();
    g_unix_fd_add(fd, G_IO_IN, goods_main_queue_ready, NULL);
}

void goods_set_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

gboolean goods_load_css(const char *path, GError **error) {
    if (!g_file_test(path, G_FILE_TEST_IS_REGULAR)) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "no style sheet at %s", path);
        return FALSE;
    }
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_path(provider, path);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(provider);
    return TRUE;
}

GoodsWindowWidgets goods_window_new(GtkApplication *application) {
    GoodsWindowWidgets w = {0};
    w.window = gtk_application_window_new(application);
    gtk_window_set_default_size(GTK_WINDOW(w.window), 420, 720);
    gtk_window_set_title(GTK_WINDOW(w.window), "GoodsDesk");

    GtkWidget *header = gtk_header_bar_new();
    w.back = gtk_button_new_from_icon_name("go-previous-symbolic");
    goods_set_accessible_label(w.back, "返回");
    gtk_widget_set_visible(w.back, FALSE);
    gtk_header_bar_pack_start(GTK_HEADER_BAR(header), w.back);
    w.menu = gtk_menu_button_new();
    gtk_menu_button_set_icon_name(GTK_MENU_BUTTON(w.menu), "open-menu-symbolic");
    goods_set_accessible_label(w.menu, "菜单");
    gtk_header_bar_pack_end(GTK_HEADER_BAR(header), w.menu);
    w.refresh = gtk_button_new_from_icon_name("view-refresh-symbolic");
    goods_set_accessible_label(w.refresh, "刷新");
    gtk_header_bar_pack_end(GTK_HEADER_BAR(header), w.refresh);
    w.fill = gtk_button_new_with_label("填充");
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
    w.hud_label = gtk_label_new("Loading...");
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

    w.avatar = gtk_picture_new();
    gtk_picture_set_can_shrink(GTK_PICTURE(w.avatar), TRUE);
    gtk_picture_set_content_fit(GTK_PICTURE(w.avatar), GTK_CONTENT_FIT_COVER);
    gtk_widget_set_size_request(w.avatar, 96, 96);
    gtk_widget_set_halign(w.avatar, GTK_ALIGN_CENTER);
    gtk_widget_set_overflow(w.avatar, GTK_OVERFLOW_HIDDEN);
    gtk_widget_add_css_class(w.avatar, "avatar");
    goods_set_accessible_label(w.avatar, "头像");
    gtk_box_append(GTK_BOX(w.root), w.avatar);

    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 12);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 16);
    w.phone = goods_labelled_entry(grid, 0, "手机号", "请输入手机号码");
    gtk_entry_set_input_purpose(GTK_ENTRY(w.phone), GTK_INPUT_PURPOSE_PHONE);
    gtk_entry_set_max_length(GTK_ENTRY(w.phone), 20);
    w.code = goods_labelled_entry(grid, 1, "验证码", "请输入验证码");
    gtk_entry_set_input_purpose(GTK_ENTRY(w.code), GTK_INPUT_PURPOSE_DIGITS);
    gtk_entry_set_max_length(GTK_ENTRY(w.code), 8);
    gtk_box_append(GTK_BOX(w.root), grid);

    w.login = gtk_button_new_with_label("登录");
    gtk_widget_add_css_class(w.login, "login-button");
    gtk_widget_set_sensitive(w.login, FALSE);
    gtk_box_append(GTK_BOX(w.root), w.login);
    return w;
}

void goods_picture_set_file(GtkWidget *picture, const char *path) {
    if (path != NULL && g_file_test(path, G_FILE_TEST_IS_REGULAR)) {
        gtk_picture_set_filename(GTK_PICTURE(picture), path);
    } else {
        GtkIconTheme *theme = gtk_icon_theme_get_for_display(gtk_widget_get_display(picture));
        GtkIconPaintable *icon = gtk_icon_theme_lookup_icon(theme, "avatar-default-symbolic", NULL, 96, 1,
                                                            GTK_TEXT_DIR_NONE, 0);
        gtk_picture_set_paintable(GTK_PICTURE(picture), GDK_PAINTABLE(icon));
        g_object_unref(icon);
    }
}

GoodsConfirmWidgets goods_confirm_new(GtkWindow *parent, const char *message, const char *confirm, const char *cancel) {
    GoodsConfirmWidgets w = {0};
    w.dialog = gtk_window_new();
    gtk_window_set_transient_for(GTK_WINDOW(w.dialog), parent);
    gtk_window_set_modal(GTK_WINDOW(w.dialog), TRUE);
    gtk_window_set_resizable(GTK_WINDOW(w.dialog), FALSE);
    gtk_window_set_title(GTK_WINDOW(w.dialog), message);
    gtk_widget_add_css_class(w.dialog, "confirm-dialog");
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18);
    gtk_widget_set_margin_top(box, 24);
    gtk_widget_set_margin_bottom(box, 18);
    gtk_widget_set_margin_start(box, 24);
    gtk_widget_set_margin_end(box, 24);
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
    /* Escape closes it like Cancel. */
    GtkEventController *keys = gtk_shortcut_controller_new();
    gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(keys),
        gtk_shortcut_new(gtk_keyval_trigger_new(GDK_KEY_Escape, 0), gtk_named_action_new("window.close")));
    gtk_widget_add_controller(w.dialog, keys);
    gtk_window_set_default_widget(GTK_WINDOW(w.dialog), w.confirm);
    return w;
}
