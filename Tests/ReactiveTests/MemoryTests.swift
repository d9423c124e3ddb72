import Testing
import Reactive
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Observers and the closures they capture are released after completion, failure,
/// interruption and disposal; nothing keeps finished subscriptions alive.
@Suite("Memory")
struct MemoryTests {
    /// Observes `signal` with a closure capturing a fresh object; returns a weak handle to it.
    private func observeCapturing<V, E>(_ signal: Signal<V, E>) -> (WeakBox<Tracked>, (any Disposable)?) {
        let tracked = Tracked()
        let disposable = signal.observe(Signal<V, E>.Observer { _ in _ = tracked.id })
        return (WeakBox(tracked), disposable)
    }

    @Test(arguments: ["completed", "failed", "interrupted", "disposed", "input released"])
    func observerClosuresAreReleasedWhenTheObservationEnds(ending: String) {
        var pipe: (output: Signal<Int, TestError>, input: Signal<Int, TestError>.Observer)? = Signal.pipe()
        guard let signal = pipe?.output else { return }
        let (direct, directDisposable) = observeCapturing(signal)
        let (derived, derivedDisposable) = observeCapturing(signal.map { $0 + 1 }.filter { $0 > 0 })
        #expect(direct.object != nil && derived.object != nil)
        switch ending {
        case "completed": pipe?.input.sendCompleted()
        case "failed": pipe?.input.send(error: .boom)
        case "interrupted": pipe?.input.sendInterrupted()
        case "disposed":
            directDisposable?.dispose()
            derivedDisposable?.dispose()
        default: pipe = nil
        }
        #expect(direct.object == nil, "direct observer released after \(ending)")
        #expect(derived.object == nil, "derived observer released after \(ending)")
        #expect(signal.observerCount == 0)
    }

    @Test(arguments: ["completed", "failed", "disposed"])
    func producerRunsReleaseTheirObserversAndHandlers(ending: String) {
        let started = Mutex<Signal<Int, TestError>.Observer?>(nil)
        let producer = SignalProducer<Int, TestError> { observer, _ in started.withLock { $0 = observer } }
        var observerObject: Tracked? = Tracked()
        let weakObserver = WeakBox(observerObject!)
        let disposable = producer.map { $0 * 2 }.start(Signal<Int, TestError>.Observer { [observerObject] _ in
            _ = observerObject?.id
        })
        observerObject = nil
        #expect(weakObserver.object != nil, "a running start keeps its observer")
        switch ending {
        case "completed": started.withLock { $0 }?.sendCompleted()
        case "failed": started.withLock { $0 }?.send(error: .boom)
        default: disposable.dispose()
        }
        started.withLock { $0 = nil }
        #expect(weakObserver.object == nil, "observer released after \(ending)")
    }

    /// A repeating timer's action captures its scheduler; cancelling it must release the action
    /// at once, not when the clock next passes the cancelled entry, or the scheduler's queue and
    /// the action keep each other (and the timer's run) alive for ever.
    @Test func aDisposedRepeatingTimerFreesItsSchedulerWithoutTheClockMoving() {
        var scheduler: TestScheduler? = TestScheduler()
        let freed = WeakBox(scheduler!)
        let ticks = Counter()
        let timer = SignalProducer.timer(every: .seconds(5), on: scheduler!).startWithValues { _ in ticks.increment() }
        scheduler?.advance(by: .seconds(12))
        #expect(ticks.value == 2)
        timer.dispose()
        scheduler = nil
        #expect(freed.object == nil, "the scheduler is freed once the timer is disposed")
    }

    /// Observing the end of a lifetime that never ends keeps nothing: `take(during: .never)`
    /// and friends register no end observer.
    @Test func observingTheEndOfLifetimeNeverKeepsNothing() {
        let tracked = Tracked()
        let freed = WeakBox(tracked)
        let handle = Lifetime.never.observeEnded { withExtendedLifetime(tracked) {} }
        #expect(handle == nil)
        _ = consume tracked
        #expect(freed.object == nil)
    }

    @Test func derivedPropertiesAreFreedAndStopFollowing() {
        let source = MutableProperty(1)
        var derived: Property<Int>? = source.map { $0 + 1 }.map { $0 * 2 }
        let weakDerived = WeakBox(derived!)
        #expect(derived?.value == 4)
        #expect(source.observerCount == 1)
        derived = nil
        #expect(weakDerived.object == nil)
        #expect(source.observerCount == 0)
    }

    @Test func mutablePropertyIsFreedAndCompletesItsStreams() {
        var property: MutableProperty<Int>? = MutableProperty(1)
        let weakProperty = WeakBox(property!)
        let (recorder, _) = property!.producer.record()
        property = nil
        #expect(weakProperty.object == nil)
        #expect(recorder.events == [.value(1), .completed])
    }

    @Test func actionIsFreedAfterItsRunsEnd() {
        var action: Action<Int, Int, Never>? = Action { input in SignalProducer(value: input * 2) }
        let weakAction = WeakBox(action!)
        let (recorder, _) = action!.apply(2).record()
        #expect(recorder.values == [4])
        action = nil
        #expect(weakAction.object == nil)
    }

    @Test func bindingsEndWithTheirTarget() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var target: MutableProperty<Int>? = MutableProperty(0)
        let weakTarget = WeakBox(target!)
        target! <~ signal
        input.send(value: 3)
        #expect(target?.value == 3)
        #expect(signal.observerCount == 1)
        target = nil
        #expect(weakTarget.object == nil)
        #expect(signal.observerCount == 0)
    }

    @Test func liveSubscriptionCountReturnsToItsStartAfterDisposal() async {
        // Exact in a process of its own, where no other test runs.
        await #expect(processExitsWith: .success) {
            let before = ReactiveDebug.liveSubscriptions
            let (signal, input) = Signal<Int, Never>.pipe()
            let property = MutableProperty(0)
            var disposables: [(any Disposable)?] = []
            for _ in 0..<100 {
                disposables.append(signal.map { $0 }.observeValues { _ in })
                disposables.append(property.producer.startWithValues { _ in })
            }
            guard ReactiveDebug.liveSubscriptions >= before + 200 else { exit(1) }
            input.send(value: 1)
            for disposable in disposables { disposable?.dispose() }
            disposables.removeAll()
            guard ReactiveDebug.liveSubscriptions == before else { exit(2) }
            withExtendedLifetime((input, property)) {}
        }
    }

    @Test func aProducerRunCountsAsALiveSubscriptionUntilItIsFreed() async {
        // Exact in a process of its own, where no other test runs.
        await #expect(processExitsWith: .success) {
            let before = ReactiveDebug.liveSubscriptions
            var run: (any Disposable)? = SignalProducer<Int, Never>.never.start()
            guard ReactiveDebug.liveSubscriptions == before + 1 else { exit(1) }
            run?.dispose()
            run = nil
            guard ReactiveDebug.liveSubscriptions == before else { exit(2) }
            let finished = SignalProducer<Int, Never>(values: [1, 2]).map { $0 + 1 }.startWithValues { _ in }
            guard finished.isDisposed, ReactiveDebug.liveSubscriptions == before + 1 else { exit(3) }
            withExtendedLifetime(finished) {}
        }
    }
}
