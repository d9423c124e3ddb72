#define G_SETTINGS_ENABLE_BACKEND
#include "GtkShim.h"
#include <gio/gsettingsbackend.h>
#include <glib-unix.h>
#include <signal.h>
#include <unistd.h>
#include <string.h>
#include <stdint.h>

/* User-visible text goes through gettext (domain goodsdesk); the source strings are the seeds' Chinese. */
#define _(text) g_dgettext("goodsdesk", text)

/* Sets a widget's four margins at once. */
static void goods_set_margins(GtkWidget *widget, int top, int end, int bottom, int start) {
    gtk_widget_set_margin_top(widget, top);
    gtk_widget_set_margin_end(widget, end);
    gtk_widget_set_margin_bottom(widget, bottom);
    gtk_widget_set_margin_start(widget, start);
}

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

void goods_picture_set_file(GtkWidget *picture, const char *path, const char *placeholder_icon) {
    gboolean readable = path != NULL && g_file_test(path, G_FILE_TEST_IS_REGULAR);
    /* Screen readers (and UI tests) can tell a real picture from the placeholder. */
    gtk_accessible_update_property(GTK_ACCESSIBLE(picture), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   readable ? _("图片") : _("默认图片"), -1);
    if (GTK_IS_IMAGE(picture)) {
        if (readable) gtk_image_set_from_file(GTK_IMAGE(picture), path);
        else gtk_image_set_from_icon_name(GTK_IMAGE(picture), placeholder_icon);
    } else if (GTK_IS_PICTURE(picture)) {
        if (readable) gtk_picture_set_filename(GTK_PICTURE(picture), path);
        else gtk_picture_set_paintable(GTK_PICTURE(picture), NULL);
    }
}

void goods_picture_set_texture(GtkWidget *picture, GdkPaintable *texture, const char *placeholder_icon) {
    /* Screen readers (and UI tests) can tell a real picture from the placeholder. */
    gtk_accessible_update_property(GTK_ACCESSIBLE(picture), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   texture != NULL ? _("图片") : _("默认图片"), -1);
    if (GTK_IS_IMAGE(picture)) {
        if (texture != NULL) gtk_image_set_from_paintable(GTK_IMAGE(picture), texture);
        else gtk_image_set_from_icon_name(GTK_IMAGE(picture), placeholder_icon);
    } else if (GTK_IS_PICTURE(picture)) {
        gtk_picture_set_paintable(GTK_PICTURE(picture), texture != NULL ? texture : NULL);
    }
}

void goods_picture_clear(GtkWidget *picture) {
    if (GTK_IS_IMAGE(picture)) gtk_image_clear(GTK_IMAGE(picture));
    else if (GTK_IS_PICTURE(picture)) gtk_picture_set_paintable(GTK_PICTURE(picture), NULL);
}

static GtkWidget *goods_dialog_window(GtkWindow *parent, const char *title, int width, int height) {
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

void goods_string_list_splice(GtkStringList *list, guint position, guint removals, const int *ids, guint count) {
    char **strings = g_new0(char *, count + 1);
    for (guint i = 0; i < count; i++) strings[i] = g_strdup_printf("%d", ids[i]);
    gtk_string_list_splice(list, position, removals, (const char *const *)strings);
    g_strfreev(strings);
}

static gboolean goods_shortcut_activate(GtkWidget *widget, GVariant *args, gpointer target) {
    (void)widget;
    (void)args;
    if (!gtk_widget_is_sensitive(GTK_WIDGET(target)) || !gtk_widget_get_visible(GTK_WIDGET(target))) return TRUE;
    /* A button clicks at once (activating one plays a 250 ms press first). */
    if (GTK_IS_BUTTON(target)) g_signal_emit_by_name(target, "clicked");
    else gtk_widget_activate(GTK_WIDGET(target));
    return TRUE;
}

void goods_window_add_shortcut(GtkWidget *window, const char *accelerators, GtkWidget *target) {
    GtkEventController *controller = gtk_shortcut_controller_new();
    gtk_shortcut_controller_set_scope(GTK_SHORTCUT_CONTROLLER(controller), GTK_SHORTCUT_SCOPE_GLOBAL);
    GtkShortcutTrigger *trigger = gtk_shortcut_trigger_parse_string(accelerators);
    GtkShortcutAction *action = gtk_callback_action_new(goods_shortcut_activate, target, NULL);
    gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(controller), gtk_shortcut_new(trigger, action));
    gtk_widget_add_controller(window, controller);
}

