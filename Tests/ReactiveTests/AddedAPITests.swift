import Testing
import Reactive

/// The APIs #12 asked for, each checked against what ReactiveSwift's specs describe.
@Suite("Added APIs")
struct AddedAPITests {
    let scheduler = TestScheduler()

    @Test func producerPipeStartsObserveFromTheirStart() {
        let (producer, input) = SignalProducer<Int, Never>.pipe()
        input.send(value: 0)
        let (recorder, _) = producer.record()
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.events == [.value(1), .completed])
    }

    @Test func observeTakesAClosure() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let events = Recorder<Event<Int, Never>, Never>()
        signal.observe { event in events.observer.send(value: event) }
        input.send(value: 1)
        input.sendCompleted()
        #expect(events.values == [.value(1), .completed])
    }

    @Test func takeLastSendsTheLastValuesOnCompletion() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = signal.take(last: 2).record()
        for value in 1...4 { input.send(value: value) }
        #expect(recorder.events.isEmpty)
        input.sendCompleted()
        #expect(recorder.events == [.value(3), .value(4), .completed])
    }

    @Test func takeLastForwardsFailureWithoutTheValues() {
        let (recorder, _) = SignalProducer<Int, TestError>(values: [1, 2]).concat(SignalProducer(error: .boom))
            .take(last: 1).record()
        #expect(recorder.events == [.failed(.boom)])
    }

    @Test func skipUntilDropsValuesUntilTheTriggerSends() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<Void, Never>.pipe()
        let (recorder, _) = signal.skip(until: trigger).record()
        input.send(value: 1)
        fire.send(value: ())
        input.send(value: 2)
        fire.send(value: ())
        input.send(value: 3)
        #expect(recorder.values == [2, 3])
    }

    @Test func takeUntilReplacementSwitchesToTheReplacementAtItsFirstEvent() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (replacement, replace) = Signal<Int, Never>.pipe()
        let (recorder, _) = signal.take(untilReplacement: replacement).record()
        input.send(value: 1)
        replace.send(value: 10)
        input.send(value: 2)
        replace.send(value: 11)
        replace.sendCompleted()
        #expect(recorder.events == [.value(1), .value(10), .value(11), .completed])
    }

    @Test func takeUntilReplacementIgnoresTheSourcesCompletion() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (replacement, replace) = Signal<Int, Never>.pipe()
        let (recorder, _) = signal.take(untilReplacement: replacement).record()
        input.sendCompleted()
        #expect(!recorder.isTerminated)
        replace.send(value: 5)
        #expect(recorder.values == [5])
    }

    @Test func timerIntervalSendsTheTimeEveryInterval() {
        let (recorder, disposable) = SignalProducer.timer(interval: .seconds(1), on: scheduler).record()
        scheduler.advance(by: .milliseconds(999))
        #expect(recorder.values.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == [SchedulerInstant.zero.advanced(by: .seconds(1)), .zero.advanced(by: .seconds(2))])
        disposable.dispose()
        scheduler.advance(by: .seconds(5))
        #expect(recorder.values.count == 2)
    }

    @Test func intervalSendsEachElementThenCompletes() {
        let (recorder, _) = SignalProducer<String, Never>.interval(["a", "b"], interval: .seconds(1), on: scheduler).record()
        scheduler.advance(by: .seconds(2))
        #expect(recorder.values == ["a", "b"])
        #expect(!recorder.isTerminated)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.terminal == .completed)
        let (counting, disposable) = SignalProducer<Int, Never>.interval(.seconds(1), on: scheduler).record()
        scheduler.advance(by: .seconds(3))
        #expect(counting.values == [0, 1, 2])
        disposable.dispose()
    }

    @Test func retryWithIntervalWaitsBetweenAttempts() {
        let attempts = Counter()
        let flaky = SignalProducer<Int, TestError> { observer, _ in
            attempts.increment()
            observer.send(error: .boom)
        }
        let (recorder, _) = flaky.retry(upTo: 2, interval: .seconds(1), on: scheduler).record()
        #expect(attempts.value == 1)
        scheduler.advance(by: .milliseconds(999))
        #expect(attempts.value == 1)
        scheduler.advance(by: .milliseconds(1))
        #expect(attempts.value == 2)
        scheduler.advance(by: .seconds(1))
        #expect(attempts.value == 3)
        #expect(recorder.events == [.failed(.boom)], "the last failure is forwarded at once")
    }

    @Test func attemptMapFailsWithTheTransformsError() {
        let (recorder, _) = SignalProducer<Int, TestError>(values: [1, 2, 3])
            .attemptMap { value -> Result<Int, TestError> in value == 2 ? .failure(.boom) : .success(value * 10) }
            .record()
        #expect(recorder.events == [.value(10), .failed(.boom)])
    }

    @Test func propertyCapturingReadsAndObservesTheCapturedProperty() {
        let source = MutableProperty(1)
        let captured = Property(capturing: source)
        let (recorder, _) = captured.signal.record()
        source.value = 2
        #expect(captured.value == 2)
        #expect(recorder.values == [2])
    }

    @Test func mutablePropertyWithValueReadsUnderTheLock() {
        let property = MutableProperty([1, 2])
        let count = property.withValue { $0.count }
        #expect(count == 2)
    }

    @Test func lifetimeEmptyHasEnded() {
        #expect(Lifetime.empty.hasEnded)
        let ran = Counter()
        Lifetime.empty.observeEnded { ran.increment() }
        #expect(ran.value == 1)
        let (recorder, _) = SignalProducer<Int, Never>.never.take(during: .empty).record()
        #expect(recorder.isTerminated)
    }
}

