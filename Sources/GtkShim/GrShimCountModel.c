#include "GrShimCountModel.h"

struct _GrShimCountModelItem {
    GObject parent;
    guint position;
};

G_DEFINE_FINAL_TYPE(GrShimCountModelItem, grshim_count_model_item, G_TYPE_OBJECT)

static void grshim_count_model_item_class_init(GrShimCountModelItemClass *klass) { (void)klass; }
static void grshim_count_model_item_init(GrShimCountModelItem *self) { (void)self; }

guint grshim_count_model_item_get_position(GrShimCountModelItem *item) {
    g_return_val_if_fail(GRSHIM_IS_COUNT_MODEL_ITEM(item), G_MAXUINT);
    return item->position;
}

struct _GrShimCountModel {
    GObject parent;
    guint n_items;
};

static void grshim_count_model_list_model_init(GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(GrShimCountModel, grshim_count_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, grshim_count_model_list_model_init))

static GType grshim_count_model_get_item_type(GListModel *model) {
    (void)model;
    return GRSHIM_TYPE_COUNT_MODEL_ITEM;
}

static guint grshim_count_model_get_n_items(GListModel *model) {
    return GRSHIM_COUNT_MODEL(model)->n_items;
}

static gpointer grshim_count_model_get_item(GListModel *model, guint position) {
    if (position >= GRSHIM_COUNT_MODEL(model)->n_items) return NULL;
    GrShimCountModelItem *item = g_object_new(GRSHIM_TYPE_COUNT_MODEL_ITEM, NULL);
    item->position = position;
    return item;
}

static void grshim_count_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = grshim_count_model_get_item_type;
    iface->get_n_items = grshim_count_model_get_n_items;
    iface->get_item = grshim_count_model_get_item;
}

static void grshim_count_model_class_init(GrShimCountModelClass *klass) { (void)klass; }
static void grshim_count_model_init(GrShimCountModel *self) { self->n_items = 0; }

GrShimCountModel *grshim_count_model_new(void) {
    return g_object_new(GRSHIM_TYPE_COUNT_MODEL, NULL);
}

void grshim_count_model_splice(GrShimCountModel *model, guint position, guint removed, guint added) {
    g_return_if_fail(GRSHIM_IS_COUNT_MODEL(model));
    g_return_if_fail(position <= model->n_items);
    g_return_if_fail(removed <= model->n_items - position);
    guint kept = model->n_items - removed;
    g_return_if_fail(added < G_MAXUINT - kept);
    model->n_items = kept + added;
    g_list_model_items_changed(G_LIST_MODEL(model), position, removed, added);
}
