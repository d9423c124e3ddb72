import Synchronization

/// How long something lives: an object, a window, a subscription. Work tied to a lifetime
/// (`take(during:)`, bindings, clean-up actions) ends when the lifetime ends.
///
/// A lifetime ends once, when its `Token` is released or disposed; actions observing the end run
/// then, on the thread that ended it. Observing an ended lifetime runs the action at once.
public final class Lifetime: @unchecked Sendable {
    // `endObservers` is guarded by `lock`; `ended` is an atomic so `hasEnded` reads without locking.
    private let lock = SpinLock()
    private var endObservers = Bag()
    private let ended = Atomic<Bool>(false)
    /// For a producer's run: sends `interrupted` into the run's source (its innermost start
    /// handler's observer), so that interruption flows through every operator of the run;
    /// returns false when the source had already ended.
    /// Guarded by `lock`; the innermost start handler registers last and wins.
    private var interrupter: (@Sendable () -> Bool)?  // guarded by `lock`

    /// Set for `Lifetime.never`: nothing can end it, so observers of its end are not kept.
    private let endless: Bool

    @usableFromInline
    init() { endless = false }

    private init(endless: Bool) { self.endless = endless }

    /// Registers how to interrupt the run this lifetime belongs to (see `interrupter`).
    @usableFromInline
    func setInterrupter(_ action: @escaping @Sendable () -> Bool) {
        lock.lock()
        if !ended.load(ordering: .relaxed) { interrupter = action }
        lock.unlock()
    }

    /// Takes the registered interrupter, if the run has one and it has not ended.
    @usableFromInline
    func takeInterrupter() -> (@Sendable () -> Bool)? {
        lock.lock()
        defer { lock.unlock() }
        let action = interrupter
        interrupter = nil
        return action
    }

    /// A lifetime and the token that keeps it going: the lifetime ends when the token is released.
    public static func make() -> (lifetime: Lifetime, token: Token) {
        let lifetime = Lifetime()
        return (lifetime, Token(lifetime))
    }

    /// A lifetime that never ends.
    public static let never = Lifetime(endless: true)

    /// A lifetime that has already ended: work tied to it is cancelled at once.
    public static let empty: Lifetime = {
        let lifetime = Lifetime()
        lifetime.end()
        return lifetime
    }()

    /// Whether the lifetime has ended.
    public var hasEnded: Bool { ended.load(ordering: .acquiring) }

    /// Runs `action` when the lifetime ends (at once if it already has). Disposing the result
    /// cancels the action and releases it.
    @discardableResult
    public func observeEnded(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        // The action could never run: keeping it would only accumulate end observers.
        if endless { return nil }
        if ended.load(ordering: .acquiring) {
            action()
            return nil
        }
        let observer = EndObserver(action, lifetime: self)
        lock.lock()
        if ended.load(ordering: .relaxed) {
            lock.unlock()
            action()
            return nil
        }
        observer.slot = endObservers.insert(observer)
        lock.unlock()
        return observer
    }

    /// A signal that completes when the lifetime ends.
    public var endedSignal: Signal<Never, Never> {
        Signal { observer, lifetime in
            lifetime += self.observeEnded { observer.sendCompleted() }
        }
    }

    /// Ends the lifetime: runs every end action once, in no particular order.
    @usableFromInline
    func end() {
        if endless { return }
        lock.lock()
        if ended.load(ordering: .relaxed) {
            lock.unlock()
            return
        }
        ended.store(true, ordering: .releasing)
        let observers = endObservers.removeAll()
        interrupter = nil
        lock.unlock()
        for case let observer? in observers { unsafeDowncast(observer, to: EndObserver.self).run() }
    }

    fileprivate func remove(_ observer: EndObserver) {
        lock.lock()
        endObservers.remove(observer, at: observer.slot)
        lock.unlock()
    }

    /// Disposes `disposable` when the lifetime ends: `lifetime += disposable`.
    public static func += (lifetime: Lifetime, disposable: (any Disposable)?) {
        guard let disposable else { return }
        lifetime.observeEnded { disposable.dispose() }
    }

    /// Keeps a lifetime going; the lifetime ends when the token is released or disposed.
    public final class Token: Disposable, Sendable {
        /// The lifetime this token keeps going.
        public let lifetime: Lifetime
        fileprivate init(_ lifetime: Lifetime) { self.lifetime = lifetime }
        deinit { lifetime.end() }
        public var isDisposed: Bool { lifetime.hasEnded }
        /// Ends the lifetime now.
        public func dispose() { lifetime.end() }
    }
}

/// One action waiting for a lifetime to end; disposing it removes the action.
private final class EndObserver: Disposable, @unchecked Sendable {
    // `action` and `slot` are guarded by the owning lifetime's lock; `run` takes the action once.
    private let lock = SpinLock()
    private var action: (@Sendable () -> Void)?
    // Weak: the lifetime holds its end observers; a strong reference back would keep a lifetime
    // that never ends, and all it holds, alive for ever.
    private weak var lifetime: Lifetime?
    var slot = -1

    init(_ action: @escaping @Sendable () -> Void, lifetime: Lifetime) {
        self.action = action
        self.lifetime = lifetime
    }

    private func take() -> (@Sendable () -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        let action = self.action
        self.action = nil
        lifetime = nil
        return action
    }

    func run() { take()?() }

    var isDisposed: Bool {
        lock.lock(); defer { lock.unlock() }
        return action == nil
    }

    func dispose() {
        lock.lock()
        let lifetime = self.lifetime
        lock.unlock()
        lifetime?.remove(self)
        _ = take()
    }
}
