#define G_SETTINGS_ENABLE_BACKEND
#include "GtkShim.h"
#include <adwaita.h>
#include <gio/gsettingsbackend.h>
#include <glib-unix.h>
#include <unistd.h>
#include <string.h>
#include <stdint.h>

/* No user-visible text here: the program passes its own (translated) strings in. */

/* libdispatch's hooks for hosting the main queue in another run loop (exported on Linux). */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static gboolean grshim_main_queue_ready(gint fd, GIOCondition condition, gpointer user_data) {
    (void)condition;
    (void)user_data;
    uint64_t count;
    /* The handle is an eventfd: read it to re-arm, then drain the queue. */
    ssize_t ignored = read(fd, &count, sizeof count);
    (void)ignored;
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

void grshim_attach_main_queue(void) {
    static gboolean attached = FALSE;
    if (attached) return;
    attached = TRUE;
    int fd = _dispatch_get_main_queue_handle_4CF();
    g_unix_fd_add(fd, G_IO_IN, grshim_main_queue_ready, NULL);
}

void grshim_set_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void grshim_picture_show_texture(GtkWidget *picture, GdkPaintable *texture, const char *placeholder_icon,
                                const char *shown_description, const char *placeholder_description) {
    /* Screen readers (and UI tests) can tell a real picture from the placeholder. */
    const char *description = texture != NULL ? shown_description : placeholder_description;
    if (description != NULL)
        gtk_accessible_update_property(GTK_ACCESSIBLE(picture), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    if (GTK_IS_IMAGE(picture)) {
        if (texture != NULL) gtk_image_set_from_paintable(GTK_IMAGE(picture), texture);
        else gtk_image_set_from_icon_name(GTK_IMAGE(picture), placeholder_icon);
    } else if (GTK_IS_PICTURE(picture)) {
        gtk_picture_set_paintable(GTK_PICTURE(picture), texture != NULL ? texture : NULL);
    } else if (ADW_IS_AVATAR(picture)) {
        /* Without a picture an avatar shows its initials or its own placeholder icon. */
        adw_avatar_set_custom_image(ADW_AVATAR(picture), texture);
    }
}

void grshim_picture_clear(GtkWidget *picture) {
    if (GTK_IS_IMAGE(picture)) gtk_image_clear(GTK_IMAGE(picture));
    else if (GTK_IS_PICTURE(picture)) gtk_picture_set_paintable(GTK_PICTURE(picture), NULL);
    else if (ADW_IS_AVATAR(picture)) adw_avatar_set_custom_image(ADW_AVATAR(picture), NULL);
}

gboolean grshim_application_activate_primary(GApplication *application) {
    GDBusConnection *bus = g_application_get_dbus_connection(application);
    const char *path = g_application_get_dbus_object_path(application);
    if (bus == NULL || path == NULL) return FALSE;
    GVariantBuilder platform_data;
    g_variant_builder_init(&platform_data, G_VARIANT_TYPE("a{sv}"));
    GError *error = NULL;
    GVariant *reply = g_dbus_connection_call_sync(bus, g_application_get_application_id(application), path,
        "org.gtk.Application", "Activate", g_variant_new("(a{sv})", &platform_data), NULL,
        G_DBUS_CALL_FLAGS_NONE, 5000, NULL, &error);
    if (reply == NULL) {
        g_clear_error(&error);
        return FALSE;
    }
    g_variant_unref(reply);
    return TRUE;
}

void grshim_open_uri(GtkWidget *window, const char *uri) {
    /* Web links only, whatever the caller checked: never a file, a script or another app's scheme. */
    char *scheme = uri != NULL ? g_uri_parse_scheme(uri) : NULL;
    gboolean web = scheme != NULL && (g_ascii_strcasecmp(scheme, "http") == 0 || g_ascii_strcasecmp(scheme, "https") == 0);
    g_free(scheme);
    if (web) gtk_show_uri(GTK_WINDOW(window), uri, GDK_CURRENT_TIME);
}

static gboolean grshim_unref_once(gpointer object) {
    g_object_unref(object);
    return G_SOURCE_REMOVE;
}

static void grshim_release_backend_later(gpointer backend, GObject *settings) {
    (void)settings;
    g_timeout_add_seconds(3, grshim_unref_once, backend);
}

GSettings *grshim_settings_new(const char *schema_id, const char *schema_dir, const char *keyfile_path) {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    GSettingsSchemaSource *local = NULL;
    if (schema_dir != NULL) {
        char *compiled = g_build_filename(schema_dir, "gschemas.compiled", NULL);
        if (g_file_test(compiled, G_FILE_TEST_IS_REGULAR)) {
            local = g_settings_schema_source_new_from_directory(schema_dir, source, FALSE, NULL);
        }
        g_free(compiled);
    }
    GSettingsSchema *schema = g_settings_schema_source_lookup(local != NULL ? local : source, schema_id, TRUE);
    if (local != NULL) g_settings_schema_source_unref(local);
    if (schema == NULL) return NULL;

    GSettingsBackend *backend = g_settings_backend_get_default();
    gboolean persistent = strcmp(G_OBJECT_TYPE_NAME(backend), "GMemorySettingsBackend") != 0;
    GSettings *settings;
    if (persistent || keyfile_path == NULL) {
        settings = g_settings_new_full(schema, backend, NULL);
    } else {
        char *folder = g_path_get_dirname(keyfile_path);
        g_mkdir_with_parents(folder, 0700);
        g_free(folder);
        GSettingsBackend *keyfile = g_keyfile_settings_backend_new(keyfile_path, "/", NULL);
        settings = g_settings_new_full(schema, keyfile, NULL);
        /* GLib 2.74's key-file backend drops its file monitors on finalize without disconnecting
           them: a change event already queued (its own write, rate-limited) then reaches the freed
           backend (a GLib critical). Our reference outlives the settings by a few seconds, so such
           an event finds it alive. */
        g_object_weak_ref(G_OBJECT(settings), grshim_release_backend_later, keyfile);
    }
    g_object_unref(backend);
    g_settings_schema_unref(schema);
    return settings;
}

void grshim_set_accessible_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

void grshim_set_accessible_busy(GtkWidget *widget, gboolean busy) {
    if (busy)
        gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_BUSY, TRUE, -1);
    else
        gtk_accessible_reset_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_BUSY);
}
