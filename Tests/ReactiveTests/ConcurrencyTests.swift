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
