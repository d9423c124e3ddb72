/* gettext and setlocale, from the C library. */
#include <libintl.h>
#include <locale.h>
