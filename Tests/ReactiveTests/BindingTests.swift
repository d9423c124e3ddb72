import Testing
import Reactive

@Suite("Bindings")
struct BindingTests {
    @Test func bindsASignalToAProperty() {
        let (signal, input) = Signal<String, Never>.pipe()
        let target = MutableProperty("")
        target <~ signal
        input.send(value: "138")
        #expect(target.value == "138")
    }

    @Test func bindingAPropertyAppliesItsCurrentValueAtOnce() {
        let source = MutableProperty(5)
        let target = MutableProperty(0)
        target <~ source
        #expect(target.value == 5)
        source.value = 6
        #expect(target.value == 6)
    }

    @Test func bindsAProducerAndADerivedProperty() {
        let target = MutableProperty(0)
        target <~ SignalProducer(values: [1, 2, 3])
        #expect(target.value == 3)
        let phone = MutableProperty("")
        let valid = MutableProperty(false)
        valid <~ phone.map { $0.count == 11 }
        phone.value = "13800138000"
        #expect(valid.value)
    }

    @Test func aBindingEndsWithTheTargetsLifetime() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let applied = Recorder<Int, Never>()
        let (lifetime, token) = Lifetime.make()
        let target = BindingTarget<Int>(lifetime: lifetime) { applied.observer.send(value: $0) }
        target <~ signal
        input.send(value: 1)
        token.dispose()
        input.send(value: 2)
        #expect(applied.values == [1])
        #expect(signal.observerCount == 0)
    }

    @Test func bindingToAnEndedTargetDoesNothing() {
        let (lifetime, token) = Lifetime.make()
        token.dispose()
        let target = BindingTarget<Int>(lifetime: lifetime) { _ in Issue.record("must not apply") }
        #expect((target <~ SignalProducer(value: 1)) == nil)
    }

    /// Seed pitfall 3: a second binding to one target replaces the first, never a crash.
    @Test func rebindingATargetReplacesTheOldBinding() {
        let (first, firstInput) = Signal<Int, Never>.pipe()
        let (second, secondInput) = Signal<Int, Never>.pipe()
        let target = MutableProperty(0)
        let old = target <~ first
        target <~ second
        #expect(old?.isDisposed == true)
        #expect(first.observerCount == 0)
        firstInput.send(value: 1)
        secondInput.send(value: 2)
        #expect(target.value == 2)
        #expect(target.bindingSlot.isBound)
    }

    @Test func distinctTargetsWithTheirOwnSlotsCoexist() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Recorder<String, Never>()
        let lifetime = Lifetime.make()
        BindingTarget<Int>(lifetime: lifetime.lifetime) { log.observer.send(value: "a\($0)") } <~ signal
        BindingTarget<Int>(lifetime: lifetime.lifetime) { log.observer.send(value: "b\($0)") } <~ signal
        input.send(value: 1)
        #expect(Set(log.values) == ["a1", "b1"])
        withExtendedLifetime(lifetime.token) {}
    }

    @Test func aTargetWithASchedulerAppliesValuesThere() {
        let scheduler = TestScheduler()
        let applied = Recorder<Int, Never>()
        let lifetime = Lifetime.make()
        let target = BindingTarget<Int>(on: scheduler, lifetime: lifetime.lifetime) { applied.observer.send(value: $0) }
        target <~ SignalProducer(value: 9)
        #expect(applied.values.isEmpty)
        scheduler.advance()
        #expect(applied.values == [9])
        withExtendedLifetime(lifetime.token) {}
    }
}

@Suite("Lifetime and disposables")
struct LifetimeTests {
    @Test func aLifetimeEndsWhenItsTokenIsReleased() {
        var token: Lifetime.Token? = Lifetime.make().token
        let lifetime = token!.lifetime
        let ended = Counter()
        lifetime.observeEnded { ended.increment() }
        let cancelled = lifetime.observeEnded { ended.increment() }
        cancelled?.dispose()
        #expect(!lifetime.hasEnded)
        token = nil
        #expect(lifetime.hasEnded)
        #expect(ended.value == 1)
        lifetime.observeEnded { ended.increment() }
        #expect(ended.value == 2, "observing an ended lifetime runs at once")
    }

    @Test func endedSignalCompletes() {
        let (lifetime, token) = Lifetime.make()
        let (recorder, _) = lifetime.endedSignal.record()
        token.dispose()
        #expect(recorder.events == [.completed])
    }

