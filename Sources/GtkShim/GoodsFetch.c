#include "GoodsFetch.h"
#include <gmodule.h>
#include <libsoup/soup.h>
#include <string.h>

/* libsoup is opened on the first fetch, not linked: an app that shows no picture URL never
 * loads it, nor the Kerberos, HTTP/2 and public-suffix libraries it needs. Only the headers are
 * used at build time; the functions below are looked up by name (no casts macros, which would
 * call libsoup's get_type functions). */
#define GOODS_SOUP_FUNCTIONS(X) \
    X(soup_session_new) X(soup_session_set_user_agent) X(soup_session_set_timeout) \
    X(soup_session_send_async) X(soup_session_send_finish) \
    X(soup_message_new_from_uri) X(soup_message_add_flags) X(soup_message_get_status) \
    X(soup_message_get_uri) X(soup_message_get_reason_phrase) \
    X(soup_message_get_request_headers) X(soup_message_get_response_headers) \
    X(soup_message_headers_get_one) X(soup_message_headers_replace) \
    X(soup_message_headers_get_content_type) X(soup_message_headers_get_encoding) \
    X(soup_message_headers_get_content_length)

#define GOODS_SOUP_POINTER(name) static __typeof__(name) *goods_##name;
GOODS_SOUP_FUNCTIONS(GOODS_SOUP_POINTER)