@Suite("ValidatingProperty")
struct ValidatingPropertyTests {
    enum FieldError: Error, Equatable { case tooLong, empty }

    @Test func aValidValueIsStored() {
        let field = ValidatingProperty<String, FieldError>("") { $0.count <= 3 ? .valid : .invalid(.tooLong) }
        field.value = "abc"
        #expect(field.value == "abc")
        #expect(field.result.value.value == "abc")
    }

    @Test func anInvalidValueIsNotStoredAndResultCarriesTheError() {
        let field = ValidatingProperty<String, FieldError>("ok") { $0.count <= 3 ? .valid : .invalid(.tooLong) }
        let (changes, _) = field.signal.record()
        field.value = "toolong"
        #expect(field.value == "ok")
        #expect(field.result.value.isInvalid)
        #expect(field.result.value.error == .tooLong)
        #expect(field.result.value.proposed == "toolong")
        #expect(changes.values.isEmpty)
    }

    @Test func aCoercedValueIsReplacedBeforeItIsStored() {
        let field = ValidatingProperty<String, FieldError>("") { text in
            text.count <= 3 ? .valid : .coerced(String(text.prefix(3)), .tooLong)
        }
        field.value = "abcdef"
        #expect(field.value == "abc")
        #expect(field.result.value.value == "abc")
        #expect(field.result.value.error == .tooLong)
    }

    @Test func valuesSetOnTheWrappedPropertyAreValidatedToo() {
        let text = MutableProperty("a")
        let field = ValidatingProperty<String, FieldError>(text) { $0.isEmpty ? .invalid(.empty) : .valid }
        #expect(!field.result.value.isInvalid)
        text.value = ""
        #expect(field.result.value.isInvalid)
        text.value = "b"
        #expect(field.result.value.value == "b")
    }

    @Test func aFieldValidatedWithAnotherIsValidatedAgainWhenTheOtherChanges() {
        let limit = MutableProperty(5)
        let field = ValidatingProperty<Int, FieldError>(3, with: limit) { value, limit in
            value <= limit ? .valid : .invalid(.tooLong)
        }
        field.value = 4
        #expect(!field.result.value.isInvalid)
        limit.value = 2
        #expect(field.result.value.isInvalid)
        limit.value = 9
        #expect(field.result.value.value == 4)
    }
}