    @Test func anyDisposableRunsOnceAndReleasesItsAction() {
        let runs = Counter()
        var tracked: Tracked? = Tracked()
        let weak = WeakBox(tracked!)
        let disposable = AnyDisposable { [tracked] in _ = tracked; runs.increment() }
        tracked = nil
        disposable.dispose()
        disposable.dispose()
        #expect(runs.value == 1)
        #expect(weak.object == nil)
        #expect(disposable.isDisposed)
    }

    @Test func compositeDisposesEverythingAndLateAdditionsAtOnce() {
        let runs = Counter()
        let composite = CompositeDisposable()
        composite += AnyDisposable { runs.increment() }
        composite.add { runs.increment() }
        composite.dispose()
        #expect(runs.value == 2)
        composite.add { runs.increment() }
        #expect(runs.value == 3)
    }

    @Test func disposingACompositeHandleRemovesTheChildWithoutDisposingIt() {
        let runs = Counter()
        let composite = CompositeDisposable()
        let child = AnyDisposable { runs.increment() }
        let handle = composite.add(child)
        handle?.dispose()
        #expect(runs.value == 0, "the handle only removes")
        #expect(!child.isDisposed)
        #expect(handle?.isDisposed == true)
        composite.dispose()
        #expect(runs.value == 0, "a removed child is not disposed with the composite")
    }

    @Test func serialDisposesThePreviousOnReplacement() {
        let runs = Counter()
        let serial = SerialDisposable(AnyDisposable { runs.increment() })
        serial.inner = AnyDisposable { runs.increment() }
        #expect(runs.value == 1)
        serial.dispose()
        #expect(runs.value == 2)
        serial.inner = AnyDisposable { runs.increment() }
        #expect(runs.value == 3)
    }

    @Test func scopedDisposesOnRelease() {
        let runs = Counter()
        var scoped: ScopedDisposable? = AnyDisposable { runs.increment() }.scoped()
        #expect(scoped?.isDisposed == false)
        scoped = nil
        #expect(runs.value == 1)
    }
}

@Suite("Swift concurrency bridges")
struct AsyncBridgeTests {
    @Test func producerValuesIterateAndFinish() async {
        var collected: [Int] = []
        for await value in SignalProducer<Int, Never>(values: [1, 2, 3]).values { collected.append(value) }
        #expect(collected == [1, 2, 3])
    }

    @Test func propertyValuesStartWithTheCurrentValue() async {
        let property = MutableProperty(1)
        var iterator = property.values.makeAsyncIterator()
        #expect(await iterator.next() == 1)
        property.value = 2
        #expect(await iterator.next() == 2)
    }

    @Test func throwingValuesRethrowTheFailure() async {
        let producer = SignalProducer<Int, TestError>(value: 1).concat(SignalProducer(error: .boom))
        var collected: [Int] = []
        await #expect(throws: TestError.boom) {
            for try await value in producer.throwingValues { collected.append(value) }
        }
        #expect(collected == [1])
    }

    @Test func cancellingTheIteratingTaskDisposesTheProducer() async {
        let (ended, reportEnded) = AsyncStream<Void>.makeStream()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            observer.send(value: 1)
            lifetime.observeEnded { reportEnded.yield() }
        }
        let task = Task {
            for await _ in producer.values {}
        }
        task.cancel()
        var iterator = ended.makeAsyncIterator()
        await iterator.next()
        await task.value
    }

    @Test func producerFromAnAsyncClosureIsColdAndTypedThrowing() async throws {
        let runs = Counter()
        let producer = SignalProducer<Int, TestError> { () async throws(TestError) -> Int in
            runs.increment()
            return 42
        }
        #expect(runs.value == 0)
        #expect(try await producer.first() == 42)
        #expect(try await producer.first() == 42)
        #expect(runs.value == 2)
        let failing = SignalProducer<Int, TestError> { () async throws(TestError) -> Int in throw .boom }
        await #expect(throws: TestError.boom) { try await failing.first() }
    }

    @Test func producerFromAnAsyncSequence() async throws {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish()
        let producer = SignalProducer<Int, any Error>(stream)
        var collected: [Int] = []
        for try await value in producer.throwingValues { collected.append(value) }
        #expect(collected == [1, 2])
    }

    @Test func firstOfAnEmptyProducerIsNil() async throws {
        #expect(try await SignalProducer<Int, TestError>.empty.first() == nil)
    }
}
