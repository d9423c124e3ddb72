#ifndef GRSHIM_FETCH_H
#define GRSHIM_FETCH_H

#include <gio/gio.h>

/* HTTP fetches for pictures, through libsoup 3 on the GLib main context (no thread, no
 * FoundationNetworking). Only GLib types appear here, so Swift never needs libsoup's headers. */

typedef enum {
    GRSHIM_FETCH_OK,           /* body holds the whole response */
    GRSHIM_FETCH_REDIRECT,     /* a 3xx: detail is the absolute Location, not followed */
    GRSHIM_FETCH_HTTP_ERROR,   /* a status other than 2xx/3xx (404…) */
    GRSHIM_FETCH_NOT_IMAGE,    /* the content type is not image/… (detail: the type) */
    GRSHIM_FETCH_TOO_LARGE,    /* more than max_bytes, declared or read: reading stopped */
    GRSHIM_FETCH_FAILED,       /* unreachable, timed out, malformed, cancelled (detail: why) */
} GrShimFetchResult;

/* Called once per fetch, on the main context the fetch started on. `body` (OK only) and
 * `detail` are borrowed for the call. */
typedef void (*GrShimFetchCallback)(GrShimFetchResult result, guint status, const char *detail, GBytes *body, gpointer user_data);

/* Fetches `uri` (http or https) with GET, without following redirects, reading at most
 * `max_bytes` of body; `timeout_seconds` bounds each network wait. Returns at once; the callback
 * runs later on the thread-default main context (at once for an address it cannot parse), then
 * `destroy` is called with `user_data`.
 * Cancelling `cancellable` (from any thread) ends the fetch with GRSHIM_FETCH_FAILED.
 * Call from the thread that runs the default main context (one session is shared there). */
void grshim_fetch(const char *uri, gsize max_bytes, guint timeout_seconds, GCancellable *cancellable,
                 GrShimFetchCallback callback, gpointer user_data, GDestroyNotify destroy);

#endif
