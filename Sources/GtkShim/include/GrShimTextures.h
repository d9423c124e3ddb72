#ifndef GRSHIM_TEXTURES_H
#define GRSHIM_TEXTURES_H

#include <gtk/gtk.h>

/* Pictures decoded off the GTK thread at the size they are shown, then turned into paintables on
 * the main loop and shared (the Swift TextureCache keeps them). */

/* The size in device pixels `widget` shows a picture at: an image's pixel size, a picture's
 * requested height, times the scale factor. 0 means unconstrained in that direction. */
void grshim_picture_target_size(GtkWidget *widget, int *width, int *height);

/* Decodes the file at `path` to fit `width`×`height` (0: unconstrained), keeping its aspect.
 * Safe on any thread (no GTK): NULL when the file is missing or not a picture. */
GdkPixbuf *grshim_pixbuf_decode(const char *path, int width, int height);

/* A decoded picture: an immutable paintable of `pixbuf` that draws from a cairo surface (see
 * GrShimTextures.c for why not a GdkTexture); its bytes in *bytes. NULL for a pixbuf of a layout
 * it does not know (not 8-bit RGB/RGBA) or when memory runs out. Call on the GTK thread. */
#define GRSHIM_TYPE_SURFACE_PICTURE (grshim_surface_picture_get_type())
G_DECLARE_FINAL_TYPE(GrShimSurfacePicture, grshim_surface_picture, GRSHIM, SURFACE_PICTURE, GObject)
GdkPaintable *grshim_picture_paintable_new(GdkPixbuf *pixbuf, gsize *bytes);

/* Shows `texture` in `picture` (a GtkImage or GtkPicture); NULL shows the placeholder icon in an
 * image and nothing in a picture. Its accessible description becomes `shown_description` or
 * `placeholder_description` (the caller's translated text; NULL leaves it as it is). */
/* (An AdwAvatar shows the texture as its custom image.) */
void grshim_picture_show_texture(GtkWidget *picture, GdkPaintable *texture, const char *placeholder_icon,
                                const char *shown_description, const char *placeholder_description);

/* Drops whatever `picture` shows (its texture reference too). */
void grshim_picture_clear(GtkWidget *picture);

#endif
