import Dispatch
import Reactive
import ReactiveTesting
import Testing
import ViewModelKit

/// A main-actor view model derives its texts with its own (main-actor) functions.
@MainActor
private final class Counter {
    let items = MutableProperty([String]())
    var suffix = " left"
    lazy var text = items.map(onMainActor: { [unowned self] in self.describe($0) })
    func describe(_ items: [String]) -> String { "\(items.count)\(suffix)" }
}

@MainActor
@Suite("Property.map on the main actor")
struct PropertyMainActorMapTests {
    @Test func aMainActorTransformFollowsItsSourceAtOnce() {
        let counter = Counter()
        let recorder = counter.text.producer.recorded()
        #expect(counter.text.value == "0 left")
        counter.items.value = ["milk"]
        #expect(counter.text.value == "1 left", "at once on the main actor")
        counter.suffix = " to do"
        counter.items.value = ["milk", "eggs"]
        #expect(recorder.values == ["0 left", "1 left", "2 to do"])
    }

    @Test func aChangeFromAnotherThreadArrivesAfterAHop() async {
        let counter = Counter()
        let items = counter.items
        await Task.detached { items.value = ["bread"] }.value
        for _ in 0..<100 where counter.text.value != "1 left" { await Task.yield() }
        #expect(counter.text.value == "1 left")
    }

    @Test func aLateHopNeverUndoesALaterChange() async {
        let counter = Counter()
        _ = counter.text.value
        let items = counter.items
        // Set from another thread while the main actor is busy here: its hop has to wait.
        DispatchQueue.global().sync { items.value = ["from another thread"] }
        counter.items.value = ["a", "b", "c"]
        #expect(counter.text.value == "3 left", "at once on the main actor")
        for _ in 0..<100 { await Task.yield() }
        #expect(counter.text.value == "3 left", "the waiting hop works out the latest value, not its own")
    }

    @Test func aHopAfterTheOwnerIsGoneCallsNothing() async {
        weak var freed: Counter?
        do {
            let counter = Counter()
            _ = counter.text.value
            let items = counter.items
            DispatchQueue.global().sync { items.value = ["late"] }
            freed = counter
        }
        #expect(freed == nil)
        // The hop runs now; its transform would reach the freed counter (unowned): it must not.
        for _ in 0..<100 { await Task.yield() }
    }

    @Test func itKeepsNeitherItsSourceNorItselfAlive() {
        weak var source: MutableProperty<Int>?
        weak var derived: Property<String>?
        do {
            let property = MutableProperty(1)
            let mapped = property.map(onMainActor: { "\($0)" })
            source = property
            derived = mapped
            #expect(mapped.value == "1")
        }
        #expect(source == nil)
        #expect(derived == nil)
    }
}
