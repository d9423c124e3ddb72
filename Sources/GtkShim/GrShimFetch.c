#include "GrShimFetch.h"
#include <gmodule.h>
#include <libsoup/soup.h>
#include <string.h>

/* libsoup is opened on the first fetch, not linked: an app that shows no picture URL never
 * loads it, nor the Kerberos, HTTP/2 and public-suffix libraries it needs. Only the headers are
 * used at build time; the functions below are looked up by name (no casts macros, which would
 * call libsoup's get_type functions). */
#define GRSHIM_SOUP_FUNCTIONS(X) \
    X(soup_session_new) X(soup_session_set_user_agent) X(soup_session_set_timeout) \
    X(soup_session_send_async) X(soup_session_send_finish) \
    X(soup_message_new_from_uri) X(soup_message_add_flags) X(soup_message_get_status) \
    X(soup_message_get_uri) X(soup_message_get_reason_phrase) \
    X(soup_message_get_request_headers) X(soup_message_get_response_headers) \
    X(soup_message_headers_get_one) X(soup_message_headers_replace) \
    X(soup_message_headers_get_content_type) X(soup_message_headers_get_encoding) \
    X(soup_message_headers_get_content_length)

#define GRSHIM_SOUP_POINTER(name) static __typeof__(name) *grshim_##name;
GRSHIM_SOUP_FUNCTIONS(GRSHIM_SOUP_POINTER)

