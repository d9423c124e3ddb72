import Testing
import Reactive

@Suite("Action: the seeds' command")
struct ActionTests {
    let scheduler = TestScheduler()

    /// An action whose work takes one virtual second, like the seeds' simulated login.
    func slowAction(enabledIf enabled: MutableProperty<Bool> = MutableProperty(true), concurrent: Bool = false)
        -> Action<String, String, TestError> {
        Action(enabledIf: enabled, allowsConcurrentExecution: concurrent) { input in
            SignalProducer<String, TestError>(value: input.uppercased()).delay(.seconds(1), on: scheduler)
        }
    }

    @Test func executingIsTrueOnlyWhileARunIsInProgress() {
        let action = slowAction()
        let (executing, _) = action.isExecuting.producer.record()
        let (recorder, _) = action.apply("hi").record()
        #expect(action.isExecuting.value)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.events == [.value("HI"), .completed])
        #expect(!action.isExecuting.value)
        #expect(executing.values == [false, true, false])
    }

    @Test func applyFailsWithDisabledWhileBusyOrDisabled() {
        let enabled = MutableProperty(true)
        let action = slowAction(enabledIf: enabled)
        let (enabledHistory, _) = action.isEnabled.producer.record()
        action.apply("a").start()
        let (busy, _) = action.apply("b").record()
        #expect(busy.events == [.failed(.disabled)])
        scheduler.run()
        enabled.value = false
        let (disabled, _) = action.apply("c").record()
        #expect(disabled.events == [.failed(.disabled)])
        enabled.value = true
        #expect(enabledHistory.values == [true, false, true, false, true])
    }

    @Test func concurrentExecutionWhenAllowed() {
        let action = slowAction(concurrent: true)
        let (a, _) = action.apply("a").record()
        let (b, _) = action.apply("b").record()
        #expect(action.isEnabled.value)
        scheduler.run()
        #expect(a.values == ["A"] && b.values == ["B"])
        #expect(!action.isExecuting.value)
    }

    @Test func valuesErrorsEventsAndCompleted() {
        let action = Action<Int, Int, TestError> { input in
            input < 0 ? SignalProducer(error: .boom) : SignalProducer(value: input * 2)
        }
        let (values, _) = action.values.record()
        let (errors, _) = action.errors.record()
        let (events, _) = action.events.record()
        let completed = Counter()
        action.completed.observeValues { completed.increment() }
        action.apply(2).start()
        action.apply(-1).start()
        #expect(values.values == [4])
        #expect(errors.values == [.boom])
        #expect(events.values == [.value(4), .completed, .failed(.boom)])
        #expect(completed.value == 1)
    }

    @Test(arguments: ["failed", "interrupted", "disposed"])
    func executingAlwaysReturnsToFalse(ending: String) {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let action = Action<Void, Int, TestError> { _ in SignalProducer(signal) }
        let (run, disposable) = action.apply().record()
        #expect(action.isExecuting.value)
        switch ending {
        case "failed": input.send(error: .boom)
        case "interrupted": input.sendInterrupted()
        default: disposable.dispose()
        }
        #expect(!action.isExecuting.value, "after \(ending)")
        #expect(action.isEnabled.value)
        #expect(run.isTerminated)
    }

    @Test func asyncInitialiserRunsTheWorkAndCanFail() async throws {
        let login = Action<String, String, TestError> { (phone: String) throws(TestError) -> String in
            if phone.isEmpty { throw .boom }
            await Task.yield()
            return "user \(phone)"
        }
        let user = try await login.apply("138").first()
        #expect(user == "user 138")
        await #expect(throws: ActionError<TestError>.producerFailed(.boom)) { try await login.apply("").first() }
        #expect(!login.isExecuting.value)
    }

    @Test func disposingAnAsyncRunCancelsItsTask() async {
        let (finished, reportFinished) = AsyncStream<Bool>.makeStream()
        let (forever, keepOpen) = AsyncStream<Int>.makeStream()
        let action = Action<Void, Int, Never> { () async -> Int in
            for await _ in forever {}
            reportFinished.yield(Task.isCancelled)
            return 0
        }
        let recorder = Recorder<Int, ActionError<Never>>()
        let disposable = action.apply().start(recorder.observer)
        #expect(action.isExecuting.value)
        disposable.dispose()
        #expect(recorder.events == [.interrupted])
        #expect(!action.isExecuting.value)
        var iterator = finished.makeAsyncIterator()
        let wasCancelled = await iterator.next()
        #expect(wasCancelled == true, "the task saw its cancellation")
        withExtendedLifetime(keepOpen) {}
    }
}
