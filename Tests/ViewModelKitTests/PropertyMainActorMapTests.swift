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
