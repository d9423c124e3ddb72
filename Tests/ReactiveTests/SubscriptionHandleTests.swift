import Testing
import Reactive
import Dispatch
import Synchronization

/// What `Signal.observe` returns is a value naming the observer's slot in the signal and the id
/// it was attached as, not an object: these tests pin down what that handle guarantees.
@Suite("Subscription handles")
struct SubscriptionHandleTests {
    @Test func isDisposedFollowsTheObservation() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let disposable = signal.observeValues { _ in }
        #expect(disposable?.isDisposed == false)
        disposable?.dispose()
        #expect(disposable?.isDisposed == true)
        disposable?.dispose()
        #expect(disposable?.isDisposed == true)

        let ended = signal.observeValues { _ in }
        #expect(ended?.isDisposed == false)
        input.sendCompleted()
        #expect(ended?.isDisposed == true, "the terminal event ends every observation")
        #expect(signal.observeValues { _ in } == nil, "observing an ended signal attaches nothing")
    }

    @Test func aCopyOfAHandleIsTheSameSubscription() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Counter()
        let original = signal.observeValues { _ in received.increment() }
        let copy = original
        copy?.dispose()
        #expect(original?.isDisposed == true)
        input.send(value: 1)
        #expect(received.value == 0)
    }

    /// With another observer kept, the newcomer reuses the slot `first` left; with none, the slot
    /// storage starts afresh and slots are reused from the first. Either way the stale handle
    /// stays stale.
    @Test(arguments: [true, false])
    func aStaleHandleNeverDetachesTheSlotsNewOccupant(keepingAnotherObserver: Bool) {
        let (signal, input) = Signal<Int, Never>.pipe()
        let keeper = keepingAnotherObserver ? signal.observeValues { _ in } : nil
        let first = signal.observeValues { _ in }
        first?.dispose()
        let received = Counter()
        let second = signal.observeValues { _ in received.increment() }
        first?.dispose()
        #expect(first?.isDisposed == true)
        #expect(second?.isDisposed == false)
        input.send(value: 1)
        #expect(received.value == 1, "disposing the stale handle left the newcomer attached")
        if keepingAnotherObserver { #expect(signal.observerCount == 2) }
        withExtendedLifetime(keeper) {}
    }

    @Test func slotsAreReusedWithoutMixingUpObservers() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let counts = (0..<64).map { _ in Counter() }
        var handles = counts.map { count in signal.observeValues { _ in count.increment() } }
        // Dispose every other one, then attach new observers into the freed slots.
        for index in stride(from: 0, to: handles.count, by: 2) { handles[index]?.dispose() }
        let newcomers = (0..<32).map { _ in Counter() }
        let newHandles = newcomers.map { count in signal.observeValues { _ in count.increment() } }
        // Stale handles again: nothing changes.
        for index in stride(from: 0, to: handles.count, by: 2) { handles[index]?.dispose() }
        input.send(value: 1)
        for (index, count) in counts.enumerated() {
            #expect(count.value == (index % 2 == 0 ? 0 : 1))
        }
        #expect(newcomers.allSatisfy { $0.value == 1 })
        #expect(signal.observerCount == 64)
        handles.removeAll()
        withExtendedLifetime(newHandles) {}
    }

    @Test func disposingALaterObserverDuringADeliveryStopsTheEventInFlight() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let victimReceived = Counter()
        let victim = Mutex<(any Disposable)?>(nil)
        signal.observeValues { _ in victim.withLock { $0 }?.dispose() }
        victim.withLock { $0 = signal.observeValues { _ in victimReceived.increment() } }
        input.send(value: 1)
        input.send(value: 2)
        #expect(victimReceived.value == 0)
        #expect(signal.observerCount == 1)
    }

    @Test func anObserverThatDisposesItselfIsReleasedWhenTheDeliveryEnds() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let handle = Mutex<(any Disposable)?>(nil)
        let released = Counter()
        let releasedDuringDelivery = Mutex<Int?>(nil)
        let observed = Counter()
        do {
            let token = ReleaseCounter(released)
            handle.withLock {
                $0 = signal.observeValues { _ in
                    _ = token
                    observed.increment()
                    handle.withLock { $0 }?.dispose()
                }
            }
        }
        // A later observer looks, during the same delivery, whether the first one's handler
        // was released yet: only once the delivery has ended.
        signal.observeValues { _ in releasedDuringDelivery.withLock { $0 = released.value } }
        input.send(value: 1)
        #expect(releasedDuringDelivery.withLock { $0 } == 0)
        #expect(released.value == 1, "released once the delivery ended")
        input.send(value: 2)
        #expect(observed.value == 1)
        #expect(signal.observerCount == 1)
        #expect(handle.withLock { $0 }?.isDisposed == true)
    }

    @Test func anObserverAttachedIntoAFreedSlotDuringADeliveryGetsOnlyLaterEvents() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let victim = Mutex<(any Disposable)?>(nil)
        let newcomer = Recorder<Int, Never>()
        let newcomerHandle = Mutex<(any Disposable)?>(nil)
        signal.observeValues { value in
            guard value == 1 else { return }
            victim.withLock { $0 }?.dispose()
            newcomerHandle.withLock { $0 = signal.observe(newcomer.observer) }
        }
        let victimValues = Recorder<Int, Never>()
        victim.withLock { $0 = signal.observe(victimValues.observer) }
        input.send(value: 1)
        input.send(value: 2)
        #expect(victimValues.values.isEmpty)
        #expect(newcomer.values == [2])
        #expect(victim.withLock { $0 }?.isDisposed == true)
        #expect(newcomerHandle.withLock { $0 }?.isDisposed == false)
    }

    @Test func disposingFromManyThreadsDetachesEachObserverOnce() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let count = 2_000
        let released = Counter()
        let handles: [(any Disposable)?] = (0..<count).map { _ in
            let token = ReleaseCounter(released)
            return signal.observeValues { _ in _ = token }
        }
        #expect(signal.observerCount == count)
        // Every handle is disposed twice, by different threads, while values are sent.
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 3 {
                for value in 0..<200 { input.send(value: value) }
                return
            }
            for index in stride(from: worker % 2, to: count, by: 1) where index % 3 != worker {
                handles[index]?.dispose()
            }
        }
        for handle in handles { handle?.dispose() }
        #expect(signal.observerCount == 0)
        #expect(released.value == count, "every handler was released exactly once")
        #expect(handles.allSatisfy { $0?.isDisposed == true })
    }

    @Test func observingAndDisposingConcurrentlyWithSendsKeepsTheCountRight() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let released = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                for value in 0..<2_000 { input.send(value: value) }
                return
            }
            var held: [(any Disposable)?] = []
            for round in 0..<500 {
                let token = ReleaseCounter(released)
                held.append(signal.observeValues { _ in _ = token })
                if round % 3 == 0, let index = held.indices.randomElement() {
                    held[index]?.dispose()
                    held[index]?.dispose()
                }
            }
            for handle in held { handle?.dispose() }
        }
        #expect(signal.observerCount == 0)
        #expect(released.value == 1_500)
    }

    @Test func aPropertyProducerQueuedBehindAnotherThreadsDeliveryCanBeDisposedBeforeItStarts() {
        let property = MutableProperty(0)
        let started = DispatchSemaphore(value: 0)
        let queuedAndDisposed = DispatchSemaphore(value: 0)
        let late = Recorder<Int, Never>()
        let kept = Recorder<Int, Never>()
        let keptHandle = Mutex<(any Disposable)?>(nil)
        property.signal.observeValues { value in
            guard value == 1 else { return }
            started.signal()
            queuedAndDisposed.wait()
        }
        let setter = Thread { property.value = 1 }
        setter.start()
        started.wait()
        // The setter's thread is delivering: these attachments are queued for it.
        let disposed = property.producer.start(late.observer)
        keptHandle.withLock { $0 = property.producer.start(kept.observer) }
        disposed.dispose()
        #expect(disposed.isDisposed)
        queuedAndDisposed.signal()
        setter.join()
        property.value = 2
        #expect(late.values.isEmpty, "disposed before its attachment was completed")
        #expect(kept.values == [1, 2])
        #expect(property.observerCount == 2)
    }
}

/// Counts its own release.
private final class ReleaseCounter: Sendable {
    let counter: Counter
    init(_ counter: Counter) { self.counter = counter }
    deinit { counter.increment() }
}

/// A thread a test can wait for.
private final class Thread: Sendable {
    private let body: @Sendable () -> Void
    private let done = DispatchSemaphore(value: 0)
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    func start() {
        DispatchQueue.global().async {
            self.body()
            self.done.signal()
        }
    }
    func join() { done.wait() }
}
