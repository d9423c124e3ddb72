import Testing
import Reactive

/// The contract every operator keeps, checked across the whole catalogue: interruption passes
/// through, disposing an observation detaches it from its source (and from every other input),
/// and after a terminal event nothing more arrives.
@Suite("Operator contract")
struct OperatorContractTests {
    typealias Operator = @Sendable (Signal<Int, Never>, TestScheduler) -> Signal<Int, Never>

    static let other = MutableProperty(1)

    static let catalogue: [(String, Operator)] = [
        ("map", { s, _ in s.map { $0 + 1 } }),
        ("filter", { s, _ in s.filter { _ in true } }),
        ("compactMap", { s, _ in s.compactMap { $0 } }),
        ("skipRepeats", { s, _ in s.skipRepeats() }),
        ("scan", { s, _ in s.scan(0, +) }),
        ("reduce", { s, _ in s.reduce(0, +) }),
        ("collect", { s, _ in s.collect().map { $0.count } }),
        ("combinePrevious", { s, _ in s.combinePrevious(0).map { $0.current } }),
        ("take(first:)", { s, _ in s.take(first: 100) }),
        ("skip(first:)", { s, _ in s.skip(first: 0) }),
        ("take(while:)", { s, _ in s.take(while: { _ in true }) }),
        ("skip(while:)", { s, _ in s.skip(while: { _ in false }) }),
        ("take(until:)", { s, _ in s.take(until: Signal<Void, Never>.never) }),
        ("take(during:)", { s, _ in s.take(during: .never) }),
        ("prefix(value:)", { s, _ in s.prefix(value: 0) }),
        ("on", { s, _ in s.on(value: { _ in }) }),
        ("logEvents", { s, _ in s.logEvents(logger: { _, _ in }) }),
        ("combineLatest", { s, _ in Signal.combineLatest(s, other.signal) { $0 + $1 } }),
        ("zip", { s, _ in Signal.zip(s, s).map { $0 + $1 } }),
        ("merge", { s, _ in Signal.merge(s, .never) }),
        ("withLatest(from:)", { s, _ in s.withLatest(from: other.producer).map { $0 + $1 } }),
        ("sample(on:)", { s, _ in s.sample(on: .never) }),
        ("flatMap(.merge)", { s, _ in s.flatMap(.merge) { SignalProducer(value: $0) } }),
        ("flatMap(.concat)", { s, _ in s.flatMap(.concat) { SignalProducer(value: $0) } }),
        ("flatMap(.latest)", { s, _ in s.flatMap(.latest) { SignalProducer(value: $0) } }),
        ("flatMapError", { s, _ in s.promoteError(TestError.self).flatMapError { _ in SignalProducer<Int, Never>.empty } }),
        ("materialize", { s, _ in s.materialize().compactMap { $0.value } }),
        ("delay", { s, scheduler in s.delay(.zero, on: scheduler) }),
        ("throttle", { s, scheduler in s.throttle(.zero, on: scheduler) }),
        ("debounce", { s, scheduler in s.debounce(.zero, on: scheduler) }),
        ("timeout", { s, scheduler in s.promoteError(TestError.self).timeout(after: .seconds(60), raising: .boom, on: scheduler).flatMapError { _ in .empty } }),
        ("observe(on:)", { s, _ in s.observe(on: ImmediateScheduler()) }),
    ]

    static var names: [String] { catalogue.map(\.0) }

    static func apply(_ name: String, to signal: Signal<Int, Never>, on scheduler: TestScheduler) -> Signal<Int, Never> {
        guard let op = catalogue.first(where: { $0.0 == name })?.1 else { return signal }
        return op(signal, scheduler)
    }

    @Test(arguments: names)
    func disposalDetachesFromTheSource(_ name: String) {
        let scheduler = TestScheduler()
        let (source, input) = Signal<Int, Never>.pipe()
        let (recorder, disposable) = Self.apply(name, to: source, on: scheduler).record()
        #expect(source.observerCount >= 1, "\(name) attaches to its source")
        disposable?.dispose()
        #expect(source.observerCount == 0, "\(name) detaches on disposal")
        input.send(value: 1)
        scheduler.run()
        #expect(recorder.events.filter { $0.value == 2 }.isEmpty || name == "prefix(value:)")
    }

    @Test(arguments: names)
    func interruptionPassesThrough(_ name: String) {
        let scheduler = TestScheduler()
        let (source, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = Self.apply(name, to: source, on: scheduler).record()
        input.sendInterrupted()
        scheduler.run()
        // materialize turns every terminal event into a value, then completes: by design.
        let expected: Event<Int, Never> = name == "materialize" ? .completed : .interrupted
        #expect(recorder.terminal == expected, "\(name)")
        #expect(source.observerCount == 0)
    }

    @Test(arguments: names)
    func nothingArrivesAfterTheTerminalEvent(_ name: String) {
        let scheduler = TestScheduler()
        let (source, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = Self.apply(name, to: source, on: scheduler).record()
        input.send(value: 1)
        input.sendCompleted()
        input.send(value: 2)
        scheduler.run()
        let events = recorder.events
        let terminalIndex = events.firstIndex { $0.isTerminating }
        #expect(terminalIndex == nil || terminalIndex == events.count - 1, "\(name): \(events)")
    }
}
