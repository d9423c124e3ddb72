import Testing
import Reactive

/// Sending from inside an observer never deadlocks; the documented order is breadth-first: an
/// event sent during a delivery reaches every observer after the current event has.
@Suite("Re-entrancy")
struct ReentrancyTests {
    @Test func sendingFromAnObserverIsQueuedBreadthFirst() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Recorder<String, Never>()
        signal.observeValues { value in
            log.observer.send(value: "A\(value)")
            if value < 3 { input.send(value: value + 1) }
            log.observer.send(value: "A\(value) done")
        }
        signal.observeValues { log.observer.send(value: "B\($0)") }
        input.send(value: 1)
        #expect(log.values == ["A1", "A1 done", "B1", "A2", "A2 done", "B2", "A3", "A3 done", "B3"])
        input.sendCompleted()  // the first observer holds the input: end it, or the two keep each other
    }

    @Test func settingAPropertyFromItsOwnObserverNeverDeadlocks() {
        let property = MutableProperty(0)
        let seen = Recorder<Int, Never>()
        let observation = property.signal.observeValues { value in
            seen.observer.send(value: value)
            if value < 5 { property.value = value + 1 }
            // The value is already the newest one, even before observers are told.
            #expect(property.value == min(value + 1, 5))
        }
        property.value = 1
        #expect(seen.values == [1, 2, 3, 4, 5])
        #expect(property.value == 5)
        observation?.dispose()  // it holds the property it observes
    }

    @Test func modifyFromAnObserverIsSafe() {
        let property = MutableProperty([Int]())
        let observation = property.signal.observeValues { items in
            if items.count < 3 { property.modify { $0.append($0.count) } }
        }
        property.value = [0]
        #expect(property.value == [0, 1, 2])
        observation?.dispose()  // it holds the property it observes
    }

    @Test func terminatingFromAnObserverEndsAfterTheCurrentEvent() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (first, _) = signal.record()
        signal.observeValues { _ in input.sendCompleted() }
        let (last, _) = signal.record()
        input.send(value: 1)
        input.send(value: 2)
        #expect(first.events == [.value(1), .completed])
        #expect(last.events == [.value(1), .completed])
    }

    @Test func observerAddedDuringDeliveryGetsOnlyLaterEvents() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let late = Recorder<Int, Never>()
        let added = Counter()
        signal.observeValues { _ in
            if added.value == 0 {
                added.increment()
                signal.observe(late.observer)
            }
        }
        input.send(value: 1)
        input.send(value: 2)
        #expect(late.values == [2])
    }

    @Test func observerDisposedDuringDeliveryGetsNothingMore() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let victim = Recorder<Int, Never>()
        let holder = SerialDisposable()
        signal.observeValues { _ in holder.dispose() }
        holder.inner = signal.observe(victim.observer)
        input.send(value: 1)
        #expect(victim.events.isEmpty)
    }

    @Test func disposingObserversDuringTheTerminalEventKeepsTheBookkeepingRight() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let later = SerialDisposable()
        signal.observeCompleted { later.dispose() }
        later.inner = signal.observe(Signal<Int, Never>.Observer { _ in })
        let derived = signal.map { $0 }.observe(Signal<Int, Never>.Observer { _ in })
        input.sendCompleted()
        derived?.dispose()
        #expect(signal.observerCount == 0)
    }

    @Test func startingAPropertyProducerInsideItsObserverSeesNoGapOrRepeat() {
        let property = MutableProperty(0)
        let inner = Recorder<Int, Never>()
        let started = Counter()
        let runs = CompositeDisposable()
        let observation = property.signal.observeValues { value in
            if value == 1 && started.value == 0 {
                started.increment()
                property.value = 2
                runs += property.producer.start(inner.observer)
            }
        }
        property.value = 1
        property.value = 3
        #expect(inner.values == [1, 2, 3])
        observation?.dispose()  // both hold the property they observe
        runs.dispose()
    }

    @Test func combineLatestFeedingBackIntoAnInputDoesNotDeadlock() {
        let (a, inputA) = Signal<Int, Never>.pipe()
        let (b, inputB) = Signal<Int, Never>.pipe()
        let (recorder, _) = Signal.combineLatest(a, b).on(value: { pair in
            if pair.1 < 3 { inputB.send(value: pair.1 + 1) }
        }).record()
        inputA.send(value: 0)
        inputB.send(value: 0)
        #expect(recorder.values.map(\.1) == [0, 1, 2, 3])
        withExtendedLifetime(inputA) {}
    }
}
