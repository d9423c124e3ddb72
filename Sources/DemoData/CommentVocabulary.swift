/// What generated comments (留言) say: questions and answers about an item, as on a
/// second-hand market.
extension Vocabulary {
    static let commentTexts = [
        "还在吗？", "能便宜点吗？", "包邮吗？", "可以当面交易吗？", "几成新？", "有发票吗？", "配件都在吗？",
        "诚心要，私聊", "什么时候买的？", "能再便宜一点吗", "同城可以自提吗？", "有使用痕迹吗？", "已拍，请尽快发货",
        "东西收到了，很满意", "卖家人很好", "还能小刀吗？", "有实物图吗？", "支持验货吗？", "为什么卖呀？", "好价，收藏了",
    ]
}
