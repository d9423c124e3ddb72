import Testing
import Reactive

@Suite("SignalProducer: cold streams")
struct ProducerTests {
    @Test func everyStartRunsTheWorkAgain() {
        let runs = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            runs.increment()
            observer.send(value: runs.value)
            observer.sendCompleted()
        }
        #expect(runs.value == 0, "nothing runs before a start")
        let (first, _) = producer.record()
        let (second, _) = producer.map { $0 * 10 }.record()
        #expect(runs.value == 2)
        #expect(first.events == [.value(1), .completed])
        #expect(second.events == [.value(20), .completed])
    }

    @Test func disposingAStartInterruptsItAndEndsItsLifetime() {
        let cleaned = Counter()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            observer.send(value: 1)
            lifetime.observeEnded { cleaned.increment() }
        }
        let (recorder, disposable) = producer.record()
        #expect(cleaned.value == 0)
        disposable.dispose()
        #expect(recorder.events == [.value(1), .interrupted])
        #expect(cleaned.value == 1)
        #expect(disposable.isDisposed)
    }

    @Test func theLifetimeEndsWhenTheWorkTerminates() {
        let cleaned = Counter()
        let (recorder, _) = SignalProducer<Int, TestError> { observer, lifetime in
            lifetime.observeEnded { cleaned.increment() }
            observer.send(error: .boom)
            observer.send(value: 2)
        }.record()
        #expect(recorder.events == [.failed(.boom)])
        #expect(cleaned.value == 1)
    }

    @Test func constantProducers() {
        #expect(SignalProducer<Int, TestError>(value: 1).record().0.events == [.value(1), .completed])
        #expect(SignalProducer<Int, TestError>(error: .boom).record().0.events == [.failed(.boom)])
        #expect(SignalProducer<Int, TestError>(result: .success(2)).record().0.events == [.value(2), .completed])
        #expect(SignalProducer<Int, TestError>(result: .failure(.boom)).record().0.events == [.failed(.boom)])
        #expect(SignalProducer<Int, Never>.empty.record().0.events == [.completed])
        let (never, run) = SignalProducer<Int, Never>.never.record()
        #expect(never.events.isEmpty)
        run.dispose()  // work that never ends lives until disposed
    }

    @Test func producerFromASignalObservesWhileStarted() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let producer = SignalProducer(signal)
        input.send(value: 0)
        let (recorder, disposable) = producer.record()
        input.send(value: 1)
        disposable.dispose()
        input.send(value: 2)
        #expect(recorder.events == [.value(1), .interrupted])
        #expect(signal.observerCount == 0)
    }

    @Test func startWithSignalLetsSeveralObserversShareOneRun() {
        let runs = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            runs.increment()
            observer.send(value: 5)
            observer.sendCompleted()
        }
        let (a, b) = (Recorder<Int, Never>(), Recorder<Int, Never>())
        producer.startWithSignal { signal, _ in
            signal.observe(a.observer)
            signal.observe(b.observer)
        }
        #expect(runs.value == 1)
        #expect(a.events == [.value(5), .completed])
        #expect(b.events == a.events)
    }

    @Test func startConveniences() {
        let results = Recorder<Result<Int, TestError>, Never>()
        SignalProducer<Int, TestError>(values: [1]).concat(SignalProducer(error: .boom))
            .startWithResult { results.observer.send(value: $0) }
        #expect(results.values.count == 2)
        let failed = Counter()
        SignalProducer<Int, TestError>(error: .boom).startWithFailed { _ in failed.increment() }
        let completed = Counter()
        SignalProducer<Int, TestError>.empty.startWithCompleted { completed.increment() }
        let interrupted = Counter()
        SignalProducer<Int, TestError>.never.startWithInterrupted { interrupted.increment() }.dispose()
        #expect([failed.value, completed.value, interrupted.value] == [1, 1, 1])
    }

    @Test func concatPrefixAndThen() {
        let (concat, _) = SignalProducer<Int, Never>(values: [1, 2]).concat(SignalProducer(value: 3)).record()
        #expect(concat.events == [.value(1), .value(2), .value(3), .completed])
        let (prefixed, _) = SignalProducer<Int, Never>(value: 2).prefix(value: 1).record()
        #expect(prefixed.values == [1, 2])
        let (then, _) = SignalProducer<Int, Never>(values: [1, 2]).then(SignalProducer<String, Never>(value: "done")).record()
        #expect(then.events == [.value("done"), .completed])
    }

    @Test func retryRestartsAfterFailureUpToTheLimit() {
        let attempts = Counter()
        let flaky = SignalProducer<Int, TestError> { observer, _ in
            attempts.increment()
            if attempts.value < 3 { observer.send(error: .boom) } else { observer.send(value: attempts.value); observer.sendCompleted() }
        }
        let (recorder, _) = flaky.retry(upTo: 5).record()
        #expect(recorder.events == [.value(3), .completed])
        #expect(attempts.value == 3)

        let always = Counter()
        let (failing, _) = SignalProducer<Int, TestError> { observer, _ in
            always.increment()
            observer.send(error: .other(always.value))
        }.retry(upTo: 2).record()
        #expect(failing.events == [.failed(.other(3))])
    }

    @Test func flatMapErrorRecovers() {
        let (recorder, _) = SignalProducer<Int, TestError>(error: .boom)
            .flatMapError { _ in SignalProducer<Int, Never>(value: 0) }.record()
        #expect(recorder.events == [.value(0), .completed])
    }

    @Test func replayLazilySharesOneRunAndReplaysTheLatestValues() {
        let runs = Counter()
        let (signal, input) = Signal<Int, Never>.pipe()
        let shared = SignalProducer<Int, Never> { observer, lifetime in
            runs.increment()
            signal.attach(observer, during: lifetime)
        }.replayLazily(upTo: 2)
        #expect(runs.value == 0)
        let (first, firstDisposable) = shared.record()
        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        let (second, _) = shared.record()
        input.send(value: 4)
        #expect(runs.value == 1)
        #expect(first.values == [1, 2, 3, 4])
        #expect(second.values == [2, 3, 4])
        firstDisposable.dispose()
        input.sendCompleted()
        #expect(second.terminal == .completed)
        let (late, _) = shared.record()
        #expect(late.events == [.value(3), .value(4), .completed])
    }

    @Test func replayLazilyKeepsTheRunGoingWhenEveryConsumerHasLeft() {
        let runs = Counter()
        let cleaned = Counter()
        let (signal, input) = Signal<Int, Never>.pipe()
        var shared: SignalProducer<Int, Never>? = SignalProducer<Int, Never> { observer, lifetime in
            runs.increment()
            lifetime.observeEnded { cleaned.increment() }
            signal.attach(observer, during: lifetime)
        }.replayLazily(upTo: 1)
        let (_, a) = shared!.record()
        input.send(value: 1)
        a.dispose()
        #expect(cleaned.value == 0, "the work goes on for later consumers")
        input.send(value: 2)
        let (late, _) = shared!.record()
        #expect(runs.value == 1, "never started again")
        #expect(late.values == [2])
        input.sendCompleted()
        #expect(late.terminal == .completed)
        let (afterEnd, _) = shared!.record()
        #expect(afterEnd.events == [.value(2), .completed])
        shared = nil
    }

    @Test func replayLazilyStopsTheWorkOnceTheProducerAndEveryConsumerAreGone() {
        let cleaned = Counter()
        var shared: SignalProducer<Int, Never>? = SignalProducer<Int, Never> { observer, lifetime in
            observer.send(value: 1)
            lifetime.observeEnded { cleaned.increment() }
        }.replayLazily(upTo: 1)
        let (consumer, disposable) = shared!.record()
        shared = nil
        #expect(cleaned.value == 0, "a consumer still listens")
        #expect(!consumer.isTerminated)
        disposable.dispose()
        #expect(cleaned.value == 1)
    }
}

