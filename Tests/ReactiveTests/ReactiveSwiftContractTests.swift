import Testing
import Reactive

/// The differences #12 found from ReactiveSwift's specs, one test per behaviour.
@Suite("ReactiveSwift's contract")
struct ReactiveSwiftContractTests {
    let scheduler = TestScheduler()

    // 1. Disposal interrupts at the source.

    @Test func disposingStartRunsUpstreamInterruptedHandlers() {
        let log = Recorder<String, Never>()
        let disposable = SignalProducer<Int, Never>.never
            .on(event: { log.observer.send(value: "event \($0)") },
                interrupted: { log.observer.send(value: "interrupted") },
                terminated: { log.observer.send(value: "terminated") })
            .map { $0 + 1 }
            .start()
        disposable.dispose()
        #expect(log.values == ["event interrupted", "interrupted", "terminated"])
    }

    @Test func disposingStartDeliversInterruptedOnObserveOnsScheduler() {
        let recorder = Recorder<Int, Never>()
        let ended = Counter()
        let disposable = SignalProducer<Int, Never> { _, lifetime in lifetime.observeEnded { ended.increment() } }
            .observe(on: scheduler)
            .start(recorder.observer)
        disposable.dispose()
        #expect(recorder.events.isEmpty, "the interruption goes through the scheduler")
        scheduler.advance()
        #expect(recorder.events == [.interrupted])
        #expect(ended.value == 1)
    }

    @Test func disposingStartDeliversInterruptedOnDelaysScheduler() {
        let recorder = Recorder<Int, Never>()
        let disposable = SignalProducer<Int, Never>.never.delay(.seconds(1), on: scheduler).start(recorder.observer)
        disposable.dispose()
        #expect(recorder.events.isEmpty)
        scheduler.advance()
        #expect(recorder.events == [.interrupted])
    }

