import Foundation
import GoodsDomain

extension Generator {
    /// The item's comments: exactly as many as its `messages`, each by a generated nickname with
    /// one of the data set's avatars (or none), a text from the vocabulary and a time between the
    /// listing's publishing and `newest`. Drawn from the item's id, not from the main stream, so
    /// they change nothing else of the data set.
    func comments(for goods: Goods) -> [GoodsComment] {
        var talk = SeededRandom(seed: options.seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: goods.id) &+ 0xC0FFEE)
        let span = max(60, Int(Self.newest.timeIntervalSince(goods.publishedAt)))
        return (0..<goods.messages).map { _ in
            let author = talk.pick(Vocabulary.nicknamePrefixes) + talk.pick(Vocabulary.nicknameWords) + talk.pick(Vocabulary.nicknameSuffixes)
            let avatar = talk.chance(0.85) ? "images/avatars/avatar-\(Self.pad(talk.int(1...Self.avatarCount))).svg" : nil
            let time = min(Self.newest, goods.publishedAt.addingTimeInterval(Double(talk.int(60...span))))
            return GoodsComment(goodsID: goods.id, author: author, avatar: avatar, text: talk.pick(Vocabulary.commentTexts), createdAt: time)
        }
    }
}
