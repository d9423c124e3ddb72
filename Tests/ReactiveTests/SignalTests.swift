import Testing
import Reactive

@Suite("Signal: the event contract")
struct SignalTests {
    @Test func deliversValuesThenOneTerminalEvent() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (recorder, _) = signal.record()
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        input.send(value: 3)
        input.send(error: .boom)
        #expect(recorder.events == [.value(1), .value(2), .completed])
    }

    @Test func failureEndsTheSignal() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (recorder, _) = signal.record()
        input.send(value: 1)
        input.send(error: .boom)
        input.send(value: 2)
        #expect(recorder.events == [.value(1), .failed(.boom)])
    }

    @Test func isHotObserversSeeOnlyLaterEvents() {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.send(value: 1)
        let (recorder, _) = signal.record()
        input.send(value: 2)
        #expect(recorder.values == [2])
    }

    @Test func multicastsToEveryObserverInOrder() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (first, _) = signal.record()
        let (second, _) = signal.record()
        input.send(value: 1)
        input.send(value: 2)
        #expect(first.values == [1, 2])
        #expect(second.values == [1, 2])
    }

    @Test func disposingAnObservationStopsItsEventsOnly() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (first, firstDisposable) = signal.record()
        let (second, _) = signal.record()
        input.send(value: 1)
        firstDisposable?.dispose()
        input.send(value: 2)
        #expect(first.events == [.value(1)])
        #expect(second.values == [1, 2])
        #expect(firstDisposable?.isDisposed == true)
    }

    @Test func releasingTheInputInterruptsObservers() {
        var input: Signal<Int, Never>.Observer? = nil
        let signal: Signal<Int, Never>
        do {
            let pipe = Signal<Int, Never>.pipe()
            signal = pipe.output
            input = pipe.input
        }
        let (recorder, _) = signal.record()
        input?.send(value: 1)
        input = nil
        #expect(recorder.events == [.value(1), .interrupted])
    }

    @Test func observingAnEndedSignalInterruptsAtOnce() {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.sendCompleted()
        let (recorder, disposable) = signal.record()
        #expect(recorder.events == [.interrupted])
        #expect(disposable == nil)
    }

    @Test func generatorRunsOnceAndItsLifetimeEndsWithTheSignal() {
        let runs = Counter()
        let ended = Counter()
        var captured: Signal<Int, Never>.Observer?
        let signal = Signal<Int, Never> { observer, lifetime in
            runs.increment()
            captured = observer
            lifetime.observeEnded { ended.increment() }
        }
        let (a, _) = signal.record()
        let (b, _) = signal.record()
        captured?.send(value: 7)
        captured?.sendCompleted()
        #expect(runs.value == 1)
        #expect(ended.value == 1)
        #expect(a.events == [.value(7), .completed])
        #expect(b.events == [.value(7), .completed])
    }

    @Test func neverAndEmpty() {
        let (never, _) = Signal<Int, Never>.never.record()
        #expect(never.events.isEmpty)
        let (empty, _) = Signal<Int, Never>.empty.record()
        #expect(empty.events == [.interrupted])
    }

    @Test func derivedObservationEndsAtTerminalAndDetachesFromSource() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (recorder, disposable) = signal.map { $0 * 2 }.take(first: 2).record()
        #expect(signal.observerCount == 1)
        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        #expect(recorder.events == [.value(2), .value(4), .completed])
        #expect(signal.observerCount == 0)
        #expect(disposable?.isDisposed == true)
    }

    @Test func convenienceObservers() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let values = Recorder<Int, Never>()
        let failures = Recorder<TestError, Never>()
        let terminated = Counter()
        signal.observeValues { values.observer.send(value: $0) }
        signal.observeFailed { failures.observer.send(value: $0) }
        signal.observeTerminated { terminated.increment() }
        input.send(value: 4)
        input.send(error: .other(2))
        #expect(values.values == [4])
        #expect(failures.values == [.other(2)])
        #expect(terminated.value == 1)
    }
}