/* Opens libsoup 3 once; FALSE when it is not installed (then every fetch fails). */
static gboolean goods_soup_load(void) {
    static gsize loaded = 0;
    static gboolean usable = FALSE;
    if (g_once_init_enter(&loaded)) {
        GModule *module = g_module_open("libsoup-3.0.so.0", G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
        gboolean found = module != NULL;
#define GOODS_SOUP_LOOK_UP(name) found = found && g_module_symbol(module, #name, (gpointer *)&goods_##name);
        GOODS_SOUP_FUNCTIONS(GOODS_SOUP_LOOK_UP)
#undef GOODS_SOUP_LOOK_UP
        if (module != NULL) g_module_make_resident(module);
        usable = found;
        g_once_init_leave(&loaded, 1);
    }
    return usable;
}

/* How much of the body one read asks for. */
#define GOODS_FETCH_CHUNK (64 * 1024)

typedef struct {
    SoupMessage *message;
    GInputStream *stream;
    GByteArray *body;
    gsize max_bytes;
    GCancellable *cancellable;
    GoodsFetchCallback callback;
    gpointer user_data;
    GDestroyNotify destroy;
} GoodsFetch;

/* One session for the process's main context: connections are reused between pictures. */
static SoupSession *goods_fetch_session(guint timeout_seconds) {
    static SoupSession *session = NULL;
    if (session == NULL) {
        session = goods_soup_session_new();
        goods_soup_session_set_user_agent(session, "GoodsDesk ");
    }
    goods_soup_session_set_timeout(session, timeout_seconds);
    return session;
}

static void goods_fetch_finish(GoodsFetch *fetch, GoodsFetchResult result, const char *detail, GBytes *body) {
    fetch->callback(result, fetch->message != NULL ? goods_soup_message_get_status(fetch->message) : 0, detail, body, fetch->user_data);
    if (fetch->destroy != NULL) fetch->destroy(fetch->user_data);
    if (fetch->stream != NULL) g_object_unref(fetch->stream);
    if (fetch->body != NULL) g_byte_array_unref(fetch->body);
    g_clear_object(&fetch->message);
    g_clear_object(&fetch->cancellable);
    g_free(fetch);
}

static void goods_fetch_fail(GoodsFetch *fetch, GoodsFetchResult result, GError *error) {
    goods_fetch_finish(fetch, result, error != NULL ? error->message : NULL, NULL);
    if (error != NULL) g_error_free(error);
}

static void goods_fetch_read(GoodsFetch *fetch);

static void goods_fetch_did_read(GObject *source, GAsyncResult *result, gpointer data) {
    GoodsFetch *fetch = data;
    GError *error = NULL;
    GBytes *chunk = g_input_stream_read_bytes_finish(G_INPUT_STREAM(source), result, &error);
    if (chunk == NULL) {
        goods_fetch_fail(fetch, GOODS_FETCH_FAILED, error);
        return;
    }
    gsize size = g_bytes_get_size(chunk);
    if (size == 0) {
        g_bytes_unref(chunk);
        GBytes *body = g_byte_array_free_to_bytes(fetch->body);
        fetch->body = NULL;
        goods_fetch_finish(fetch, GOODS_FETCH_OK, NULL, body);
        g_bytes_unref(body);
        return;
    }
    if (fetch->body->len + size > fetch->max_bytes) {
        /* Stop here: the rest is never read (dropping the stream closes the connection). */
        g_bytes_unref(chunk);
        goods_fetch_finish(fetch, GOODS_FETCH_TOO_LARGE, "the body is larger than the limit", NULL);
        return;
    }
    g_byte_array_append(fetch->body, g_bytes_get_data(chunk, NULL), (guint)size);
    g_bytes_unref(chunk);
    goods_fetch_read(fetch);
}

static void goods_fetch_read(GoodsFetch *fetch) {
    gsize wanted = MIN((gsize)GOODS_FETCH_CHUNK, fetch->max_bytes - fetch->body->len + 1);
    g_input_stream_read_bytes_async(fetch->stream, wanted, G_PRIORITY_LOW, fetch->cancellable, goods_fetch_did_read, fetch);
}

static void goods_fetch_did_send(GObject *source, GAsyncResult *result, gpointer data) {
    GoodsFetch *fetch = data;
    GError *error = NULL;
    fetch->stream = goods_soup_session_send_finish((SoupSession *)source, result, &error);
    if (fetch->stream == NULL) {
        goods_fetch_fail(fetch, GOODS_FETCH_FAILED, error);
        return;
    }
    guint status = goods_soup_message_get_status(fetch->message);
    SoupMessageHeaders *headers = goods_soup_message_get_response_headers(fetch->message);
    if (SOUP_STATUS_IS_REDIRECTION(status)) {
        const char *location = goods_soup_message_headers_get_one(headers, "Location");
        GUri *target = location != NULL
            ? g_uri_parse_relative(goods_soup_message_get_uri(fetch->message), location, SOUP_HTTP_URI_FLAGS, NULL) : NULL;
        char *absolute = target != NULL ? g_uri_to_string(target) : NULL;
        goods_fetch_finish(fetch, absolute != NULL ? GOODS_FETCH_REDIRECT : GOODS_FETCH_HTTP_ERROR, absolute, NULL);
        g_free(absolute);
        if (target != NULL) g_uri_unref(target);
        return;
    }
    if (!SOUP_STATUS_IS_SUCCESSFUL(status)) {
        goods_fetch_finish(fetch, GOODS_FETCH_HTTP_ERROR, goods_soup_message_get_reason_phrase(fetch->message), NULL);
        return;
    }
    const char *type = goods_soup_message_headers_get_content_type(headers, NULL);
    if (type == NULL || g_ascii_strncasecmp(type, "image/", 6) != 0) {
        goods_fetch_finish(fetch, GOODS_FETCH_NOT_IMAGE, type != NULL ? type : "no content type", NULL);
        return;
    }
    if (goods_soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH
        && (guint64)goods_soup_message_headers_get_content_length(headers) > (guint64)fetch->max_bytes) {
        goods_fetch_finish(fetch, GOODS_FETCH_TOO_LARGE, "the declared length is larger than the limit", NULL);
        return;
    }
    fetch->body = g_byte_array_new();
    goods_fetch_read(fetch);
}

void goods_fetch(const char *uri, gsize max_bytes, guint timeout_seconds, GCancellable *cancellable,
                 GoodsFetchCallback callback, gpointer user_data, GDestroyNotify destroy) {
    GoodsFetch *fetch = g_new0(GoodsFetch, 1);
    fetch->max_bytes = max_bytes;
    fetch->cancellable = cancellable != NULL ? g_object_ref(cancellable) : g_cancellable_new();
    fetch->callback = callback;
    fetch->user_data = user_data;
    fetch->destroy = destroy;
    GError *error = NULL;
    if (!goods_soup_load()) {
        g_set_error_literal(&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "libsoup 3 (libsoup-3.0.so.0) cannot be opened");
        goods_fetch_fail(fetch, GOODS_FETCH_FAILED, error);
        return;
    }
    GUri *parsed = g_uri_parse(uri, SOUP_HTTP_URI_FLAGS, &error);
    const char *scheme = parsed != NULL ? g_uri_get_scheme(parsed) : NULL;
    if (parsed == NULL || scheme == NULL || (g_ascii_strcasecmp(scheme, "http") != 0 && g_ascii_strcasecmp(scheme, "https") != 0)) {
        if (parsed != NULL) g_uri_unref(parsed);
        if (error == NULL) g_set_error_literal(&error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "not an http or https address");
        goods_fetch_fail(fetch, GOODS_FETCH_FAILED, error);
        return;
    }
    fetch->message = goods_soup_message_new_from_uri("GET", parsed);
    g_uri_unref(parsed);
    goods_soup_message_add_flags(fetch->message, SOUP_MESSAGE_NO_REDIRECT);
    goods_soup_message_headers_replace(goods_soup_message_get_request_headers(fetch->message), "Accept", "image/*");
    goods_soup_session_send_async(goods_fetch_session(timeout_seconds), fetch->message, G_PRIORITY_LOW, fetch->cancellable,
                            goods_fetch_did_send, fetch);
}