@Suite("Flattening")
struct FlatteningTests {
    @Test func mergeRunsInnersTogether() {
        let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
        let (a, inputA) = Signal<Int, Never>.pipe()
        let (b, inputB) = Signal<Int, Never>.pipe()
        let (recorder, _) = outer.flatten(.merge).record()
        outerInput.send(value: a)
        outerInput.send(value: b)
        inputA.send(value: 1)
        inputB.send(value: 2)
        inputA.send(value: 3)
        outerInput.sendCompleted()
        inputA.sendCompleted()
        #expect(!recorder.isTerminated)
        inputB.sendCompleted()
        #expect(recorder.events == [.value(1), .value(2), .value(3), .completed])
    }

    @Test func concatRunsInnersOneAfterAnother() {
        let (a, inputA) = Signal<Int, Never>.pipe()
        let (b, inputB) = Signal<Int, Never>.pipe()
        let (recorder, _) = SignalProducer<Signal<Int, Never>, Never>(values: [a, b]).flatten(.concat).record()
        inputB.send(value: 0)
        inputA.send(value: 1)
        inputA.sendCompleted()
        inputB.send(value: 2)
        inputB.sendCompleted()
        #expect(recorder.events == [.value(1), .value(2), .completed])
    }

    @Test func latestSwitchesAndIgnoresTheReplacedInnersInterruption() {
        let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
        let (a, inputA) = Signal<Int, Never>.pipe()
        let (b, inputB) = Signal<Int, Never>.pipe()
        let (recorder, _) = outer.switchToLatest().record()
        outerInput.send(value: a)
        inputA.send(value: 1)
        outerInput.send(value: b)
        inputA.send(value: 2)
        inputB.send(value: 3)
        #expect(a.observerCount == 0)
        outerInput.sendCompleted()
        inputB.sendCompleted()
        #expect(recorder.events == [.value(1), .value(3), .completed])
    }

    @Test func innerFailureFailsTheResult() {
        let (recorder, _) = SignalProducer<Int, TestError>(values: [1, 2])
            .flatMap(.merge) { value in value == 2 ? SignalProducer(error: .boom) : SignalProducer(value: value) }
            .record()
        #expect(recorder.events == [.value(1), .failed(.boom)])
    }

    @Test func disposingTheResultDisposesEveryInner() {
        let cleaned = Counter()
        let inner = SignalProducer<Int, Never> { _, lifetime in lifetime.observeEnded { cleaned.increment() } }
        let (_, disposable) = SignalProducer<Int, Never>(values: [1, 2, 3]).flatMap(.merge) { _ in inner }.record()
        #expect(cleaned.value == 0)
        disposable.dispose()
        #expect(cleaned.value == 3)
    }
}
