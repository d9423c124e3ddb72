#ifndef GRSHIM_COUNT_MODEL_H
#define GRSHIM_COUNT_MODEL_H

#include <gio/gio.h>

/* A GListModel that stores nothing but its number of items, for list views whose content lives
 * elsewhere (in a view model's list): the view asks the content for the element at a row's
 * position when it binds the row. Each item is a fresh small object that carries the position it
 * was asked for; GTK's list views reuse a row widget for a moved item only when the model hands
 * back the same object, so with fresh items a splice rebinds exactly the rows it names. */
#define GRSHIM_TYPE_COUNT_MODEL (grshim_count_model_get_type())
G_DECLARE_FINAL_TYPE(GrShimCountModel, grshim_count_model, GRSHIM, COUNT_MODEL, GObject)

/* The items of a GrShimCountModel. */
#define GRSHIM_TYPE_COUNT_MODEL_ITEM (grshim_count_model_item_get_type())
G_DECLARE_FINAL_TYPE(GrShimCountModelItem, grshim_count_model_item, GRSHIM, COUNT_MODEL_ITEM, GObject)

/* An empty model (transfer full): splices give it its items. */
GrShimCountModel *grshim_count_model_new(void);

/* Replaces the `removed` items at `position` with `added` new ones and emits "items-changed"
 * with exactly these three numbers (even when both counts are 0). A splice that does not fit
 * (`position` or `removed` past the end, or a count that would reach G_MAXUINT, which is
 * GTK_INVALID_LIST_POSITION) changes nothing and logs a critical. */
void grshim_count_model_splice(GrShimCountModel *model, guint position, guint removed, guint added);

/* The position the item was made for (its position then, not necessarily now). */
guint grshim_count_model_item_get_position(GrShimCountModelItem *item);

#endif
