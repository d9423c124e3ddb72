import Testing
import Reactive

@Suite("Operators that combine inputs")
struct CombiningTests {
    @Test func combineLatestWaitsForBothThenSendsOnEveryChange() {
        let (a, inputA) = Signal<Int, TestError>.pipe()
        let (b, inputB) = Signal<String, TestError>.pipe()
        let (recorder, _) = Signal.combineLatest(a, b).map { "\($0)\($1)" }.record()
        inputA.send(value: 1)
        inputA.send(value: 2)
        inputB.send(value: "x")
        inputA.send(value: 3)
        inputB.send(value: "y")
        #expect(recorder.values == ["2x", "3x", "3y"])
        inputA.sendCompleted()
        #expect(!recorder.isTerminated)
        inputB.sendCompleted()
        #expect(recorder.terminal == .completed)
    }

    @Test func combineLatestWaitsForEveryInputToComplete() {
        let (a, inputA) = Signal<Int, Never>.pipe()
        let (b, inputB) = Signal<Int, Never>.pipe()
        let (recorder, _) = Signal.combineLatest(a, b).record()
        inputB.send(value: 1)
        inputA.sendCompleted()
        #expect(!recorder.isTerminated, "an input ending without a value does not end the result")
        inputB.sendCompleted()
        #expect(recorder.events.count == 1 && recorder.terminal?.isCompleted == true)
    }

    @Test func combineLatestOfManyWaitsForEveryInputToComplete() {
        let (a, inputA) = Signal<Int, Never>.pipe()
        let (b, inputB) = Signal<Int, Never>.pipe()
        let (recorder, _) = Signal<[Int], Never>.combineLatest([a, b]).record()
        inputA.sendCompleted()
        #expect(!recorder.isTerminated)
        inputB.send(value: 1)
        inputB.sendCompleted()
        #expect(recorder.events == [.completed])
    }

    @Test func combineLatestFailsWhenAnyInputFails() {
        let (a, inputA) = Signal<Int, TestError>.pipe()
        let (b, inputB) = Signal<Int, TestError>.pipe()
        let (recorder, _) = Signal.combineLatest(a, b) { $0 + $1 }.record()
        inputA.send(value: 1)
        inputB.send(value: 2)
        inputB.send(error: .boom)
        inputA.send(value: 5)
        #expect(recorder.events == [.value(3), .failed(.boom)])
        #expect(a.observerCount == 0 && b.observerCount == 0)
    }

    @Test func combineLatestOfThreeFourAndFive() {
        let producers = (1...5).map { SignalProducer<Int, Never>(value: $0) }
        let (three, _) = SignalProducer.combineLatest(producers[0], producers[1], producers[2]).map { [$0, $1, $2] }.record()
        #expect(three.values == [[1, 2, 3]])
        let (four, _) = SignalProducer.combineLatest(producers[0], producers[1], producers[2], producers[3])
            .map { [$0, $1, $2, $3] }.record()
        #expect(four.values == [[1, 2, 3, 4]])
        let pipes = (0..<5).map { _ in Signal<Int, Never>.pipe() }
        let (five, _) = Signal.combineLatest(pipes[0].output, pipes[1].output, pipes[2].output, pipes[3].output, pipes[4].output)
            .map { $0 + $1 + $2 + $3 + $4 }.record()
        for (index, pipe) in pipes.enumerated() { pipe.input.send(value: index) }
        pipes[4].input.send(value: 10)
        #expect(five.values == [10, 16])
        // Releasing an input interrupts its signal: keep them all until the end.
        withExtendedLifetime(pipes) {}
    }

    @Test func combineLatestOfAnArrayAndItsReduceForm() {
        let pipes = (0..<3).map { _ in Signal<Int, Never>.pipe() }
        let (arrays, _) = Signal.combineLatest(pipes.map(\.output)).record()
        let (sums, _) = Signal<Int, Never>.combineLatest(pipes.map(\.output)) { $0.reduce(0, +) }.record()
        pipes[0].input.send(value: 1)
        pipes[1].input.send(value: 2)
        pipes[2].input.send(value: 3)
        pipes[1].input.send(value: 20)
        #expect(arrays.values == [[1, 2, 3], [1, 20, 3]])
        #expect(sums.values == [6, 24])
        withExtendedLifetime(pipes) {}
        let (empty, _) = SignalProducer<[Int], Never>.combineLatest([SignalProducer<Int, Never>]()).record()
        #expect(empty.events == [.completed])
    }

    @Test func zipPairsByIndexAndCompletesWhenExhausted() {
        let (a, inputA) = Signal<Int, Never>.pipe()
        let (b, inputB) = Signal<String, Never>.pipe()
        let (recorder, _) = Signal.zip(a, b).map { "\($0)\($1)" }.record()
        inputA.send(value: 1)
        inputA.send(value: 2)
        inputB.send(value: "a")
        inputA.sendCompleted()
        #expect(!recorder.isTerminated)
        inputB.send(value: "b")
        #expect(recorder.events == [.value("1a"), .value("2b"), .completed])
    }

    @Test func zipOfAnArray() {
        let (recorder, _) = SignalProducer.zip([
            SignalProducer<Int, Never>(values: [1, 2, 3]), SignalProducer(values: [10, 20]),
        ]).record()
        #expect(recorder.events == [.value([1, 10]), .value([2, 20]), .completed])
    }

    @Test func mergeInterleavesAndCompletesWhenAllComplete() {
        let (a, inputA) = Signal<Int, Never>.pipe()
        let (b, inputB) = Signal<Int, Never>.pipe()
        let (recorder, _) = Signal.merge(a, b).record()
        inputA.send(value: 1)
        inputB.send(value: 2)
        inputA.sendCompleted()
        inputB.send(value: 3)
        #expect(!recorder.isTerminated)
        inputB.sendCompleted()
        #expect(recorder.events == [.value(1), .value(2), .value(3), .completed])
    }

    @Test func mergeOfProducersStartsEach() {
        let (recorder, _) = SignalProducer.merge(SignalProducer<Int, Never>(values: [1, 2]), SignalProducer(value: 3)).record()
        #expect(recorder.events == [.value(1), .value(2), .value(3), .completed])
    }

    @Test func withLatestFromPairsWithTheLatestOtherValue() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (other, otherInput) = Signal<String, Never>.pipe()
        let (recorder, _) = signal.withLatest(from: other).map { "\($0)\($1)" }.record()
        input.send(value: 1)
        otherInput.send(value: "a")
        otherInput.send(value: "b")
        input.send(value: 2)
        otherInput.sendCompleted()
        input.send(value: 3)
        input.sendCompleted()
        #expect(recorder.events == [.value("2b"), .value("3b"), .completed])
    }

    @Test func withLatestFromAProducerSeesItsInitialValue() {
        let property = MutableProperty("p")
        let (recorder, _) = SignalProducer<Int, Never>(values: [1, 2]).withLatest(from: property.producer).map { "\($0)\($1)" }.record()
        #expect(recorder.values == ["1p", "2p"])
    }

    @Test func sampleOnSendsTheLatestValuePerTick() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (ticks, tick) = Signal<Void, Never>.pipe()
        let (recorder, _) = signal.sample(on: ticks).record()
        tick.send(value: ())
        input.send(value: 1)
        input.send(value: 2)
        tick.send(value: ())
        tick.send(value: ())
        input.sendCompleted()
        #expect(!recorder.isTerminated)
        tick.sendCompleted()
        #expect(recorder.events == [.value(2), .value(2), .completed])
    }
}
