/* What the screen builders share (private to GtkShim; they go as the screens move to .ui files). */
#pragma once
#include "GtkShim.h"

/* User-visible text goes through gettext (domain goodsdesk); the source strings are the seeds' Chinese. */
#define _(text) g_dgettext("goodsdesk", text)
