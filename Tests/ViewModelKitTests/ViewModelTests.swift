import TestSupport
import Testing
import Reactive
import ViewModelKit
import Synchronization

/// ReactiveViewModel's own spec (RVMViewModelSpec), reproduced on virtual time.
@MainActor
@Suite("ViewModel: the active lifecycle")
struct ViewModelTests {
    let scheduler = TestScheduler()

    @Test func isInactiveAtFirst() {
        #expect(ViewModel().isActive == false)
    }

    @Test func settingTheSameValueSendsNothing() {
        let viewModel = ViewModel()
        let log = Log<Bool>()
        viewModel.active.signal.observeValues { log.append($0) }
        viewModel.isActive = false
        viewModel.isActive = true
        viewModel.isActive = true
        viewModel.isActive = false
        #expect(log.values == [true, false])
    }

    @Test func didBecomeActiveFiresOnEachActivationAndAtOnceWhenAlreadyActive() {
        let viewModel = ViewModel()
        let early = Log<Void>()
        viewModel.didBecomeActive.startWithValues { early.append(()) }
        #expect(early.values.isEmpty)
        viewModel.isActive = true
        #expect(early.values.count == 1)
        let late = Log<Void>()
        viewModel.didBecomeActive.startWithValues { late.append(()) }
        #expect(late.values.count == 1, "subscribing while active gets one event at once")
        viewModel.isActive = false
        viewModel.isActive = true
        #expect(early.values.count == 2)
        #expect(late.values.count == 2)
    }

    @Test func didBecomeInactiveFiresAtOnceWhileInactiveAndOnEachDeactivation() {
        let viewModel = ViewModel()
        let log = Log<Void>()
        viewModel.didBecomeInactive.startWithValues { log.append(()) }
        #expect(log.values.count == 1)
        viewModel.isActive = true
        viewModel.isActive = false
        #expect(log.values.count == 2)
    }

    @Test func forwardWhileActiveSubscribesOnActivationAndDisposesOnDeactivation() {
        let viewModel = ViewModel()
        let subscriptions = Log<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let source = SignalProducer<Int, Never> { observer, lifetime in
            subscriptions.append("subscribed")
            lifetime.observeEnded { subscriptions.append("disposed") }
            signal.attach(observer, during: lifetime)
        }
        let received = Log<Int>()
        viewModel.forwardWhileActive(source).startWithValues { received.append($0) }
        input.send(value: 0)
        #expect(subscriptions.values.isEmpty, "nothing while inactive")
        viewModel.isActive = true
        input.send(value: 1)
        viewModel.isActive = false
        input.send(value: 2)
        viewModel.isActive = true
        input.send(value: 3)
        #expect(received.values == [1, 3])
        #expect(subscriptions.values == ["subscribed", "disposed", "subscribed"])
    }

    @Test func forwardWhileActiveCompletesWhenTheViewModelGoesAway() {
        var viewModel: ViewModel? = ViewModel()
        let completed = Log<Void>()
        viewModel?.forwardWhileActive(SignalProducer<Int, Never>.never).startWithCompleted { completed.append(()) }
        viewModel?.isActive = true
        viewModel = nil
        #expect(completed.values.count == 1)
    }

    @Test func forwardWhileActiveForwardsFailures() {
        let viewModel = ViewModel()
        viewModel.isActive = true
        let failures = Log<String>()
        viewModel.forwardWhileActive(SignalProducer<Int, TestFailure>(error: TestFailure()))
            .startWithFailed { _ in failures.append("failed") }
        #expect(failures.values == ["failed"])
    }

    @Test func throttleWhileInactivePassesValuesStraightThroughWhileActive() {
        let viewModel = ViewModel()
        viewModel.isActive = true
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Log<Int>()
        viewModel.throttleWhileInactive(SignalProducer(signal), interval: .seconds(1), on: scheduler)
            .startWithValues { received.append($0) }
        for value in 1...5 { input.send(value: value) }
        #expect(received.values == [1, 2, 3, 4, 5])
    }

    /// RVMViewModelSpec "should throttle a signal", step by step on virtual time.
    @Test func throttleWhileInactiveFollowsReactiveViewModelsSpec() {
        let viewModel = ViewModel()
        viewModel.isActive = true
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Log<String>()
        viewModel.throttleWhileInactive(SignalProducer(signal).prefix(value: 0), interval: .seconds(1), on: scheduler)
            .start(Signal<Int, Never>.Observer(value: { log.append("\($0)") }, completed: { log.append("completed") }))
        #expect(log.values == ["0"])
        input.send(value: 1)
        #expect(log.values == ["0", "1"], "active: at once")
        viewModel.isActive = false
        input.send(value: 2)
        input.send(value: 3)
        #expect(log.values == ["0", "1"], "inactive: held")
        scheduler.advance(by: .seconds(1))
        #expect(log.values == ["0", "1", "3"], "the newer value replaced the held one")
        input.send(value: 4)
        viewModel.isActive = true
        #expect(log.values == ["0", "1", "3", "4"], "a held value goes out on activation")
        input.send(value: 5)
        #expect(log.values == ["0", "1", "3", "4", "5"], "active again: at once")
        input.sendCompleted()
        #expect(log.values == ["0", "1", "3", "4", "5", "completed"])
    }

