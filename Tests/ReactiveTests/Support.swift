import Reactive
import Synchronization

/// An error for tests.
enum TestError: Error, Equatable {
    case boom
    case other(Int)
}

/// Records every event an observer receives, thread-safely.
final class Recorder<Value: Sendable, Error: Swift.Error>: Sendable {
    private let storage = Mutex<[Event<Value, Error>]>([])

    var observer: Signal<Value, Error>.Observer {
        Signal<Value, Error>.Observer { event in self.storage.withLock { $0.append(event) } }
    }

    var events: [Event<Value, Error>] { storage.withLock { $0 } }
    var values: [Value] { events.compactMap(\.value) }
    var terminal: Event<Value, Error>? { events.last.flatMap { $0.isTerminating ? $0 : nil } }
    var isTerminated: Bool { terminal != nil }
}

extension Signal {
    /// Observes into a new recorder.
    func record() -> (Recorder<Value, Error>, (any Disposable)?) {
        let recorder = Recorder<Value, Error>()
        let disposable = observe(recorder.observer)
        return (recorder, disposable)
    }
}

extension SignalProducer {
    /// Starts into a new recorder.
    func record() -> (Recorder<Value, Error>, any Disposable) {
        let recorder = Recorder<Value, Error>()
        let disposable = start(recorder.observer)
        return (recorder, disposable)
    }
}

/// A thread-safe counter for closures that must run a given number of times.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// A class whose release tests observe through a weak reference.
final class Tracked: Sendable {
    let id: Int
    init(_ id: Int = 0) { self.id = id }
}

/// Holds a weak reference to check that something was freed.
struct WeakBox<T: AnyObject> {
    weak var object: T?
    init(_ object: T) { self.object = object }
}
