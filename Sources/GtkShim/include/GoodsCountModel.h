#ifndef GOODSDESK_COUNT_MODEL_H
#define GOODSDESK_COUNT_MODEL_H

#include <gio/gio.h>

/* A GListModel that stores nothing but its number of items, for list views whose content lives
 * elsewhere (in a view model's list): the view asks the content for the element at a row's
 * position when it binds the row. Each item is a fresh small object that carries the position it
 * was asked for; GTK's list views reuse a row widget for a moved item only when the model hands
 * back the same object, so with fresh items a splice rebinds exactly the rows it names. */
#define GOODS_TYPE_COUNT_MODEL (goods_count_model_get_type())
G_DECLARE_FINAL_TYPE(GoodsCountModel, goods_count_model, GOODS, COUNT_MODEL, GObject)

/* The items of a GoodsCountModel. */
#define GOODS_TYPE_COUNT_MODEL_ITEM (goods_count_model_item_get_type())
G_DECLARE_FINAL_TYPE(GoodsCountModelItem, goods_count_model_item, GOODS, COUNT_MODEL_ITEM, GObject)

/* An empty model (transfer full): splices give it its items. */
GoodsCountModel *goods_count_model_new(void);

/* Replaces the `removed` items at `position` with `added` new ones and emits "items-changed"
 * with exactly these three numbers (even when both counts are 0). A splice that does not fit
 * (`position` or `removed` past the end, or a count that would reach G_MAXUINT, which is
 * GTK_INVALID_LIST_POSITION) changes nothing and logs a critical. */
void goods_count_model_splice(GoodsCountModel *model, guint position, guint removed, guint added);

/* The position the item was made for (its position then, not necessarily now). */
guint goods_count_model_item_get_position(GoodsCountModelItem *item);

#endif
