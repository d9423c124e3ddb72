#include "GrShimTextures.h"
#include <adwaita.h>

void grshim_picture_target_size(GtkWidget *widget, int *width, int *height) {
    int scale = MAX(1, gtk_widget_get_scale_factor(widget));
    int w = 0, h = 0;
    if (GTK_IS_IMAGE(widget)) {
        int size = gtk_image_get_pixel_size(GTK_IMAGE(widget));
        w = h = size > 0 ? size : 0;
    } else if (ADW_IS_AVATAR(widget)) {
        w = h = MAX(0, adw_avatar_get_size(ADW_AVATAR(widget)));
    } else {
        gtk_widget_get_size_request(widget, &w, &h);
        w = MAX(0, w);
        h = MAX(0, h);
    }
    *width = w * scale;
    *height = h * scale;
}

GdkPixbuf *grshim_pixbuf_decode(const char *path, int width, int height) {
    if (path == NULL || !g_file_test(path, G_FILE_TEST_IS_REGULAR)) return NULL;
    GError *error = NULL;
    GdkPixbuf *pixbuf = width > 0 || height > 0
        ? gdk_pixbuf_new_from_file_at_scale(path, width > 0 ? width : -1, height > 0 ? height : -1, TRUE, &error)
        : gdk_pixbuf_new_from_file(path, &error);
    if (error != NULL) g_error_free(error);
    return pixbuf;
}

/* A decoded picture that draws from a cairo image surface. GTK 4.8's cairo renderer turns a
 * GdkTexture into a cairo surface again on every frame that draws it, through floats and whatever
 * its format (there is no same-format copy in gdk_memory_convert): 13% of the CPU of scrolling a
 * list of pictures. A cairo node paints this surface as it is; the node records the paint, so it is
 * rasterised at the output's scale (sharp on HiDPI) and, under GL, uploaded once per render node. */
struct _GrShimSurfacePicture {
    GObject parent;
    cairo_surface_t *surface;
    int width, height;
};

static void grshim_surface_picture_snapshot(GdkPaintable *paintable, GdkSnapshot *snapshot, double width, double height) {
    GrShimSurfacePicture *self = GRSHIM_SURFACE_PICTURE(paintable);
    if (width <= 0 || height <= 0) return;
    cairo_t *cr = gtk_snapshot_append_cairo(GTK_SNAPSHOT(snapshot), &GRAPHENE_RECT_INIT(0, 0, width, height));
    cairo_scale(cr, width / self->width, height / self->height);
    cairo_set_source_surface(cr, self->surface, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
    cairo_paint(cr);
    cairo_destroy(cr);
}

static GdkPaintableFlags grshim_surface_picture_flags(GdkPaintable *paintable) {
    (void)paintable;
    return GDK_PAINTABLE_STATIC_CONTENTS | GDK_PAINTABLE_STATIC_SIZE;
}

static int grshim_surface_picture_width(GdkPaintable *paintable) { return GRSHIM_SURFACE_PICTURE(paintable)->width; }
static int grshim_surface_picture_height(GdkPaintable *paintable) { return GRSHIM_SURFACE_PICTURE(paintable)->height; }

static void grshim_surface_picture_paintable_init(GdkPaintableInterface *iface) {
    iface->snapshot = grshim_surface_picture_snapshot;
    iface->get_flags = grshim_surface_picture_flags;
    iface->get_intrinsic_width = grshim_surface_picture_width;
    iface->get_intrinsic_height = grshim_surface_picture_height;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(GrShimSurfacePicture, grshim_surface_picture, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(GDK_TYPE_PAINTABLE, grshim_surface_picture_paintable_init))

static void grshim_surface_picture_finalize(GObject *object) {
    cairo_surface_destroy(GRSHIM_SURFACE_PICTURE(object)->surface);
    G_OBJECT_CLASS(grshim_surface_picture_parent_class)->finalize(object);
}

static void grshim_surface_picture_class_init(GrShimSurfacePictureClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = grshim_surface_picture_finalize;
}

static void grshim_surface_picture_init(GrShimSurfacePicture *self) { (void)self; }

GdkPaintable *grshim_picture_paintable_new(GdkPixbuf *pixbuf, gsize *bytes) {
    *bytes = 0;
    int width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf);
    int channels = gdk_pixbuf_get_n_channels(pixbuf), source_stride = gdk_pixbuf_get_rowstride(pixbuf);
    gboolean alpha = gdk_pixbuf_get_has_alpha(pixbuf);
    if (width <= 0 || height <= 0 || channels < (alpha ? 4 : 3) || gdk_pixbuf_get_bits_per_sample(pixbuf) != 8) return NULL;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return NULL;
    }
    const guchar *source = gdk_pixbuf_read_pixels(pixbuf);
    int stride = cairo_image_surface_get_stride(surface);
    guchar *pixels = cairo_image_surface_get_data(surface);
    for (int y = 0; y < height; y++) {
        const guchar *in = source + (gsize)y * (gsize)source_stride;
        guint32 *out = (guint32 *)(pixels + (gsize)y * (gsize)stride);
        for (int x = 0; x < width; x++, in += channels) {
            guint a = alpha ? in[3] : 255;
            guint r = (in[0] * a + 127) / 255, g = (in[1] * a + 127) / 255, b = (in[2] * a + 127) / 255;
            out[x] = (a << 24) | (r << 16) | (g << 8) | b; /* cairo's ARGB32: premultiplied, native-endian */
        }
    }
    cairo_surface_mark_dirty(surface);
    GrShimSurfacePicture *picture = g_object_new(GRSHIM_TYPE_SURFACE_PICTURE, NULL);
    picture->surface = surface;
    picture->width = width;
    picture->height = height;
    *bytes = (gsize)stride * (gsize)height;
    return GDK_PAINTABLE(picture);
}

/* grshim_picture_show_texture and grshim_picture_clear are in GtkShim.c, with the other picture helpers. */
