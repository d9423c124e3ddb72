#ifndef GOODSDESK_PICTURE_STRIP_H
#define GOODSDESK_PICTURE_STRIP_H

#include <gtk/gtk.h>

/* A row of children that scrolls sideways without scrollbars: by a sideways wheel or touchpad
 * swipe, Shift with the wheel, or a touch drag. A vertical wheel turn goes on to the list around
 * it. It replaces a GtkScrolledWindow (a viewport, two scrollbars and their sliders and troughs:
 * 11 widgets in each of the ~200 rows GTK 4.8's list keeps) and is not focusable, so Tab moves
 * between rows, not into the strip. Its `spacing` property is the gap between children; in a .ui
 * file its children are plain <child> elements. */
#define GOODS_TYPE_PICTURE_STRIP (goods_picture_strip_get_type())
G_DECLARE_FINAL_TYPE(GoodsPictureStrip, goods_picture_strip, GOODS, PICTURE_STRIP, GtkWidget)

GtkWidget *goods_picture_strip_new(int spacing);

/* Adds `child` at the end. */
void goods_picture_strip_append(GoodsPictureStrip *strip, GtkWidget *child);

/* How far the strip is scrolled, in pixels from its start. */
double goods_picture_strip_get_offset(GoodsPictureStrip *strip);

#endif
