#include "GoodsCountModel.h"

struct _GoodsCountModelItem {
    GObject parent;
    guint position;
};

G_DEFINE_FINAL_TYPE(GoodsCountModelItem, goods_count_model_item, G_TYPE_OBJECT)

static void goods_count_model_item_class_init(GoodsCountModelItemClass *klass) { (void)klass; }
static void goods_count_model_item_init(GoodsCountModelItem *self) { (void)self; }

guint goods_count_model_item_get_position(GoodsCountModelItem *item) {
    g_return_val_if_fail(GOODS_IS_COUNT_MODEL_ITEM(item), G_MAXUINT);
    return item->position;
}

struct _GoodsCountModel {
    GObject parent;
    guint n_items;
};

static void goods_count_model_list_model_init(GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(GoodsCountModel, goods_count_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, goods_count_model_list_model_init))

static GType goods_count_model_get_item_type(GListModel *model) {
    (void)model;
    return GOODS_TYPE_COUNT_MODEL_ITEM;
}

static guint goods_count_model_get_n_items(GListModel *model) {
    return GOODS_COUNT_MODEL(model)->n_items;
}

static gpointer goods_count_model_get_item(GListModel *model, guint position) {
    if (position >= GOODS_COUNT_MODEL(model)->n_items) return NULL;
    GoodsCountModelItem *item = g_object_new(GOODS_TYPE_COUNT_MODEL_ITEM, NULL);
    item->position = position;
    return item;
}

static void goods_count_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = goods_count_model_get_item_type;
    iface->get_n_items = goods_count_model_get_n_items;
    iface->get_item = goods_count_model_get_item;
}

static void goods_count_model_class_init(GoodsCountModelClass *klass) { (void)klass; }
static void goods_count_model_init(GoodsCountModel *self) { self->n_items = 0; }

GoodsCountModel *goods_count_model_new(void) {
    return g_object_new(GOODS_TYPE_COUNT_MODEL, NULL);
}

void goods_count_model_splice(GoodsCountModel *model, guint position, guint removed, guint added) {
    g_return_if_fail(GOODS_IS_COUNT_MODEL(model));
    g_return_if_fail(position <= model->n_items);
    g_return_if_fail(removed <= model->n_items - position);
    guint kept = model->n_items - removed;
    g_return_if_fail(added < G_MAXUINT - kept);
    model->n_items = kept + added;
    g_list_model_items_changed(G_LIST_MODEL(model), position, removed, added);
}
