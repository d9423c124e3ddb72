import Testing
import Reactive

@Suite("Operators that transform values")
struct TransformingTests {
    @Test func mapTransformsValuesAndForwardsTermination() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (recorder, _) = signal.map { "\($0)" }.record()
        input.send(value: 1)
        input.send(error: .boom)
        #expect(recorder.events == [.value("1"), .failed(.boom)])
    }

    @Test func mapValueReplacesEachValue() {
        let (recorder, _) = SignalProducer<Int, Never>(values: [1, 2]).map(value: "x").record()
        #expect(recorder.events == [.value("x"), .value("x"), .completed])
    }

    @Test func mapErrorTransformsOnlyTheError() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (recorder, _) = signal.mapError { _ in TestError.other(9) }.record()
        input.send(value: 1)
        input.send(error: .boom)
        #expect(recorder.events == [.value(1), .failed(.other(9))])
    }

    @Test func filterAndCompactMap() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (evens, _) = signal.filter { $0 % 2 == 0 }.record()
        let (halves, _) = signal.compactMap { $0 % 2 == 0 ? $0 / 2 : nil }.record()
        for value in 1...6 { input.send(value: value) }
        input.sendCompleted()
        #expect(evens.events == [.value(2), .value(4), .value(6), .completed])
        #expect(halves.events == [.value(1), .value(2), .value(3), .completed])
    }

    @Test func skipNilDropsNils() {
        let (recorder, _) = SignalProducer<Int?, Never>(values: [1, nil, 3]).skipNil().record()
        #expect(recorder.events == [.value(1), .value(3), .completed])
    }

    @Test func scanSendsEachRunningResultAndIsPerObserver() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (first, _) = signal.scan(0, +).record()
        input.send(value: 1)
        let (second, _) = signal.scan(0, +).record()
        input.send(value: 2)
        input.send(value: 3)
        #expect(first.values == [1, 3, 6])
        #expect(second.values == [2, 5])
    }

    @Test func scanIntoMutatesInPlace() {
        let (recorder, _) = SignalProducer<Int, Never>(values: [1, 2]).scan(into: [Int]()) { $0.append($1) }.record()
        #expect(recorder.values == [[1], [1, 2]])
    }

    @Test func reduceSendsOnCompletionOnly() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = signal.reduce(10, +).record()
        input.send(value: 1)
        input.send(value: 2)
        #expect(recorder.events.isEmpty)
        input.sendCompleted()
        #expect(recorder.events == [.value(13), .completed])
    }

    @Test func reduceDoesNotSendOnFailureOrInterruption() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (recorder, _) = signal.reduce(0, +).record()
        input.send(value: 1)
        input.send(error: .boom)
        #expect(recorder.events == [.failed(.boom)])
    }

    @Test func collectAllAndInBatches() {
        let (all, _) = SignalProducer<Int, Never>(values: [1, 2, 3]).collect().record()
        #expect(all.events == [.value([1, 2, 3]), .completed])
        let (empty, _) = SignalProducer<Int, Never>.empty.collect().record()
        #expect(empty.events == [.value([]), .completed])
        let (batches, _) = SignalProducer<Int, Never>(values: [1, 2, 3, 4, 5]).collect(count: 2).record()
        #expect(batches.events == [.value([1, 2]), .value([3, 4]), .value([5]), .completed])
    }

    @Test func combinePreviousPairsNeighbours() {
        let (withoutInitial, _) = SignalProducer<Int, Never>(values: [1, 2, 3]).combinePrevious().record()
        #expect(withoutInitial.values.map { [$0.previous, $0.current] } == [[1, 2], [2, 3]])
        let (withInitial, _) = SignalProducer<Int, Never>(values: [1, 2]).combinePrevious(0).record()
        #expect(withInitial.values.map { [$0.previous, $0.current] } == [[0, 1], [1, 2]])
    }

    @Test func materializeAndDematerializeRoundTrip() {
        let producer = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(error: .boom)
        }
        let (materialized, _) = producer.materialize().record()
        #expect(materialized.events == [.value(.value(1)), .value(.failed(.boom)), .completed])
        let (roundTrip, _) = producer.materialize().dematerialize().record()
        #expect(roundTrip.events == [.value(1), .failed(.boom)])
    }

    @Test func promoteErrorLetsNeverFailingStreamsJoinFailingOnes() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let promoted: Signal<Int, TestError> = signal.promoteError()
        let (recorder, _) = promoted.record()
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.events == [.value(1), .completed])
    }

    @Test func interruptionPassesThroughEveryStage() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = signal.map { $0 + 1 }.filter { _ in true }.scan(0, +).record()
        input.send(value: 1)
        input.sendInterrupted()
        #expect(recorder.events == [.value(2), .interrupted])
    }
}

@Suite("Operators that limit and end streams")
struct LimitingTests {
    @Test func skipRepeatsDropsConsecutiveDuplicates() {
        let (recorder, _) = SignalProducer<Int, Never>(values: [1, 1, 2, 2, 1]).skipRepeats().record()
        #expect(recorder.values == [1, 2, 1])
        let (custom, _) = SignalProducer<Int, Never>(values: [1, 3, 4, 6]).skipRepeats { $0 % 2 == $1 % 2 }.record()
        #expect(custom.values == [1, 4])
    }

