/* The custom widget types GtkShim defines, registered for GtkBuilder. */
#include "GtkShim.h"

void goods_shim_ensure_types(void) {
    g_type_ensure(GOODS_TYPE_PICTURE_STRIP);
}
