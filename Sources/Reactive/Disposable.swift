import Synchronization

/// Something that can be cancelled once: a subscription, a scheduled action, a binding.
///
/// Disposing twice is harmless; disposing releases whatever the disposable held.
///
/// Unlike ReactiveSwift's, this protocol is not class-bound: what `Signal.observe` returns is a
/// small value naming the observer's slot in its signal (see `Subscription`), so that holding
/// many observers allocates nothing per observer. Copies of such a value are the same
/// disposable. Do not rely on identity (`===`) or weak references to a disposable; to keep one
/// without keeping what it holds alive, keep it in an owner whose lifetime ends it.
public protocol Disposable: Sendable {
    /// Whether `dispose()` has run.
    var isDisposed: Bool { get }
    /// Cancels the work and releases its resources. Idempotent and thread-safe.
    func dispose()
}

/// A disposable that runs a closure once, on first disposal, then releases it.
public final class AnyDisposable: Disposable, @unchecked Sendable {
    // `action` is read and cleared only under `lock`.
    private let lock = SpinLock()
    private var action: (@Sendable () -> Void)?
    private let disposed = Atomic<Bool>(false)

    /// A disposable that runs `action` when disposed.
    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
    }

    /// A disposable that only records that it was disposed.
    public init() {
        self.action = nil
    }

    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        lock.lock()
        let action = self.action
        self.action = nil
        lock.unlock()
        action?()
    }
}

/// A set of disposables disposed together; adding to a disposed composite disposes the newcomer.
public final class CompositeDisposable: Disposable, @unchecked Sendable {
    // `bag` and `disposed` are guarded by `lock` (so no dynamic exclusivity checks).
    private let lock = SpinLock()
    @exclusivity(unchecked) private var bag = Bag()
    @exclusivity(unchecked) private var disposed = false

    private final class Entry: Disposable, @unchecked Sendable { // safe: `slot` is written once, under the owner's lock, before anyone can read it
        let inner: any Disposable
        weak var owner: CompositeDisposable?
        var slot = -1
        let removed = Atomic<Bool>(false)
        init(_ inner: any Disposable, owner: CompositeDisposable) {
            self.inner = inner
            self.owner = owner
        }
        var isDisposed: Bool { removed.load(ordering: .acquiring) }
        /// Removes the child from the composite without disposing it.
        func dispose() {
            guard !removed.exchange(true, ordering: .acquiringAndReleasing) else { return }
            owner?.remove(self)
        }
    }

    public init() {}

    public var isDisposed: Bool {
        lock.lock(); defer { lock.unlock() }
        return disposed
    }

    /// Adds `disposable`; disposing the returned handle removes it from the composite without
    /// disposing it (as ReactiveSwift's handles do).
    @discardableResult
    public func add(_ disposable: (any Disposable)?) -> (any Disposable)? {
        guard let disposable else { return nil }
        let entry = Entry(disposable, owner: self)
        lock.lock()
        if disposed {
            lock.unlock()
            disposable.dispose()
            return nil
        }
        entry.slot = bag.insert(entry)
        lock.unlock()
        return entry
    }

    /// Adds a closure to run on disposal.
    @discardableResult
    public func add(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        add(AnyDisposable(action))
    }

    private func remove(_ entry: Entry) {
        lock.lock()
        bag.remove(entry, at: entry.slot)
        lock.unlock()
    }

    public func dispose() {
        lock.lock()
        if disposed { lock.unlock(); return }
        disposed = true
        let entries = bag.removeAll()
        lock.unlock()
        for case let entry? in entries { unsafeDowncast(entry, to: Entry.self).inner.dispose() }
    }

    /// Adds a disposable: `composite += disposable`.
    public static func += (composite: CompositeDisposable, disposable: (any Disposable)?) {
        composite.add(disposable)
    }
}

/// Holds one disposable at a time: setting a new one disposes the previous one.
public final class SerialDisposable: Disposable, @unchecked Sendable {
    // `current` and `disposed` are guarded by `lock` (so no dynamic exclusivity checks).
    private let lock = SpinLock()
    @exclusivity(unchecked) private var current: (any Disposable)?
    @exclusivity(unchecked) private var disposed = false

    public init(_ inner: (any Disposable)? = nil) {
        current = inner
    }

    public var isDisposed: Bool {
        lock.lock(); defer { lock.unlock() }
        return disposed
    }

    /// The disposable currently held. Replacing it disposes the old one — even when the same
    /// disposable is set again: disposables are not objects with an identity to compare (see
    /// `Disposable`), so do not set one twice; setting it after disposal disposes the new one at
    /// once.
    public var inner: (any Disposable)? {
        get {
            lock.lock(); defer { lock.unlock() }
            return current
        }
        set {
            var displaced = newValue
            lock.lock()
            if !disposed { swap(&current, &displaced) }
            lock.unlock()
            displaced?.dispose()
        }
    }

    public func dispose() {
        var old: (any Disposable)?
        lock.lock()
        if disposed { lock.unlock(); return }
        disposed = true
        swap(&current, &old)
        lock.unlock()
        old?.dispose()
    }
}

/// Holds one disposable object of a known type at a time, as `SerialDisposable` does: for
/// operators that replace runs often (`flatMap(.latest)`), where keeping the run as its own
/// type spares the value-witness calls every copy of an `any Disposable` costs.
@usableFromInline
final class SerialRun<Run: Disposable & AnyObject>: Disposable, @unchecked Sendable { // safe: `current` and `disposed` are guarded by `lock`
    @usableFromInline let lock = SpinLock()
    @usableFromInline @exclusivity(unchecked) var current: Run?
    @usableFromInline @exclusivity(unchecked) var disposed = false

    @inlinable init() {}

    @inlinable
    var isDisposed: Bool {
        lock.lock(); defer { lock.unlock() }
        return disposed
    }

    /// Holds `run`, disposing the run held before; once disposed, disposes `run` at once.
    @inlinable
    func replace(with run: Run) {
        var displaced: Run? = run
        lock.lock()
        if !disposed { swap(&current, &displaced) }
        lock.unlock()
        displaced?.dispose()
    }

    @inlinable
    func dispose() {
        var old: Run?
        lock.lock()
        if disposed {
            lock.unlock()
            return
        }
        disposed = true
        swap(&current, &old)
        lock.unlock()
        old?.dispose()
    }
}

/// Disposes what it wraps when it is itself released: ties a subscription to an owner's lifetime.
public final class ScopedDisposable: Disposable, Sendable {
    public let inner: any Disposable
    public init(_ inner: any Disposable) { self.inner = inner }
    deinit { inner.dispose() }
    public var isDisposed: Bool { inner.isDisposed }
    public func dispose() { inner.dispose() }
}

extension Disposable {
    /// Wraps this disposable so that it is disposed when the wrapper is released.
    public func scoped() -> ScopedDisposable { ScopedDisposable(self) }
}
