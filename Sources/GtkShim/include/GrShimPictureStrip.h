#ifndef GRSHIM_PICTURE_STRIP_H
#define GRSHIM_PICTURE_STRIP_H

#include <gtk/gtk.h>

/* A row of children that scrolls sideways without scrollbars: by a sideways wheel or touchpad
 * swipe, Shift with the wheel, or a touch drag. A vertical wheel turn goes on to the list around
 * it. It replaces a GtkScrolledWindow (a viewport, two scrollbars and their sliders and troughs:
 * 11 widgets in each of the ~200 rows GTK 4.8's list keeps) and is not focusable, so Tab moves
 * between rows, not into the strip. Its `spacing` property is the gap between children; in a .ui
 * file its children are plain <child> elements. */
#define GRSHIM_TYPE_PICTURE_STRIP (grshim_picture_strip_get_type())
G_DECLARE_FINAL_TYPE(GrShimPictureStrip, grshim_picture_strip, GRSHIM, PICTURE_STRIP, GtkWidget)

GtkWidget *grshim_picture_strip_new(int spacing);

/* Adds `child` at the end. */
void grshim_picture_strip_append(GrShimPictureStrip *strip, GtkWidget *child);

/* How far the strip is scrolled, in pixels from its start. */
double grshim_picture_strip_get_offset(GrShimPictureStrip *strip);

#endif