    @Test func disposingStartDropsWhatTheSourceSendsAfterwards() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder<Int, Never>()
        let disposable = SignalProducer(signal).map { $0 * 10 }.start(recorder.observer)
        input.send(value: 1)
        disposable.dispose()
        input.send(value: 2)
        #expect(recorder.events == [.value(10), .interrupted])
        #expect(signal.observerCount == 0)
    }

    // 2. and 3. Flatten.

    @Test(arguments: [FlattenStrategy.merge, .concat, .latest])
    func anInterruptedInnerEndsLikeACompletion(strategy: FlattenStrategy) {
        let (recorder, _) = SignalProducer<Int, Never>(values: [1, 2])
            .flatMap(strategy) { value in
                value == 1 ? SignalProducer<Int, Never>.interrupted : SignalProducer(value: value)
            }
            .record()
        #expect(recorder.events == [.value(2), .completed])
    }

    @Test func concatHandlesAHundredThousandQueuedInnersWithoutOverflowing() {
        let (outer, input) = Signal<SignalProducer<Int, Never>, Never>.pipe()
        let (gate, gateInput) = Signal<Int, Never>.pipe()
        let sum = Counter()
        let completed = Counter()
        outer.flatten(.concat).observe { event in
            switch event {
            case .value: sum.increment()
            case .completed: completed.increment()
            default: break
            }
        }
        // The first inner holds the queue until it completes; every other one completes at once.
        input.send(value: SignalProducer(gate))
        for value in 0..<100_000 { input.send(value: SignalProducer(value: value)) }
        input.sendCompleted()
        #expect(sum.value == 0)
        gateInput.sendCompleted()
        #expect(sum.value == 100_000)
        #expect(completed.value == 1)
    }

    // 4. startWithSignal.

    @Test func startWithSignalWhoseSetupDisposesNeverStartsTheWork() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { _, _ in starts.increment() }
        let recorder = Recorder<Int, Never>()
        producer.startWithSignal { signal, interrupter in
            signal.observe(recorder.observer)
            interrupter.dispose()
        }
        #expect(starts.value == 0)
        #expect(recorder.events == [.interrupted])
    }

    @Test func anUnobservedUnretainedRunEndsItsLifetime() {
        let ended = Counter()
        let producer = SignalProducer<Int, Never> { _, lifetime in lifetime.observeEnded { ended.increment() } }
        producer.startWithSignal { _, _ in }
        #expect(ended.value == 1)
    }

    // 5. Signal { }.

    @Test func anUnobservedSignalWhoseGeneratorKeepsItsInputIsDisposed() {
        let ended = Counter()
        var keep: Signal<Int, Never>.Observer?
        _ = Signal<Int, Never> { input, lifetime in
            keep = input
            lifetime.observeEnded { ended.increment() }
        }
        #expect(ended.value == 1, "nobody holds or observes the signal: its generator's work ends")
        withExtendedLifetime(keep) {}
    }

    @Test func aSignalIsDisposedWhenItsLastObserverLeavesAfterItWasReleased() {
        let ended = Counter()
        let holder = Recorder<Signal<Int, Never>.Observer, Never>()
        var signal: Signal<Int, Never>? = Signal { input, lifetime in
            holder.observer.send(value: input)
            lifetime.observeEnded { ended.increment() }
        }
        let observation = signal?.observeValues { _ in }
        signal = nil
        #expect(ended.value == 0, "still observed")
        holder.values.first?.send(value: 1)
        observation?.dispose()
        #expect(ended.value == 1)
    }

    // 6. and 7. Properties.

    @Test func aConstantPropertysProducerCompletes() {
        let constant = Property(value: 3)
        let (recorder, _) = constant.producer.record()
        #expect(recorder.events == [.value(3), .completed])
        let (signalRecorder, _) = constant.signal.record()
        #expect(signalRecorder.isTerminated, "the signal of a constant has ended")
        let (viewRecorder, _) = Property(constant).producer.collect().record()
        #expect(viewRecorder.events.first?.value == [3])
        #expect(viewRecorder.terminal == .completed)
    }

    @Test func aDerivedPropertyCompletesWhenItsSourceEnds() {
        var source: MutableProperty<Int>? = MutableProperty(1)
        let derived = source!.map { $0 * 2 }
        let (recorder, _) = derived.signal.record()
        source?.value = 2
        source = nil
        #expect(recorder.events == [.value(4), .completed])
        #expect(derived.value == 4, "the last value stays")
        let (late, _) = derived.producer.record()
        #expect(late.events == [.value(4), .completed])
    }

    @Test func aDerivedPropertyDoesNotKeepItsSourceAlive() {
        var source: MutableProperty<Int>? = MutableProperty(1)
        weak let weakSource = source
        let derived = source!.map { $0 + 1 }.skipRepeats().combineLatest(with: Property(value: 0))
        source = nil
        #expect(weakSource == nil)
        #expect(derived.value == (2, 0))
    }

    @Test func aReleasedDerivedPropertyStopsFollowingItsSourceOnceUnobserved() {
        let source = MutableProperty(1)
        var derived: Property<Int>? = source.map { $0 }
        #expect(source.observerCount == 1)
        let observation = derived?.signal.observeValues { _ in }
        derived = nil
        #expect(source.observerCount == 1, "an observer still listens")
        observation?.dispose()
        #expect(source.observerCount == 0)
    }

    @Test func aPropertyFromInitialThenCompletesWithItsProducer() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let property = Property(initial: 0, then: signal)
        let (recorder, _) = property.producer.record()
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.events == [.value(0), .value(1), .completed])
    }

    // 8. replayLazily: see ProducerTests (replayLazilyKeepsTheRunGoing…, …StopsTheWorkOnce…).

    @Test func replayLazilyDeliversTheEndToConsumersWhenTheProducerIsReleased() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var shared: SignalProducer<Int, Never>? = SignalProducer(signal).replayLazily(upTo: 1)
        let (recorder, _) = shared!.record()
        shared = nil
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.events == [.value(1), .completed])
    }

    // 11. take(first: 0): see TransformingTests.takeZeroInterruptsAtOnceWithoutStarting.

    // 13. Action.

    @Test func actionDeliversToTheApplyingObserverBeforeValuesAndEvents() {
        let action = Action<Int, Int, Never> { SignalProducer(value: $0) }
        let order = Recorder<String, Never>()
        action.values.observeValues { _ in order.observer.send(value: "values") }
        action.events.observeValues { _ in order.observer.send(value: "events") }
        action.apply(1).startWithValues { _ in order.observer.send(value: "apply") }
        #expect(order.values.first == "apply")
        #expect(Set(order.values.prefix(3)) == ["apply", "events", "values"])
    }

    @Test func actionSendsDisabledErrorsWhenApplyIsRefused() {
        let enabled = MutableProperty(false)
        let action = Action<Void, Int, Never>(enabledIf: enabled) { SignalProducer(value: 1) }
        let refusals = Counter()
        action.disabledErrors.observeValues { refusals.increment() }
        let (recorder, _) = action.apply().record()
        #expect(refusals.value == 1)
        #expect(recorder.terminal == .failed(.disabled))
        enabled.value = true
        action.apply().start()
        #expect(refusals.value == 1)
    }
}