    @Test func takeFirstCompletesAndDetaches() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = signal.take(first: 2).record()
        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        #expect(recorder.events == [.value(1), .value(2), .completed])
        #expect(signal.observerCount == 0)
    }

    @Test func takeZeroInterruptsAtOnceWithoutStarting() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts.increment()
            observer.send(value: 1)
        }
        let (recorder, _) = producer.take(first: 0).record()
        #expect(recorder.events == [.interrupted])
        #expect(starts.value == 0)
        let (signal, input) = Signal<Int, Never>.pipe()
        let (signalRecorder, _) = signal.take(first: 0).record()
        input.send(value: 1)
        #expect(signalRecorder.events == [.interrupted])
    }

    @Test func takeFirstStopsASynchronousProducerEarly() {
        let sent = Counter()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            for value in 0..<1000 where !lifetime.hasEnded {
                sent.increment()
                observer.send(value: value)
            }
            observer.sendCompleted()
        }
        let (recorder, _) = producer.take(first: 3).record()
        #expect(recorder.events == [.value(0), .value(1), .value(2), .completed])
        #expect(sent.value == 3)
    }

    @Test func skipFirst() {
        let (recorder, _) = SignalProducer<Int, Never>(values: [1, 2, 3]).skip(first: 2).record()
        #expect(recorder.events == [.value(3), .completed])
    }

    @Test func takeWhileAndSkipWhile() {
        let (taken, _) = SignalProducer<Int, Never>(values: [1, 2, 5, 1]).take(while: { $0 < 3 }).record()
        #expect(taken.events == [.value(1), .value(2), .completed])
        let (skipped, _) = SignalProducer<Int, Never>(values: [1, 2, 5, 1]).skip(while: { $0 < 3 }).record()
        #expect(skipped.events == [.value(5), .value(1), .completed])
    }

    @Test func takeUntilCompletesWhenTriggered() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<Void, Never>.pipe()
        let (recorder, _) = signal.take(until: trigger).record()
        input.send(value: 1)
        fire.send(value: ())
        input.send(value: 2)
        #expect(recorder.events == [.value(1), .completed])
        #expect(signal.observerCount == 0)
        #expect(trigger.observerCount == 0)
    }

    @Test func takeUntilCompletesWhenTheTriggerCompletes() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<Void, Never>.pipe()
        let (recorder, _) = signal.take(until: trigger).record()
        fire.sendCompleted()
        #expect(recorder.events == [.completed])
        withExtendedLifetime(input) {}
    }

    @Test func takeDuringEndsWithTheLifetime() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var token: Lifetime.Token? = Lifetime.make().token
        let (recorder, _) = signal.take(during: token!.lifetime).record()
        input.send(value: 1)
        token = nil
        input.send(value: 2)
        #expect(recorder.events == [.value(1), .completed])
        #expect(signal.observerCount == 0)
    }

    @Test func takeDuringAnEndedLifetimeCompletesAtOnce() {
        let (lifetime, token) = Lifetime.make()
        token.dispose()
        let (recorder, _) = SignalProducer<Int, Never>.never.take(during: lifetime).record()
        #expect(recorder.events == [.completed])
    }
}

@Suite("Side effects and logging")
struct SideEffectTests {
    @Test func onRunsEachHookBeforeDownstream() {
        let log = Recorder<String, Never>()
        let producer = SignalProducer<Int, Never>(values: [1]).on(
            starting: { log.observer.send(value: "starting") },
            started: { log.observer.send(value: "started") },
            value: { log.observer.send(value: "value \($0)") },
            completed: { log.observer.send(value: "completed") },
            terminated: { log.observer.send(value: "terminated") },
            disposed: { log.observer.send(value: "disposed") })
        producer.startWithValues { log.observer.send(value: "downstream \($0)") }
        #expect(log.values == ["starting", "value 1", "downstream 1", "completed", "terminated", "disposed", "started"])
    }

    @Test func onDisposedRunsWhenAnObservationIsDisposed() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let disposed = Counter()
        let disposable = signal.on(disposed: { disposed.increment() }).observeValues { _ in }
        #expect(disposed.value == 0)
        disposable?.dispose()
        #expect(disposed.value == 1)
        withExtendedLifetime(input) {}
    }

    @Test func logEventsWritesOneLinePerEvent() {
        let lines = Recorder<String, Never>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.logEvents(identifier: "login.valid") { lines.observer.send(value: "[\($0)] \($1)") }.observeValues { _ in }
        input.send(value: 3)
        input.send(error: .boom)
        #expect(lines.values == [
            "[login.valid] value 3", "[login.valid] failed boom", "[login.valid] terminated", "[login.valid] disposed",
        ])
    }

    @Test func logEventsOnAProducerLogsStartingStartedAndTerminated() {
        let lines = Recorder<String, Never>()
        SignalProducer<Int, Never>(value: 1)
            .logEvents(identifier: "p") { lines.observer.send(value: "[\($0)] \($1)") }
            .start()
        #expect(lines.values == [
            "[p] starting", "[p] value 1", "[p] completed", "[p] terminated", "[p] disposed", "[p] started",
        ])
    }
}

@Suite("Naming for traces", .serialized)
struct NamingTests {
    @Test func namedStreamsAreUnchangedWhileTracingIsOff() {
        ReactiveLog.isTracing = false
        let (signal, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = signal.named("quiet").record()
        input.send(value: 1)
        #expect(recorder.values == [1])
        #expect(signal.named("quiet").observerCount == signal.observerCount, "the same signal comes back")
    }
}
