/* What the screen builders share (private to GtkShim; they go as the screens move to .ui files). */
#pragma once
#include "GtkShim.h"

/* User-visible text goes through gettext (domain goodsdesk); the source strings are the seeds' Chinese. */
#define _(text) g_dgettext("goodsdesk", text)

/* Sets a widget's four margins at once. */
void goods_set_margins(GtkWidget *widget, int top, int end, int bottom, int start);

/* A modal window for a dialog over `parent`, titled `title`, closed by Escape. */
GtkWidget *goods_dialog_window(GtkWindow *parent, const char *title, int width, int height);
