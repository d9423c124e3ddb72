#ifndef GRSHIM_GTK_SHIM_H
#define GRSHIM_GTK_SHIM_H

#include <gtk/gtk.h>
#include "GrShimFetch.h"
#include "GrShimTextures.h"
#include "GrShimPictureStrip.h"
#include "GrShimCountModel.h"

/* What Swift cannot import from GTK: casts, variadic calls, macros; and the custom widgets and
 * models GtkReactive wraps. Every name here begins with grshim_ / GrShim / GRSHIM_. */

/* Casts (GTK's cast macros are not imported into Swift). */
static inline GtkWindow *grshim_window(gpointer object) { return GTK_WINDOW(object); }
static inline GtkEditable *grshim_editable(gpointer object) { return GTK_EDITABLE(object); }
static inline GtkButton *grshim_button(gpointer object) { return GTK_BUTTON(object); }
static inline GtkLabel *grshim_label(gpointer object) { return GTK_LABEL(object); }
static inline GApplication *grshim_application(gpointer object) { return G_APPLICATION(object); }

/* Emits a signal that takes no arguments (g_signal_emit_by_name is variadic). */
static inline void grshim_emit(gpointer instance, const char *signal) { g_signal_emit_by_name(instance, signal); }

/* Runs the Dispatch main queue (and so Swift's main actor) inside the GLib main loop, driven by
 * the queue's own wake-up fd: no polling timer. Call once, before the loop runs. */
void grshim_attach_main_queue(void);

/* Registers GtkShim's custom widget types (GrShimPictureStrip) so a .ui file can name them;
 * GtkReactive's loader calls it before parsing. Safe to call any number of times. */
void grshim_shim_ensure_types(void);

/* Gives `widget` an accessible name (a variadic call in GTK). */
void grshim_set_accessible_label(GtkWidget *widget, const char *label);

/* An app's settings: the schema from `schema_dir` when it holds a compiled one (uninstalled
 * runs), else from the system; stored with dconf, or in the key file `keyfile_path` where the
 * system has no persistent backend. NULL when the schema is nowhere. */
GSettings *grshim_settings_new(const char *schema_id, const char *schema_dir, const char *keyfile_path);

/* Asks the primary instance of `application` (registered, remote) to activate and waits for its
 * answer; FALSE when it did not answer (it was quitting, say). */
gboolean grshim_application_activate_primary(GApplication *application);

/* Opens an http or https `uri` in the desktop's browser; any other scheme is ignored. */
void grshim_open_uri(GtkWidget *window, const char *uri);

/* Framework helpers for GtkReactive's typed widgets (variadic accessible calls). */

/* Gives `widget` an accessible description. */
void grshim_set_accessible_description(GtkWidget *widget, const char *description);

/* Marks `widget` busy for assistive technologies, or resets the state (not busy). */
void grshim_set_accessible_busy(GtkWidget *widget, gboolean busy);

/* Application command lines (s4-app): g_application_command_line_print/printerr are variadic.
 * Writes `text` as it is to the standard output / error of the process whose command line it is
 * (the second launch's own terminal, for a remote one). */
void grshim_command_line_print(GApplicationCommandLine *command_line, const char *text);
void grshim_command_line_printerr(GApplicationCommandLine *command_line, const char *text);


#endif
