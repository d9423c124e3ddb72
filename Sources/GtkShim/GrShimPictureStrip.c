#include "GrShimPictureStrip.h"
#include <math.h>

struct _GrShimPictureStrip {
    GtkWidget parent;
    int spacing;
    double offset;
    double drag_origin;
};

G_DEFINE_FINAL_TYPE(GrShimPictureStrip, grshim_picture_strip, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_SPACING, N_PROPERTIES };
static GParamSpec *grshim_picture_strip_properties[N_PROPERTIES];

/* The natural width of the shown children side by side. */
static int grshim_picture_strip_content_width(GrShimPictureStrip *self) {
    int width = 0, shown = 0;
    for (GtkWidget *child = gtk_widget_get_first_child(GTK_WIDGET(self)); child != NULL; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child)) continue;
        int natural = 0;
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
        width += natural;
        shown++;
    }
    return width + MAX(0, shown - 1) * self->spacing;
}

static double grshim_picture_strip_max_offset(GrShimPictureStrip *self) {
    return MAX(0, grshim_picture_strip_content_width(self) - gtk_widget_get_width(GTK_WIDGET(self)));
}

/* Moves to `offset` (clamped); TRUE when the strip could scroll that way at all. */
static gboolean grshim_picture_strip_scroll_to(GrShimPictureStrip *self, double offset) {
    double limit = grshim_picture_strip_max_offset(self);
    if (limit <= 0) return FALSE;
    double clamped = CLAMP(offset, 0, limit);
    if (clamped != self->offset) {
        self->offset = clamped;
        gtk_widget_queue_allocate(GTK_WIDGET(self));
    }
    return TRUE;
}

static void grshim_picture_strip_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                        int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
    (void)for_size;
    GrShimPictureStrip *self = GRSHIM_PICTURE_STRIP(widget);
    *minimum_baseline = *natural_baseline = -1;
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        *minimum = 0; /* it scrolls: any width will do */
        *natural = grshim_picture_strip_content_width(self);
        return;
    }
    *minimum = *natural = 0;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child)) continue;
        int child_minimum = 0, child_natural = 0;
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, -1, &child_minimum, &child_natural, NULL, NULL);
        *minimum = MAX(*minimum, child_minimum);
        *natural = MAX(*natural, child_natural);
    }
}

static void grshim_picture_strip_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    GrShimPictureStrip *self = GRSHIM_PICTURE_STRIP(widget);
    self->offset = CLAMP(self->offset, 0, MAX(0, grshim_picture_strip_content_width(self) - width));
    int x = -(int)round(self->offset);
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child)) continue;
        int natural = 0;
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, height, NULL, &natural, NULL, NULL);
        gtk_widget_size_allocate(child, &(GtkAllocation){ x, 0, natural, height }, -1);
        x += natural + self->spacing;
    }
}

/* Sideways wheel turns and swipes scroll the strip; Shift turns the wheel sideways, as GTK does.
 * Vertical turns go on to the list (GtkScrolledWindow turned them sideways: the wheel moved the
 * list 0 px over a strip). */
static gboolean grshim_picture_strip_scroll(GtkEventControllerScroll *controller, double dx, double dy, gpointer data) {
    GrShimPictureStrip *self = GRSHIM_PICTURE_STRIP(data);
    GdkModifierType state = gtk_event_controller_get_current_event_state(GTK_EVENT_CONTROLLER(controller));
    if (dx == 0 && (state & GDK_SHIFT_MASK) != 0) dx = dy;
    if (dx == 0) return FALSE;
    double step = 1;
    if (gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_WHEEL) {
        /* GTK's own wheel step for a scrolled window of this width. */
        step = pow(MAX(1, gtk_widget_get_width(GTK_WIDGET(self))), 2.0 / 3.0);
    }
    return grshim_picture_strip_scroll_to(self, self->offset + dx * step);
}

