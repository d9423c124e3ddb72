import Reactive
import Synchronization

/// How the simulated server behaves: its latency per request kind, and whether it is down.
/// Services answer through it so that tests drive time with a `TestScheduler` and can make the
/// server fail, and the app can shorten latency (`GOODSDESK_LATENCY_MS`).
public final class SimulatedServer: Sendable {
    /// Request kinds, each with the seeds' latency by default.
    public enum Request: Sendable, Hashable, CaseIterable {
        case login, goodsPage, banners, like
        /// A search of the local full-text index.
        case search
        /// A page of one seller's goods, or of the goods at one place.
        case sellerGoods, placeGoods
        /// A page of an item's comments; adding one.
        case comments, addComment

        /// The seeds' latency: login 1 s, goods pages 0.75 s, banners 0.5 s, likes 1 s; search none;
        /// the seller, place and comment pages as goods pages, adding a comment as a like.
        public var defaultLatency: Duration {
            switch self {
            case .login, .like: return .seconds(1)
            case .goodsPage, .sellerGoods, .placeGoods, .comments: return .milliseconds(750)
            // As a like: a write the (simulated) server confirms.
            case .addComment: return .seconds(1)
            case .banners: return .milliseconds(500)
            // The demo only drew a search box: there is no latency to copy, and the index is local.
            case .search: return .zero
            }
        }
    }

    /// Where answers are delivered (the main loop in the app, virtual time in tests).
    public let scheduler: any DateScheduler
    /// Where the work behind an answer runs (SQLite): a background queue in the app, so the GTK
    /// thread never waits on the disk; at once in tests, so virtual time stays exact.
    public let worker: any Scheduler
    private let latencyOverride: Duration?
    private let down = Mutex<Set<Request>>([])

    /// A server answering on `scheduler` with work done on `worker`; `latency`, when given,
    /// replaces every default latency.
    public init(scheduler: any DateScheduler, latency: Duration? = nil, worker: any Scheduler = ImmediateScheduler()) {
        self.scheduler = scheduler
        self.worker = worker
        latencyOverride = latency
    }

    /// The latency of `request`.
    public func latency(of request: Request) -> Duration { latencyOverride ?? request.defaultLatency }

    /// Makes requests of `kinds` fail with `ServiceError.Kind.serverUnavailable` (or succeed again).
    public func setDown(_ isDown: Bool, for kinds: Set<Request> = Set(Request.allCases)) {
        down.withLock { if isDown { $0.formUnion(kinds) } else { $0.subtract(kinds) } }
    }

    /// Whether requests of `kind` currently fail.
    public func isDown(for kind: Request) -> Bool { down.withLock { $0.contains(kind) } }

    /// Answers `request` after its latency with what `work` returns, run on the worker when the
    /// answer is due (so a disposed request does no work) and delivered on the scheduler; fails
    /// when the server is down.
    public func answer<Value: Sendable>(
        _ request: Request, _ work: @escaping @Sendable () throws(ServiceError) -> Value
    ) -> SignalProducer<Value, ServiceError> {
        let scheduler = self.scheduler
        let delay = latency(of: request)
        return SignalProducer { observer, lifetime in
            lifetime += scheduler.schedule(after: delay) { [self] in
                guard !lifetime.hasEnded else { return }
                if isDown(for: request) {
                    observer.send(error: ServiceError(.serverUnavailable, request: request))
                    return
                }
                lifetime += run(work, during: lifetime) { result in
                    switch result {
                    case let .success(value):
                        observer.send(value: value)
                        observer.sendCompleted()
                    case let .failure(error):
                        observer.send(error: error)
                    }
                }
            }
        }
    }

    /// What `work` returns, read on the worker and delivered on the scheduler at once (no
    /// latency, never down): local look-ups such as the account of a phone number.
    public func local<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> SignalProducer<Value, Never> {
        SignalProducer { [self] observer, lifetime in
            lifetime += run({ () throws(Never) -> Value in work() }, during: lifetime) { result in
                if case let .success(value) = result { observer.send(value: value) }
                observer.sendCompleted()
            }
        }
    }

    /// Runs `work` on the worker and hands its result to `deliver` on the scheduler, unless
    /// `lifetime` ends first.
    private func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value, during lifetime: Lifetime,
        deliver: @escaping @Sendable (Result<Value, Failure>) -> Void
    ) -> (any Disposable)? {
        let scheduler = self.scheduler
        return worker.schedule {
            guard !lifetime.hasEnded else { return }
            let result = Result { () throws(Failure) -> Value in try work() }
            lifetime += scheduler.schedule {
                guard !lifetime.hasEnded else { return }
                deliver(result)
            }
        }
    }
}
