import Testing
import Reactive

/// Timing operators on virtual time: exact, instant, no sleeps.
@Suite("Timing on virtual time")
struct TimingTests {
    let scheduler = TestScheduler()

    @Test func delayShiftsValuesAndCompletion() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = signal.delay(.seconds(1), on: scheduler).record()
        input.send(value: 1)
        scheduler.advance(by: .milliseconds(500))
        input.send(value: 2)
        input.sendCompleted()
        scheduler.advance(by: .milliseconds(499))
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.events == [.value(1)])
        scheduler.advance(by: .milliseconds(500))
        #expect(recorder.events == [.value(1), .value(2), .completed])
    }

    @Test func delayDeliversFailureOnTheSchedulerAtOnceAndDropsPendingValues() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (recorder, _) = signal.delay(.seconds(1), on: scheduler).record()
        input.send(value: 1)
        input.send(error: .boom)
        #expect(recorder.events.isEmpty, "the failure goes through the scheduler")
        scheduler.advance()
        #expect(recorder.events == [.failed(.boom)])
        scheduler.run()
        #expect(recorder.events == [.failed(.boom)])
    }

    @Test func throttleSendsTheFirstOnTheSchedulerThenTheLatestPerInterval() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = signal.throttle(.seconds(1), on: scheduler).record()
        input.send(value: 0)
        #expect(recorder.values.isEmpty, "even the first value goes through the scheduler")
        scheduler.advance()
        #expect(recorder.values == [0])
        input.send(value: 1)
        input.send(value: 2)
        scheduler.advance(by: .milliseconds(999))
        #expect(recorder.values == [0])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == [0, 2])
        scheduler.advance(by: .seconds(5))
        input.send(value: 3)
        scheduler.advance()
        #expect(recorder.values == [0, 2, 3])
        input.send(value: 4)
        input.send(value: 5)
        scheduler.run()
        #expect(recorder.values == [0, 2, 3, 5])
    }

    @Test func throttleSchedulesCompletionAtOnceDroppingAPendingValue() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = signal.throttle(.seconds(1), on: scheduler).record()
        input.send(value: 0)
        scheduler.advance()
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.events == [.value(0)], "completion goes through the scheduler")
        scheduler.advance()
        #expect(recorder.events == [.value(0), .completed])
        scheduler.run()
        #expect(recorder.events == [.value(0), .completed])
    }

    @Test func debounceWaitsForQuiet() {
        let (signal, input) = Signal<String, Never>.pipe()
        let (recorder, _) = signal.debounce(.milliseconds(300), on: scheduler).record()
        input.send(value: "1")
        scheduler.advance(by: .milliseconds(200))
        input.send(value: "13")
        scheduler.advance(by: .milliseconds(299))
        #expect(recorder.values.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == ["13"])
        input.send(value: "138")
        input.sendCompleted()
        scheduler.run()
        #expect(recorder.events == [.value("13"), .completed])
    }

    @Test func debounceKeepingTheLastValueSendsItWhenItsIntervalEndsThenCompletes() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = signal.debounce(.seconds(1), on: scheduler, discardWhenCompleted: false).record()
        input.send(value: 7)
        scheduler.advance(by: .milliseconds(400))
        input.sendCompleted()
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: .milliseconds(599))
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.events == [.value(7), .completed])
    }

    @Test func debounceDiscardingTheLastValueSchedulesCompletionAtOnce() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = signal.debounce(.seconds(1), on: scheduler).record()
        input.send(value: 7)
        input.sendCompleted()
        #expect(recorder.events.isEmpty, "completion goes through the scheduler")
        scheduler.advance()
        #expect(recorder.events == [.completed])
        scheduler.run()
        #expect(recorder.events == [.completed])
    }

    @Test func timeoutFailsWhenTooSlow() {
        let (slow, _) = SignalProducer<Int, TestError>.never
            .timeout(after: .seconds(2), raising: .boom, on: scheduler).record()
        let (fast, _) = SignalProducer<Int, TestError>(value: 1)
            .timeout(after: .seconds(2), raising: .boom, on: scheduler).record()
        scheduler.advance(by: .seconds(2))
        #expect(slow.events == [.failed(.boom)])
        #expect(fast.events == [.value(1), .completed])
    }

    @Test func disposingCancelsPendingTimers() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (recorder, disposable) = signal.delay(.seconds(1), on: scheduler).record()
        input.send(value: 1)
        disposable?.dispose()
        scheduler.run()
        #expect(recorder.events.isEmpty)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func timerTicksOnVirtualTime() {
        let (recorder, disposable) = SignalProducer.timer(every: .seconds(5), on: scheduler).record()
        scheduler.advance(by: .seconds(16))
        #expect(recorder.values.map(\.nanoseconds) == [5, 10, 15].map { Int64($0) * 1_000_000_000 })
        disposable.dispose()
        scheduler.advance(by: .seconds(10))
        #expect(recorder.values.count == 3)
    }

    @Test func observeOnDeliversThroughTheScheduler() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (recorder, _) = signal.observe(on: scheduler).record()
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.events.isEmpty)
        scheduler.advance()
        #expect(recorder.events == [.value(1), .completed])
    }

    @Test func startOnRunsTheWorkThroughTheScheduler() {
        let runs = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            runs.increment()
            observer.send(value: 1)
        }.start(on: scheduler)
        let (recorder, run) = producer.record()
        #expect(runs.value == 0)
        scheduler.advance()
        #expect(runs.value == 1)
        #expect(recorder.values == [1])
        run.dispose()  // work that never ends lives until disposed
    }
}

