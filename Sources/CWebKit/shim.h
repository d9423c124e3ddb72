// WebKitGTK 6's API (includes GTK 4's). Only GtkReactiveWebKit imports this module.
#include <webkit/webkit.h>
