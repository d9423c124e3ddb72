#ifndef GOODSDESK_GTK_SHIM_H
#define GOODSDESK_GTK_SHIM_H

#include <gtk/gtk.h>
#include "GoodsFetch.h"
#include "GoodsTextures.h"
#include "GoodsPictureStrip.h"
#include "GoodsCountModel.h"

/* What Swift cannot import from GTK: casts, variadic calls, macros; and the builders of
 * GoodsDesk's views. Views are layout only: ViewManagers own their events, controllers bind. */

/* Casts (GTK's cast macros are not imported into Swift). */
static inline GtkWindow *goods_window(gpointer object) { return GTK_WINDOW(object); }
static inline GtkEditable *goods_editable(gpointer object) { return GTK_EDITABLE(object); }
static inline GtkButton *goods_button(gpointer object) { return GTK_BUTTON(object); }
static inline GtkLabel *goods_label(gpointer object) { return GTK_LABEL(object); }
static inline GApplication *goods_application(gpointer object) { return G_APPLICATION(object); }

/* Emits a signal that takes no arguments (g_signal_emit_by_name is variadic). */
static inline void goods_emit(gpointer instance, const char *signal) { g_signal_emit_by_name(instance, signal); }

/* Runs the Dispatch main queue (and so Swift's main actor) inside the GLib main loop, driven by
 * the queue's own wake-up fd: no polling timer. Call once, before the loop runs. */
void goods_attach_main_queue(void);

/* Registers GtkShim's custom widget types (GoodsPictureStrip) so a .ui file can name them;
 * GtkReactive's loader calls it before parsing. Safe to call any number of times. */
void goods_shim_ensure_types(void);

/* Gives `widget` an accessible name (a variadic call in GTK). */
void goods_set_accessible_label(GtkWidget *widget, const char *label);

/* Loads the CSS file at `path` for the whole display; FALSE (with `error`) when unreadable. */
gboolean goods_load_css(const char *path, GError **error);

/* The application window: a header bar and a navigation stack, with a toast and a
 * "Loading..." overlay above the pages. */
typedef struct {
    GtkWidget *window;
    GtkWidget *stack;
    GtkWidget *back;
    GtkWidget *fill;
    GtkWidget *refresh;
    GtkWidget *menu;
    GtkWidget *logout;
    GtkWidget *menu_items;
    GtkWidget *toast;
    GtkWidget *toast_label;
    GtkWidget *hud;
    GtkWidget *hud_label;
} GoodsWindowWidgets;

GoodsWindowWidgets goods_window_new(GtkApplication *application);

/* Adds an item (a flat button labelled `label`) to the header menu's popover. */
GtkWidget *goods_window_add_menu_item(GoodsWindowWidgets *widgets, const char *label);

/* Shows `page` (adding it under `name` if new), sliding forward or back. */
void goods_window_show_page(GoodsWindowWidgets *widgets, GtkWidget *page, const char *name, gboolean forward);

/* Removes a page that is no longer on the navigation stack. */
void goods_window_remove_page(GoodsWindowWidgets *widgets, GtkWidget *page);

/* The login page (the seeds' login screen). */
typedef struct {
    GtkWidget *root;
    GtkWidget *avatar;
    GtkWidget *phone;
    GtkWidget *code;
    GtkWidget *login;
} GoodsLoginWidgets;

GoodsLoginWidgets goods_login_page_new(void);

/* Shows the picture at `path` in `picture` (a GtkImage or GtkPicture); when `path` is NULL or
 * unreadable, an image shows `placeholder_icon` and a picture shows nothing. */
void goods_picture_set_file(GtkWidget *picture, const char *path, const char *placeholder_icon);

/* A modal confirmation: a message and two buttons; the caller connects "clicked" on each. */
typedef struct {
    GtkWidget *dialog;
    GtkWidget *confirm;
    GtkWidget *cancel;
} GoodsConfirmWidgets;

GoodsConfirmWidgets goods_confirm_new(GtkWindow *parent, const char *message, const char *confirm, const char *cancel);

/* The 插件 dialog: a list of plugins, problems that belong to none, and a hint. Escape closes it. */
typedef struct {
    GtkWidget *dialog;
    GtkWidget *list;
    GtkWidget *problems;
    GtkWidget *hint;
} GoodsPluginsDialogWidgets;

GoodsPluginsDialogWidgets goods_plugins_dialog_new(GtkWindow *parent, const char *title, const char *hint);

/* One plugin's row: name, details (version, origin), status, and an on/off switch. */
typedef struct {
    GtkWidget *row;
    GtkWidget *root;
    GtkWidget *name;
    GtkWidget *detail;
    GtkWidget *status;
    GtkWidget *enabled;
} GoodsPluginRowWidgets;

GoodsPluginRowWidgets goods_plugins_dialog_add_row(GoodsPluginsDialogWidgets *dialog);

/* Activates `target` (emits its "clicked") when one of `accelerators` (e.g. "F5|<Control>r") is pressed in `window`. */
void goods_window_add_shortcut(GtkWidget *window, const char *accelerators, GtkWidget *target);

/* GoodsDesk's settings: the schema from `schema_dir` when it holds a compiled one (uninstalled
 * runs), else from the system; stored with dconf, or in the key file `keyfile_path` where the
 * system has no persistent backend. NULL when the schema is nowhere. */
GSettings *goods_settings_new(const char *schema_id, const char *schema_dir, const char *keyfile_path);

/* Opens `uri` with the desktop's handler. */
/* Asks the primary instance of `application` (registered, remote) to activate and waits for its
 * answer; FALSE when it did not answer (it was quitting, say). */
gboolean goods_application_activate_primary(GApplication *application);

/* On SIGINT or SIGTERM, closes every window of the application and quits it: the same path as
 * closing the last window by hand (its size is saved, its screens end). */
void goods_application_quit_on_signals(GtkApplication *application);

/* Windows use the icon `icon_name`, also looked up in `folder` (an uninstalled icon theme). */
void goods_use_icons(const char *folder, const char *icon_name);

/* The About dialog (modal over `parent`, reused while open). */
void goods_show_about(GtkWindow *parent, const char *application_id, const char *version);

/* Opens an http or https `uri` in the desktop's browser; any other scheme is ignored. */
void goods_open_uri(GtkWidget *window, const char *uri);

/// The page shown while the data opens: a title, a progress bar and a line of detail.
typedef struct {
    GtkWidget *root;
    GtkWidget *title;
    GtkWidget *progress;
    GtkWidget *detail;
} GoodsStartWidgets;

GoodsStartWidgets goods_start_page_new(void);

/* Framework helpers for GtkReactive's typed widgets (variadic accessible calls). */

/* Gives `widget` an accessible description. */
void goods_set_accessible_description(GtkWidget *widget, const char *description);

/* Marks `widget` busy for assistive technologies, or resets the state (not busy). */
void goods_set_accessible_busy(GtkWidget *widget, gboolean busy);

#endif