    @Test func throttleWhileInactiveReplacesTheHeldValueWithANewerOneWithinTheInterval() {
        let viewModel = ViewModel()
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Log<Int>()
        viewModel.throttleWhileInactive(SignalProducer(signal), interval: .seconds(1), on: scheduler)
            .startWithValues { received.append($0) }
        input.send(value: 1)
        #expect(received.values.isEmpty, "inactive: even the first value is held")
        scheduler.advance(by: .milliseconds(600))
        input.send(value: 2)
        scheduler.advance(by: .milliseconds(999))
        #expect(received.values.isEmpty, "the interval starts again with the newer value")
        scheduler.advance(by: .milliseconds(1))
        #expect(received.values == [2])
        scheduler.advance(by: .seconds(3))
        #expect(received.values == [2], "nothing is sent twice")
    }

    @Test func throttleWhileInactiveSendsAHeldValueBeforeTheCompletion() {
        let viewModel = ViewModel()
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Log<String>()
        viewModel.throttleWhileInactive(SignalProducer(signal), interval: .seconds(1), on: scheduler)
            .start(Signal<Int, Never>.Observer(value: { log.append("\($0)") }, completed: { log.append("completed") }))
        input.send(value: 1)
        input.send(value: 2)
        #expect(log.values.isEmpty)
        input.sendCompleted()
        #expect(log.values == ["2", "completed"])
        scheduler.run()
        #expect(log.values == ["2", "completed"])
    }

    @Test func throttleWhileInactiveDropsAHeldValueOnFailure() {
        let viewModel = ViewModel()
        let (signal, input) = Signal<Int, TestFailure>.pipe()
        let log = Log<String>()
        viewModel.throttleWhileInactive(SignalProducer(signal), interval: .seconds(1), on: scheduler)
            .start(Signal<Int, TestFailure>.Observer(value: { log.append("\($0)") }, failed: { _ in log.append("failed") }))
        input.send(value: 1)
        input.send(error: TestFailure())
        scheduler.run()
        #expect(log.values == ["failed"])
    }

    @Test func throttleWhileInactiveSendsNothingAgainWhenOnlyActivityChanges() {
        let viewModel = ViewModel()
        viewModel.isActive = true
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Log<Int>()
        viewModel.throttleWhileInactive(SignalProducer(signal), interval: .seconds(1), on: scheduler)
            .startWithValues { received.append($0) }
        input.send(value: 1)
        viewModel.isActive = false
        scheduler.advance(by: .seconds(2))
        viewModel.isActive = true
        #expect(received.values == [1])
    }

    /// RVMViewModelSpec "should forward a signal": values while active, restarted on each
    /// activation, the input's completion not forwarded, completion when the view model goes.
    @Test func forwardWhileActiveFollowsReactiveViewModelsSpec() {
        var viewModel: ViewModel? = ViewModel()
        viewModel?.isActive = true
        let input = SignalProducer<Int, Never>(values: [1, 2])
        let log = Log<String>()
        viewModel?.forwardWhileActive(input)
            .start(Signal<Int, Never>.Observer(value: { log.append("\($0)") }, completed: { log.append("completed") }))
        #expect(log.values == ["1", "2"])
        viewModel?.isActive = false
        #expect(log.values == ["1", "2"])
        viewModel?.isActive = true
        #expect(log.values == ["1", "2", "1", "2"], "the input's completion is not forwarded")
        viewModel = nil
        #expect(log.values == ["1", "2", "1", "2", "completed"])
    }

    @Test func errorsAndNavigationRequestsReachTheController() {
        let viewModel = ViewModel(title: "登录")
        let errors = Log<String>()
        let requests = Log<String>()
        viewModel.errors.observeValues { errors.append($0) }
        viewModel.navigation.observeValues { request in
            switch request {
            case .pop: requests.append("pop")
            case let .open(destination, _): requests.append("open \(destination.route)")
            case .resetToRoot: requests.append("other")
            }
        }
        viewModel.show(error: "验证码错误")
        viewModel.request(.pop)
        viewModel.open(RouteKey<Int>("goods.detail"), 7)
        #expect(viewModel.title.value == "登录")
        #expect(errors.values == ["验证码错误"])
        #expect(requests.values == ["pop", "open goods.detail"])
    }

    @Test func aViewModelIsFreedWhenItsLastOwnerLetsGo() {
        var viewModel: ViewModel? = ViewModel()
        weak let weakViewModel = viewModel
        let ended = Log<Void>()
        viewModel?.lifetime.observeEnded { ended.append(()) }
        viewModel?.isActive = true
        viewModel = nil
        #expect(weakViewModel == nil)
        #expect(ended.values.count == 1)
    }
}

struct TestFailure: Error, Equatable {}