/* Opens libsoup 3 once; FALSE when it is not installed (then every fetch fails). */
static gboolean grshim_soup_load(void) {
    static gsize loaded = 0;
    static gboolean usable = FALSE;
    if (g_once_init_enter(&loaded)) {
        GModule *module = g_module_open("libsoup-3.0.so.0", G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
        gboolean found = module != NULL;
#define GRSHIM_SOUP_LOOK_UP(name) found = found && g_module_symbol(module, #name, (gpointer *)&grshim_##name);
        GRSHIM_SOUP_FUNCTIONS(GRSHIM_SOUP_LOOK_UP)
#undef GRSHIM_SOUP_LOOK_UP
        if (module != NULL) g_module_make_resident(module);
        usable = found;
        g_once_init_leave(&loaded, 1);
    }
    return usable;
}

/* How much of the body one read asks for. */
#define GRSHIM_FETCH_CHUNK (64 * 1024)

typedef struct {
    SoupMessage *message;
    GInputStream *stream;
    GByteArray *body;
    gsize max_bytes;
    GCancellable *cancellable;
    GrShimFetchCallback callback;
    gpointer user_data;
    GDestroyNotify destroy;
} GrShimFetch;

/* One session for the process's main context: connections are reused between pictures. */
static SoupSession *grshim_fetch_session(guint timeout_seconds) {
    static SoupSession *session = NULL;
    if (session == NULL) {
        session = grshim_soup_session_new();
        /* The app's name (g_set_application_name, else the program's), then libsoup's own
         * (the trailing space asks for it). */
        const char *name = g_get_application_name();
        if (name != NULL) {
            char *agent = g_strdup_printf("%s ", name);
            grshim_soup_session_set_user_agent(session, agent);
            g_free(agent);
        }
    }
    grshim_soup_session_set_timeout(session, timeout_seconds);
    return session;
}

static void grshim_fetch_finish(GrShimFetch *fetch, GrShimFetchResult result, const char *detail, GBytes *body) {
    fetch->callback(result, fetch->message != NULL ? grshim_soup_message_get_status(fetch->message) : 0, detail, body, fetch->user_data);
    if (fetch->destroy != NULL) fetch->destroy(fetch->user_data);
    if (fetch->stream != NULL) g_object_unref(fetch->stream);
    if (fetch->body != NULL) g_byte_array_unref(fetch->body);
    g_clear_object(&fetch->message);
    g_clear_object(&fetch->cancellable);
    g_free(fetch);
}

static void grshim_fetch_fail(GrShimFetch *fetch, GrShimFetchResult result, GError *error) {
    grshim_fetch_finish(fetch, result, error != NULL ? error->message : NULL, NULL);
    if (error != NULL) g_error_free(error);
}

static void grshim_fetch_read(GrShimFetch *fetch);

static void grshim_fetch_did_read(GObject *source, GAsyncResult *result, gpointer data) {
    GrShimFetch *fetch = data;
    GError *error = NULL;
    GBytes *chunk = g_input_stream_read_bytes_finish(G_INPUT_STREAM(source), result, &error);
    if (chunk == NULL) {
        grshim_fetch_fail(fetch, GRSHIM_FETCH_FAILED, error);
        return;
    }
    gsize size = g_bytes_get_size(chunk);
    if (size == 0) {
        g_bytes_unref(chunk);
        GBytes *body = g_byte_array_free_to_bytes(fetch->body);
        fetch->body = NULL;
        grshim_fetch_finish(fetch, GRSHIM_FETCH_OK, NULL, body);
        g_bytes_unref(body);
        return;
    }
    if (fetch->body->len + size > fetch->max_bytes) {
        /* Stop here: the rest is never read (dropping the stream closes the connection). */
        g_bytes_unref(chunk);
        grshim_fetch_finish(fetch, GRSHIM_FETCH_TOO_LARGE, "the body is larger than the limit", NULL);
        return;
    }
    g_byte_array_append(fetch->body, g_bytes_get_data(chunk, NULL), (guint)size);
    g_bytes_unref(chunk);
    grshim_fetch_read(fetch);
}

static void grshim_fetch_read(GrShimFetch *fetch) {
    gsize wanted = MIN((gsize)GRSHIM_FETCH_CHUNK, fetch->max_bytes - fetch->body->len + 1);
    g_input_stream_read_bytes_async(fetch->stream, wanted, G_PRIORITY_LOW, fetch->cancellable, grshim_fetch_did_read, fetch);
}

static void grshim_fetch_did_send(GObject *source, GAsyncResult *result, gpointer data) {
    GrShimFetch *fetch = data;
    GError *error = NULL;
    fetch->stream = grshim_soup_session_send_finish((SoupSession *)source, result, &error);
    if (fetch->stream == NULL) {
        grshim_fetch_fail(fetch, GRSHIM_FETCH_FAILED, error);
        return;
    }
    guint status = grshim_soup_message_get_status(fetch->message);
    SoupMessageHeaders *headers = grshim_soup_message_get_response_headers(fetch->message);
    if (SOUP_STATUS_IS_REDIRECTION(status)) {
        const char *location = grshim_soup_message_headers_get_one(headers, "Location");
        GUri *target = location != NULL
            ? g_uri_parse_relative(grshim_soup_message_get_uri(fetch->message), location, SOUP_HTTP_URI_FLAGS, NULL) : NULL;
        char *absolute = target != NULL ? g_uri_to_string(target) : NULL;
        grshim_fetch_finish(fetch, absolute != NULL ? GRSHIM_FETCH_REDIRECT : GRSHIM_FETCH_HTTP_ERROR, absolute, NULL);
        g_free(absolute);
        if (target != NULL) g_uri_unref(target);
        return;
    }
    if (!SOUP_STATUS_IS_SUCCESSFUL(status)) {
        grshim_fetch_finish(fetch, GRSHIM_FETCH_HTTP_ERROR, grshim_soup_message_get_reason_phrase(fetch->message), NULL);
        return;
    }
    const char *type = grshim_soup_message_headers_get_content_type(headers, NULL);
    if (type == NULL || g_ascii_strncasecmp(type, "image/", 6) != 0) {
        grshim_fetch_finish(fetch, GRSHIM_FETCH_NOT_IMAGE, type != NULL ? type : "no content type", NULL);
        return;
    }
    if (grshim_soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH
        && (guint64)grshim_soup_message_headers_get_content_length(headers) > (guint64)fetch->max_bytes) {
        grshim_fetch_finish(fetch, GRSHIM_FETCH_TOO_LARGE, "the declared length is larger than the limit", NULL);
        return;
    }
    fetch->body = g_byte_array_new();
    grshim_fetch_read(fetch);
}

void grshim_fetch(const char *uri, gsize max_bytes, guint timeout_seconds, GCancellable *cancellable,
                 GrShimFetchCallback callback, gpointer user_data, GDestroyNotify destroy) {
    GrShimFetch *fetch = g_new0(GrShimFetch, 1);
    fetch->max_bytes = max_bytes;
    fetch->cancellable = cancellable != NULL ? g_object_ref(cancellable) : g_cancellable_new();
    fetch->callback = callback;
    fetch->user_data = user_data;
    fetch->destroy = destroy;
    GError *error = NULL;
    if (!grshim_soup_load()) {
        g_set_error_literal(&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "libsoup 3 (libsoup-3.0.so.0) cannot be opened");
        grshim_fetch_fail(fetch, GRSHIM_FETCH_FAILED, error);
        return;
    }
    GUri *parsed = g_uri_parse(uri, SOUP_HTTP_URI_FLAGS, &error);
    const char *scheme = parsed != NULL ? g_uri_get_scheme(parsed) : NULL;
    if (parsed == NULL || scheme == NULL || (g_ascii_strcasecmp(scheme, "http") != 0 && g_ascii_strcasecmp(scheme, "https") != 0)) {
        if (parsed != NULL) g_uri_unref(parsed);
        if (error == NULL) g_set_error_literal(&error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "not an http or https address");
        grshim_fetch_fail(fetch, GRSHIM_FETCH_FAILED, error);
        return;
    }
    fetch->message = grshim_soup_message_new_from_uri("GET", parsed);
    g_uri_unref(parsed);
    grshim_soup_message_add_flags(fetch->message, SOUP_MESSAGE_NO_REDIRECT);
    grshim_soup_message_headers_replace(grshim_soup_message_get_request_headers(fetch->message), "Accept", "image/*");
    grshim_soup_session_send_async(grshim_fetch_session(timeout_seconds), fetch->message, G_PRIORITY_LOW, fetch->cancellable,
                            grshim_fetch_did_send, fetch);
}
