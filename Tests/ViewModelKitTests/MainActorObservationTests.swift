import Reactive
import Testing
import ViewModelKit

/// Observing streams with `@MainActor` closures: at once and in order in the main actor's
/// context, after a hop from anywhere else; until a lifetime ends.
@MainActor
@Suite("Main-actor observation")
struct MainActorObservationTests {
    /// Main-actor state the closures write (no lock: they run on the main actor).
    final class Seen {
        var values: [Int] = []
    }

    @Test func aSignalsValuesRunAtOnceAndInOrderUntilTheLifetimeEnds() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (lifetime, token) = Lifetime.make()
        let seen = Seen()
        signal.observe(during: lifetime) { seen.values.append($0) }
        input.send(value: 1)
        input.send(value: 2)
        #expect(seen.values == [1, 2], "no hop: already on the main actor")
        token.dispose()
        input.send(value: 3)
        #expect(seen.values == [1, 2])
        #expect(signal.observerCount == 0, "the observation ended with the lifetime")
    }

    @Test func disposingTheObservationStopsItSooner() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Seen()
        let observation = signal.observe(during: .never) { seen.values.append($0) }
        input.send(value: 1)
        observation?.dispose()
        input.send(value: 2)
        #expect(seen.values == [1])
    }

    @Test func aProducersValuesRunAtOnceUntilTheLifetimeEnds() {
        let (producer, input) = SignalProducer<Int, Never>.pipe()
        let (lifetime, token) = Lifetime.make()
        let seen = Seen()
        SignalProducer(values: [1, 2]).startObserving(during: lifetime) { seen.values.append($0) }
        #expect(seen.values == [1, 2])
        let observation = producer.startObserving(during: lifetime) { seen.values.append($0 * 10) }
        input.send(value: 3)
        #expect(seen.values == [1, 2, 30])
        token.dispose()
        input.send(value: 4)
        #expect(seen.values == [1, 2, 30])
        #expect(observation.isDisposed)
    }

    @Test func aValueFromAnotherThreadHopsToTheMainActor() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (lifetime, token) = Lifetime.make()
        let seen = Seen()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            signal.observe(during: lifetime) { value in
                MainActor.preconditionIsolated("observers run on the main actor")
                seen.values.append(value)
                if value == 2 { done.resume() }
            }
            Task.detached {
                #expect(!MainThread.isMainActorContext)
                input.send(value: 1)
                input.send(value: 2)
            }
        }
        #expect(seen.values == [1, 2], "in order")
        withExtendedLifetime(token) {}
    }

    @Test func aMainActorTargetAppliesUntilItsLifetimeEndsAndItsSlotReplaces() {
        let (lifetime, token) = Lifetime.make()
        let seen = Seen()
        let slot = BindingSlot()
        let first = MutableProperty(1)
        let second = MutableProperty(10)
        BindingTarget<Int>(mainActorLifetime: lifetime, slot: slot) { seen.values.append($0) } <~ first
        first.value = 2
        BindingTarget<Int>(mainActorLifetime: lifetime, slot: slot) { seen.values.append($0) } <~ second
        first.value = 3
        #expect(seen.values == [1, 2, 10], "the second binding replaced the first")
        token.dispose()
        second.value = 11
        #expect(seen.values == [1, 2, 10])
    }
}
