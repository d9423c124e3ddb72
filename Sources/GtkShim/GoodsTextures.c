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

GdkTexture *goods_texture_new(GdkPixbuf *pixbuf, gsize *bytes) {
    *bytes = (gsize)gdk_pixbuf_get_height(pixbuf) * (gsize)gdk_pixbuf_get_rowstride(pixbuf);
    return gdk_texture_new_for_pixbuf(pixbuf);
}

/* goods_picture_set_texture and goods_picture_clear are in GtkShim.c, with the other translated strings. */
