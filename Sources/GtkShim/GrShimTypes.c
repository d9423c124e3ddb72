/* The custom widget types GtkShim defines, registered for GtkBuilder. */
#include "GtkShim.h"

void grshim_shim_ensure_types(void) {
    g_type_ensure(GRSHIM_TYPE_PICTURE_STRIP);
}
