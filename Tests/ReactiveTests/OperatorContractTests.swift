import Testing
import Reactive

/// The contract every operator keeps, checked across the whole catalogue: interruption passes
/// through, disposing an observation detaches it from its source (and from every other input),
/// and after a terminal event nothing more arrives.
@Suite("Operator contract")
struct OperatorContractTests {
    typealias Operator = @Sendable (Signal<Int, Never>) -> Signal<Int, Never>

    static let scheduler = TestScheduler()
    static let other = MutableProperty(1)

    static let catalogue: [(String, Operator)] = [
        ("map", { $0.map { $0 + 1 } }),
        ("filter", { $0.filter { _ in true } }),
        ("compactMap", { $0.compactMap { $0 } }),
        ("skipRepeats", { $0.skipRepeats() }),
        ("scan", { $0.scan(0, +) }),
        ("reduce", { $0.reduce(0, +) }),
        ("collect", { $0.collect().map { $0.count } }),
        ("combinePrevious", { $0.combinePrevious(0).map { $0.current } }),
        ("take(first:)", { $0.take(first: 100) }),
        ("skip(first:)", { $0.skip(first: 0) }),
        ("take(while:)", { $0.take(while: { _ in true }) }),
        ("skip(while:)", { $0.skip(while: { _ in false }) }),
        ("take(until:)", { $0.take(until: Signal<Void, Never>.never) }),
        ("take(during:)", { $0.take(during: .never) }),
        ("prefix(value:)", { $0.prefix(value: 0) }),
        ("on", { $0.on(value: { _ in }) }),
        ("logEvents", { $0.logEvents(logger: { _, _ in }) }),
        ("combineLatest", { Signal.combineLatest($0, other.signal) { $0 + $1 } }),
        ("zip", { Signal.zip($0, $0).map { $0 + $1 } }),
        ("merge", { Signal.merge($0, .never) }),
        ("withLatest(from:)", { $0.withLatest(from: other.producer).map { $0 + $1 } }),
        ("sample(on:)", { $0.sample(on: .never) }),
        ("flatMap(.merge)", { $0.flatMap(.merge) { SignalProducer(value: $0) } }),
        ("flatMap(.concat)", { $0.flatMap(.concat) { SignalProducer(value: $0) } }),
        ("flatMap(.latest)", { $0.flatMap(.latest) { SignalProducer(value: $0) } }),
        ("flatMapError", { $0.flatMapError { _ in SignalProducer<Int, Never>.empty } }),
        ("materialize", { $0.materialize().compactMap { $0.value } }),
        ("delay", { $0.delay(.zero, on: scheduler) }),
        ("throttle", { $0.throttle(.zero, on: scheduler) }),
        ("debounce", { $0.debounce(.zero, on: scheduler) }),
        ("timeout", { $0.promoteError(TestError.self).timeout(after: .seconds(60), raising: .boom, on: scheduler).flatMapError { _ in .empty } }),
        ("observe(on:)", { $0.observe(on: ImmediateScheduler()) }),
    ]

    static var names: [String] { catalogue.map(\.0) }

    static func apply(_ name: String, to signal: Signal<Int, Never>) -> Signal<Int, Never> {
        guard let op = catalogue.first(where: { $0.0 == name })?.1 else { return signal }
        return op(signal)
    }

    @Test(arguments: names)
    func disposalDetachesFromTheSource(_ name: String) {
        let (source, input) = Signal<Int, Never>.pipe()
        let (recorder, disposable) = Self.apply(name, to: source).record()
        #expect(source.observerCount >= 1, "\(name) attaches to its source")
        disposable?.dispose()
        #expect(source.observerCount == 0, "\(name) detaches on disposal")
        input.send(value: 1)
        Self.scheduler.run()
        #expect(recorder.events.filter { $0.value == 2 }.isEmpty || name == "prefix(value:)")
    }

    @Test(arguments: names)
    func interruptionPassesThrough(_ name: String) {
        let (source, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = Self.apply(name, to: source).record()
        input.sendInterrupted()
        Self.scheduler.run()
        // materialize turns every terminal event into a value, then completes: by design.
        let expected: Event<Int, Never> = name == "materialize" ? .completed : .interrupted
        #expect(recorder.terminal == expected, "\(name)")
        #expect(source.observerCount == 0)
    }

    @Test(arguments: names)
    func nothingArrivesAfterTheTerminalEvent(_ name: String) {
        let (source, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = Self.apply(name, to: source).record()
        input.send(value: 1)
        input.sendCompleted()
        input.send(value: 2)
        Self.scheduler.run()
        let events = recorder.events
        let terminalIndex = events.firstIndex { $0.isTerminating }
        #expect(terminalIndex == nil || terminalIndex == events.count - 1, "\(name): \(events)")
    }
}
