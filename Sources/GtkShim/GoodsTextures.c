#include "GoodsTextures.h"

void goods_picture_target_size(GtkWidget *widget, int *width, int *height) {
    int scale = MAX(1, gtk_widget_get_scale_factor(widget));
    int w = 0, h = 0;
    if (GTK_IS_IMAGE(widget)) {
        int size = gtk_image_get_pixel_size(GTK_IMAGE(widget));
        w = h = size > 0 ? size : 0;
    } else {
        gtk_widget_get_size_request(widget, &w, &h);
        w = MAX(0, w);
        h = MAX(0, h);
    }
    *width = w * scale;
    *height = h * scale;
}

GdkPixbuf *goods_pixbuf_decode(const char *path, int width, int height) {
    if (path == NULL || !g_file_test(path, G_FILE_TEST_IS_REGULAR)) return NULL;
    GError *error = NULL;
    GdkPixbuf *pixbuf = width > 0 || height > 0
        ? gdk_pixbuf_new_from_file_at_scale(path, width > 0 ? width : -1, height > 0 ? height : -1, TRUE, &error)
        : gdk_pixbuf_new_from_file(path, &error);
    if (error != NULL) g_error_free(error);
    return pixbuf;
}

/* The texture in the layout cairo draws (premultiplied BGRA, GDK_MEMORY_DEFAULT), made once.
 * A texture made straight from a pixbuf is unpremultiplied RGBA, which GTK 4.8's cairo renderer
 * converts again on every frame that draws it: a third of the CPU of scrolling the goods list. */
GdkTexture *goods_texture_new(GdkPixbuf *pixbuf, gsize *bytes) {
    int width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf);
    int channels = gdk_pixbuf_get_n_channels(pixbuf), source_stride = gdk_pixbuf_get_rowstride(pixbuf);
    gboolean alpha = gdk_pixbuf_get_has_alpha(pixbuf);
    if (width <= 0 || height <= 0 || channels < (alpha ? 4 : 3) || gdk_pixbuf_get_bits_per_sample(pixbuf) != 8) {
        *bytes = (gsize)height * (gsize)source_stride;
        return gdk_texture_new_for_pixbuf(pixbuf);
    }
    const guchar *source = gdk_pixbuf_read_pixels(pixbuf);
    gsize stride = (gsize)width * 4;
    guchar *pixels = g_malloc(stride * (gsize)height);
    for (int y = 0; y < height; y++) {
        const guchar *in = source + (gsize)y * (gsize)source_stride;
        guchar *out = pixels + (gsize)y * stride;
        for (int x = 0; x < width; x++, in += channels, out += 4) {
            guint a = alpha ? in[3] : 255;
            out[0] = (guchar)((in[2] * a + 127) / 255);
            out[1] = (guchar)((in[1] * a + 127) / 255);
            out[2] = (guchar)((in[0] * a + 127) / 255);
            out[3] = (guchar)a;
        }
    }
    GBytes *data = g_bytes_new_take(pixels, stride * (gsize)height);
    GdkTexture *texture = gdk_memory_texture_new(width, height, GDK_MEMORY_DEFAULT, data, stride);
    g_bytes_unref(data);
    *bytes = stride * (gsize)height;
    return texture;
}

int goods_carousel_picture_width(GtkWidget *carousel) {
    return MAX(gtk_widget_get_width(carousel), 420) * MAX(1, gtk_widget_get_scale_factor(carousel));
}

/* goods_picture_set_texture and goods_picture_clear are in GtkShim.c, with the other translated strings. */
