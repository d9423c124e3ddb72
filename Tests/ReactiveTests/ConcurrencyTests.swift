import Testing
import Reactive
import Synchronization
import Dispatch

/// Thread safety under concurrent senders: nothing is lost, nothing is delivered twice, and an
/// observer never runs on two threads at once.
@Suite("Concurrency")
struct ConcurrencyTests {
    /// Fails the test if its `enter`/`leave` pairs ever overlap.
    final class OverlapDetector: Sendable {
        private let inside = Atomic<Bool>(false)
        let overlaps = Atomic<Int>(0)
        func enter() { if inside.exchange(true, ordering: .acquiring) { overlaps.add(1, ordering: .relaxed) } }
        func leave() { inside.store(false, ordering: .releasing) }
    }

    @Test func concurrentSendersDeliverEveryValueOnceAndSerially() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let detector = OverlapDetector()
        let sum = Atomic<Int>(0)
        let count = Atomic<Int>(0)
        signal.observeValues { value in
            detector.enter()
            sum.add(value, ordering: .relaxed)
            count.add(1, ordering: .relaxed)
            detector.leave()
        }
        let perThread = 20_000
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<perThread { input.send(value: thread * perThread + index) }
        }
        let total = 4 * perThread
        #expect(count.load(ordering: .relaxed) == total)
        #expect(sum.load(ordering: .relaxed) == total * (total - 1) / 2)
        #expect(detector.overlaps.load(ordering: .relaxed) == 0)
    }

    @Test func concurrentModifyLosesNoUpdate() {
        let property = MutableProperty(0)
        let lastSeen = Atomic<Int>(0)
        property.signal.observeValues { lastSeen.store($0, ordering: .relaxed) }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<10_000 { property.modify { $0 += 1 } }
        }
        #expect(property.value == 40_000)
        #expect(lastSeen.load(ordering: .relaxed) == 40_000, "the last change observers see is the final value")
    }

    @Test func observersSeePropertyValuesInCommitOrder() {
        let property = MutableProperty(0)
        let previous = Mutex(0)
        let outOfOrder = Atomic<Int>(0)
        property.signal.observeValues { value in
            previous.withLock { last in
                if value <= last { outOfOrder.add(1, ordering: .relaxed) }
                last = value
            }
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<5_000 { property.modify { $0 += 1 } }
        }
        #expect(outOfOrder.load(ordering: .relaxed) == 0)
    }

    @Test func observingAndDisposingWhileSendingIsSafe() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<5_000 {
                if thread.isMultiple(of: 2) {
                    input.send(value: index)
                } else {
                    signal.observeValues { _ in received.add(1, ordering: .relaxed) }?.dispose()
                }
            }
        }
        #expect(signal.observerCount == 0)
    }

    /// Deliveries read the observer bag's buffer without a reference of their own; attaching
    /// and detaching on other threads meanwhile must neither lose nor repeat an event for the
    /// observers that stay.
    @Test func observersThatStayGetEveryValueOnceWhileOthersComeAndGo() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let stayers = (0..<3).map { _ in Counter() }
        let disposables = stayers.map { counter in
            signal.observeValues { _ in counter.increment() }
        }
        let perSender = 10_000
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread < 2 {
                for index in 0..<perSender { input.send(value: index) }
            } else {
                for _ in 0..<perSender / 2 {
                    let first = signal.observeValues { _ in }
                    let second = signal.observeValues { _ in }
                    first?.dispose()
                    second?.dispose()
                }
            }
        }
        for counter in stayers { #expect(counter.value == 2 * perSender) }
        #expect(signal.observerCount == stayers.count)
        for disposable in disposables { disposable?.dispose() }
    }

    /// A producer's observer is the run's source (a relay): senders on several threads are
    /// serialised, nothing is lost, and nothing passes the terminal event.
    @Test func concurrentSendsIntoAProducerRunStaySerial() {
        let detector = OverlapDetector()
        let count = Atomic<Int>(0)
        let ends = Atomic<Int>(0)
        let producer = SignalProducer<Int, Never> { observer, _ in
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for index in 0..<10_000 { observer.send(value: index) }
            }
            observer.sendCompleted()
            observer.send(value: -1)
        }
        producer.map { $0 &+ 1 }.start(Signal<Int, Never>.Observer { event in
            detector.enter()
            if case .value = event { count.add(1, ordering: .relaxed) } else { ends.add(1, ordering: .relaxed) }
            detector.leave()
        })
        #expect(count.load(ordering: .relaxed) == 40_000)
        #expect(ends.load(ordering: .relaxed) == 1)
        #expect(detector.overlaps.load(ordering: .relaxed) == 0)
    }

    @Test func combineLatestFromTwoThreadsStaysSerial() {
        let (a, inputA) = Signal<Int, Never>.pipe()
        let (b, inputB) = Signal<Int, Never>.pipe()
        let detector = OverlapDetector()
        let count = Atomic<Int>(0)
        Signal.combineLatest(a, b).observeValues { _ in
            detector.enter()
            count.add(1, ordering: .relaxed)
            detector.leave()
        }
        inputA.send(value: 0)
        inputB.send(value: 0)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for index in 0..<10_000 { (thread == 0 ? inputA : inputB).send(value: index) }
        }
        #expect(count.load(ordering: .relaxed) == 20_001)
        #expect(detector.overlaps.load(ordering: .relaxed) == 0)
    }

    @Test func disposingAProducerFromAnotherThreadInterruptsOnce() {
        for _ in 0..<200 {
            let recorder = Recorder<Int, Never>()
            let disposable = SignalProducer<Int, Never>.never.start(recorder.observer)
            DispatchQueue.concurrentPerform(iterations: 2) { _ in disposable.dispose() }
            #expect(recorder.events == [.interrupted])
        }
    }
}
