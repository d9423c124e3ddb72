print("GoodsDesk")
