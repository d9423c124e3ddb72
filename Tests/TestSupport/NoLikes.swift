import GoodsDomain
import Reactive

/// A like service that never answers: a row whose like stays in flight.
public struct NoLikes: LikeService {
    public init() {}
    public func setLiked(_ liked: Bool, goodsID: Int) -> SignalProducer<Goods, ServiceError> { .never }
}