static void grshim_picture_strip_drag_begin(GtkGestureDrag *gesture, double x, double y, gpointer data) {
    (void)gesture; (void)x; (void)y;
    GrShimPictureStrip *self = GRSHIM_PICTURE_STRIP(data);
    self->drag_origin = self->offset;
}

static void grshim_picture_strip_drag_update(GtkGestureDrag *gesture, double dx, double dy, gpointer data) {
    GrShimPictureStrip *self = GRSHIM_PICTURE_STRIP(data);
    /* A mostly vertical drag is the list's; a sideways one is the strip's. */
    if (fabs(dx) > fabs(dy) && grshim_picture_strip_scroll_to(self, self->drag_origin - dx)) {
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
}

static void grshim_picture_strip_dispose(GObject *object) {
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL) gtk_widget_unparent(child);
    G_OBJECT_CLASS(grshim_picture_strip_parent_class)->dispose(object);
}

static void grshim_picture_strip_get_property(GObject *object, guint id, GValue *value, GParamSpec *spec) {
    GrShimPictureStrip *self = GRSHIM_PICTURE_STRIP(object);
    switch (id) {
    case PROP_SPACING: g_value_set_int(value, self->spacing); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
    }
}

static void grshim_picture_strip_set_property(GObject *object, guint id, const GValue *value, GParamSpec *spec) {
    GrShimPictureStrip *self = GRSHIM_PICTURE_STRIP(object);
    switch (id) {
    case PROP_SPACING: {
        int spacing = MAX(0, g_value_get_int(value));
        if (spacing == self->spacing) break;
        self->spacing = spacing;
        gtk_widget_queue_resize(GTK_WIDGET(self));
        g_object_notify_by_pspec(object, spec);
        break;
    }
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
    }
}

/* Children declared in a .ui file (<child>) come through GtkWidget's own GtkBuildable, which
 * parents them in order: the same as grshim_picture_strip_append. */
static void grshim_picture_strip_class_init(GrShimPictureStripClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->dispose = grshim_picture_strip_dispose;
    object_class->get_property = grshim_picture_strip_get_property;
    object_class->set_property = grshim_picture_strip_set_property;
    /* The gap between children, in pixels (a property, so a .ui file can set it). */
    grshim_picture_strip_properties[PROP_SPACING] = g_param_spec_int("spacing", NULL, NULL, 0, G_MAXINT, 0,
        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPERTIES, grshim_picture_strip_properties);
    widget_class->measure = grshim_picture_strip_measure;
    widget_class->size_allocate = grshim_picture_strip_size_allocate;
    gtk_widget_class_set_css_name(widget_class, "picturestrip");
    /* Decoration: the row reads as its title, price and seller; the strip is neither announced
     * nor focusable (Tab goes on to the next row), its pictures are presentation too. */
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void grshim_picture_strip_init(GrShimPictureStrip *self) {
    GtkWidget *widget = GTK_WIDGET(self);
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN);
    GtkEventController *scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
    g_signal_connect(scroll, "scroll", G_CALLBACK(grshim_picture_strip_scroll), self);
    gtk_widget_add_controller(widget, scroll);
    GtkGesture *drag = gtk_gesture_drag_new();
    gtk_gesture_single_set_touch_only(GTK_GESTURE_SINGLE(drag), TRUE);
    g_signal_connect(drag, "drag-begin", G_CALLBACK(grshim_picture_strip_drag_begin), self);
    g_signal_connect(drag, "drag-update", G_CALLBACK(grshim_picture_strip_drag_update), self);
    gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(drag));
}

GtkWidget *grshim_picture_strip_new(int spacing) {
    return GTK_WIDGET(g_object_new(GRSHIM_TYPE_PICTURE_STRIP, "spacing", MAX(0, spacing), NULL));
}

void grshim_picture_strip_append(GrShimPictureStrip *strip, GtkWidget *child) {
    gtk_widget_insert_before(child, GTK_WIDGET(strip), NULL);
}

double grshim_picture_strip_get_offset(GrShimPictureStrip *strip) {
    return strip->offset;
}