@Suite("Schedulers")
struct SchedulerTests {
    @Test func testSchedulerRunsInTimeThenSchedulingOrder() {
        let scheduler = TestScheduler()
        let log = Recorder<String, Never>()
        scheduler.schedule(after: .seconds(2)) { log.observer.send(value: "b") }
        scheduler.schedule(after: .seconds(1)) { log.observer.send(value: "a") }
        scheduler.schedule(after: .seconds(2)) { log.observer.send(value: "c") }
        scheduler.schedule { log.observer.send(value: "now") }
        scheduler.advance(by: .seconds(1))
        #expect(log.values == ["now", "a"])
        #expect(scheduler.now == SchedulerInstant.zero.advanced(by: .seconds(1)))
        scheduler.run()
        #expect(log.values == ["now", "a", "b", "c"])
        #expect(scheduler.now == SchedulerInstant.zero.advanced(by: .seconds(2)))
    }

    @Test func stepRunsOneActionAtATimeInOrder() {
        let scheduler = TestScheduler()
        let log = Recorder<String, Never>()
        scheduler.schedule(after: .seconds(1)) { log.observer.send(value: "later") }
        scheduler.schedule { log.observer.send(value: "now") }
        scheduler.schedule(after: .seconds(1)) { log.observer.send(value: "dropped") }?.dispose()
        #expect(scheduler.step())
        #expect(log.values == ["now"])
        #expect(scheduler.now == SchedulerInstant.zero)
        #expect(scheduler.step())
        #expect(log.values == ["now", "later"])
        #expect(scheduler.now == SchedulerInstant.zero.advanced(by: .seconds(1)))
        #expect(!scheduler.step(), "a cancelled action is not a step")
    }

    @Test func actionsScheduledByActionsRunInTheSameAdvance() {
        let scheduler = TestScheduler()
        let log = Recorder<Int, Never>()
        scheduler.schedule(after: .seconds(1)) {
            log.observer.send(value: 1)
            scheduler.schedule(after: .seconds(1)) { log.observer.send(value: 2) }
        }
        scheduler.advance(by: .seconds(2))
        #expect(log.values == [1, 2])
    }

    @Test func cancelledActionsNeverRun() {
        let scheduler = TestScheduler()
        let runs = Counter()
        scheduler.schedule(after: .seconds(1)) { runs.increment() }?.dispose()
        scheduler.run()
        #expect(runs.value == 0)
    }

    @Test func testSchedulerWorksFromManyThreads() async {
        let scheduler = TestScheduler()
        let runs = Counter()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for step in 0..<100 { scheduler.schedule(after: .milliseconds(index * 100 + step)) { runs.increment() } }
                }
            }
        }
        scheduler.run()
        #expect(runs.value == 800)
    }

    @Test func immediateSchedulerRunsAtOnce() {
        let runs = Counter()
        ImmediateScheduler().schedule { runs.increment() }
        #expect(runs.value == 1)
    }

    @Test func queueSchedulerRunsOnItsQueueInOrder() async {
        let scheduler = QueueScheduler(name: "test.queue")
        let log = Recorder<Int, Never>()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for value in 0..<50 { scheduler.schedule { log.observer.send(value: value) } }
            scheduler.schedule(after: .milliseconds(1)) { done.resume() }
        }
        #expect(log.values == Array(0..<50))
    }

    @Test func durationConvertsToNanoseconds() {
        #expect(Duration.seconds(2).nanoseconds == 2_000_000_000)
        #expect(Duration.milliseconds(750).nanoseconds == 750_000_000)
        #expect(Duration.seconds(Int64.max).nanoseconds == Int64.max)
    }
}