gboolean goods_application_activate_primary(GApplication *application) {
    GDBusConnection *bus = g_application_get_dbus_connection(application);
    const char *path = g_application_get_dbus_object_path(application);
    if (bus == NULL || path == NULL) return FALSE;
    GVariantBuilder platform_data;
    g_variant_builder_init(&platform_data, G_VARIANT_TYPE("a{sv}"));
    GError *error = NULL;
    GVariant *reply = g_dbus_connection_call_sync(bus, g_application_get_application_id(application), path,
        "org.gtk.Application", "Activate", g_variant_new("(a{sv})", &platform_data), NULL,
        G_DBUS_CALL_FLAGS_NONE, 5000, NULL, &error);
    if (reply == NULL) {
        g_clear_error(&error);
        return FALSE;
    }
    g_variant_unref(reply);
    return TRUE;
}

static gboolean goods_quit_on_signal(gpointer data) {
    GtkApplication *application = GTK_APPLICATION(data);
    /* Destroying a window removes it from the list: take a copy first. */
    GList *windows = g_list_copy(gtk_application_get_windows(application));
    for (GList *item = windows; item != NULL; item = item->next) gtk_window_destroy(GTK_WINDOW(item->data));
    g_list_free(windows);
    g_application_quit(G_APPLICATION(application));
    return G_SOURCE_CONTINUE;
}

void goods_application_quit_on_signals(GtkApplication *application) {
    g_unix_signal_add(SIGINT, goods_quit_on_signal, application);
    g_unix_signal_add(SIGTERM, goods_quit_on_signal, application);
}

void goods_use_icons(const char *folder, const char *icon_name) {
    GtkIconTheme *theme = gtk_icon_theme_get_for_display(gdk_display_get_default());
    if (folder != NULL && g_file_test(folder, G_FILE_TEST_IS_DIR)) gtk_icon_theme_add_search_path(theme, folder);
    gtk_window_set_default_icon_name(icon_name);
}

void goods_show_about(GtkWindow *parent, const char *application_id, const char *version) {
    const char *authors[] = {"GoodsDesk developers", NULL};
    gtk_show_about_dialog(parent,
        "title", _("关于 GoodsDesk"),
        "program-name", "GoodsDesk",
        "logo-icon-name", application_id,
        "version", version,
        "comments", _("浏览二手好物：以 GTK 4 上的 MVVM 框架写成的桌面应用。"),
        "website", "https://github.com/goodsdesk/goodsdesk",
        "license-type", GTK_LICENSE_MIT_X11,
        "authors", authors,
        /* TRANSLATORS: your name, shown in the About dialog. */
        "translator-credits", _("translator-credits"),
        NULL);
}

void goods_open_uri(GtkWidget *window, const char *uri) {
    /* Web links only, whatever the caller checked: never a file, a script or another app's scheme. */
    char *scheme = uri != NULL ? g_uri_parse_scheme(uri) : NULL;
    gboolean web = scheme != NULL && (g_ascii_strcasecmp(scheme, "http") == 0 || g_ascii_strcasecmp(scheme, "https") == 0);
    g_free(scheme);
    if (web) gtk_show_uri(GTK_WINDOW(window), uri, GDK_CURRENT_TIME);
}

GSettings *goods_settings_new(const char *schema_id, const char *schema_dir, const char *keyfile_path) {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    GSettingsSchemaSource *local = NULL;
    if (schema_dir != NULL) {
        char *compiled = g_build_filename(schema_dir, "gschemas.compiled", NULL);
        if (g_file_test(compiled, G_FILE_TEST_IS_REGULAR)) {
            local = g_settings_schema_source_new_from_directory(schema_dir, source, FALSE, NULL);
        }
        g_free(compiled);
    }
    GSettingsSchema *schema = g_settings_schema_source_lookup(local != NULL ? local : source, schema_id, TRUE);
    if (local != NULL) g_settings_schema_source_unref(local);
    if (schema == NULL) return NULL;

    GSettingsBackend *backend = g_settings_backend_get_default();
    gboolean persistent = strcmp(G_OBJECT_TYPE_NAME(backend), "GMemorySettingsBackend") != 0;
    GSettings *settings;
    if (persistent || keyfile_path == NULL) {
        settings = g_settings_new_full(schema, backend, NULL);
    } else {
        char *folder = g_path_get_dirname(keyfile_path);
        g_mkdir_with_parents(folder, 0700);
        g_free(folder);
        GSettingsBackend *keyfile = g_keyfile_settings_backend_new(keyfile_path, "/", NULL);
        settings = g_settings_new_full(schema, keyfile, NULL);
        g_object_unref(keyfile);
    }
    g_object_unref(backend);
    g_settings_schema_unref(schema);
    return settings;
}

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
