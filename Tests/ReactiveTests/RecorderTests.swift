import Reactive
import ReactiveTesting
import Testing

/// The test recorder another package's tests use: values with their virtual times, the end.
@Suite("Recorder")
struct RecorderTests {
    @Test func aProducerIsRecordedWithTheVirtualTimeOfEachValue() {
        let scheduler = TestScheduler()
        let input = MutableProperty(0)
        let recorder = input.producer.delay(.milliseconds(300), on: scheduler).recorded(on: scheduler)
        input.value = 1
        scheduler.advance(by: .milliseconds(100))
        input.value = 2
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == [0, 1, 2])
        #expect(recorder.timedValues == [.init(.milliseconds(300), 0), .init(.milliseconds(300), 1), .init(.milliseconds(400), 2)])
        #expect(!recorder.hasEnded)
        recorder.stop()
        input.value = 3
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == [0, 1, 2], "nothing after stop")
    }

    @Test func aSignalIsRecordedFromNowOnWithItsEnd() {
        let (signal, observer) = Signal<String, Never>.pipe()
        observer.send(value: "before")
        let recorder = signal.recorded()
        observer.send(value: "a")
        observer.sendCompleted()
        #expect(recorder.values == ["a"])
        #expect(recorder.isCompleted && recorder.hasEnded)
        #expect(recorder.timedValues == [.init(.zero, "a")], "no scheduler: time zero")
    }
}
