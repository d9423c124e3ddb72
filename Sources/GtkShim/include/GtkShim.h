#ifndef GOODSDESK_GTK_SHIM_H
#define GOODSDESK_GTK_SHIM_H

#include <gtk/gtk.h>

/* What Swift cannot import from GTK: casts, variadic calls, macros; and the builders of
 * GoodsDesk's views. Views are layout only: ViewManagers own their events, controllers bind. */

/* Casts (GTK's cast macros are not imported into Swift). */
static inline GtkWidget *goods_widget(gpointer object) { return GTK_WIDGET(object); }
static inline GtkWindow *goods_window(gpointer object) { return GTK_WINDOW(object); }
static inline GtkEditable *goods_editable(gpointer object) { return GTK_EDITABLE(object); }
static inline GtkButton *goods_button(gpointer object) { return GTK_BUTTON(object); }
static inline GtkLabel *goods_label(gpointer object) { return GTK_LABEL(object); }
static inline GObject *goods_object(gpointer object) { return G_OBJECT(object); }
static inline GApplication *goods_application(gpointer object) { return G_APPLICATION(object); }

/* Runs the Dispatch main queue (and so Swift's main actor) inside the GLib main loop, driven by
 * the queue's own wake-up fd: no polling timer. Call once, before the loop runs. */
void goods_attach_main_queue(void);

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
    GtkWidget *toast;
    GtkWidget *toast_label;
    GtkWidget *hud;
    GtkWidget *hud_label;
} GoodsWindowWidgets;

GoodsWindowWidgets goods_window_new(GtkApplication *application);

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

/* Shows the picture at `path` in `picture` (a GtkPicture), or the placeholder when NULL/unreadable. */
void goods_picture_set_file(GtkWidget *picture, const char *path);

/* A modal confirmation: a message and two buttons; the caller connects "clicked" on each. */
typedef struct {
    GtkWidget *dialog;
    GtkWidget *confirm;
    GtkWidget *cancel;
} GoodsConfirmWidgets;

GoodsConfirmWidgets goods_confirm_new(GtkWindow *parent, const char *message, const char *confirm, const char *cancel);

#endif
