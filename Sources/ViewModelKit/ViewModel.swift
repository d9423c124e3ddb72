import Reactive

/// The base of every screen's view model (the seeds' RVMViewModel): an active lifecycle that
/// follows the view's visibility, a title, user-facing errors and navigation requests.
///
/// A view model never knows its view. It says what should happen (show this error, go to that
/// screen) through signals that the controller layer carries out. Its state lives in properties,
/// which are thread-safe, so the reactive pipelines it builds capture properties, not `self`.
@MainActor
open class ViewModel {
    /// The screen's title.
    public let title: MutableProperty<String>
    /// User-facing error messages, each to be shown once (a toast): sentences, never an error's
    /// description (`show(_:)` words a typed error).
    public let errors: Signal<String, Never>
    /// User-facing notices that are not errors (`收藏商品成功`), each to be shown once.
    public let notices: Signal<String, Never>
    /// What the view model asks the controller layer to do.
    public let navigation: Signal<NavigationRequest, Never>

    private let activeState = MutableProperty(false)
    private let errorsInput: Signal<String, Never>.Observer
    private let noticesInput: Signal<String, Never>.Observer
    private let navigationInput: Signal<NavigationRequest, Never>.Observer
    private let lifetimeToken: Lifetime.Token

    /// Ends when the view model is released: work tied to it (`take(during:)`) stops then.
    public nonisolated var lifetime: Lifetime { lifetimeToken.lifetime }

    public init(title: String = "") {
        self.title = MutableProperty(title)
        (errors, errorsInput) = Signal.pipe()
        (notices, noticesInput) = Signal.pipe()
        (navigation, navigationInput) = Signal.pipe()
        lifetimeToken = Lifetime.make().token
    }

    // MARK: Active lifecycle

    /// Whether the view model's view is on screen. False at first; the controller sets it when the
    /// view is shown and hidden. Setting the value it already has sends nothing.
    public var isActive: Bool {
        get { activeState.value }
        set {
            guard newValue != activeState.value else { return }
            activeState.value = newValue
        }
    }

    /// `isActive` as a property: the current state, then each change.
    public var active: Property<Bool> { Property(activeState) }

    /// Fires each time the view model becomes active; an observer that starts while it is
    /// already active gets one event at once.
    public nonisolated var didBecomeActive: SignalProducer<Void, Never> {
        activeState.producer.filter { $0 }.map { _ in () }
    }

    /// Fires each time the view model becomes inactive; an observer that starts while it is
    /// already inactive gets one event at once.
    public nonisolated var didBecomeInactive: SignalProducer<Void, Never> {
        activeState.producer.filter { !$0 }.map { _ in () }
    }

    /// `producer`'s events while the view model is active, as ReactiveViewModel's
    /// `forwardSignalWhileActive:`: it is started on every activation and disposed on every
    /// deactivation; its values and failure are forwarded, its completion is not. The result
    /// completes when the view model is released.
    public nonisolated func forwardWhileActive<Value, Error>(
        _ producer: SignalProducer<Value, Error>
    ) -> SignalProducer<Value, Error> {
        activeState.producer
            .skipRepeats()
            .promoteError(Error.self)
            .flatMap(.latest) { active in active ? producer : .never }
            .take(during: lifetime)
    }

    /// `producer`'s events, throttled while the view model is inactive, as ReactiveViewModel's
    /// `throttleSignalWhileInactive:`: while active, values pass at once; while inactive, the
    /// latest value is held until `interval` passes without a newer one (a newer one replaces
    /// it). A value still held is sent at once when the view model becomes active, and before
    /// the completion when `producer` completes. Failure passes at once (dropping a held value).
    /// Unlike ReactiveViewModel, a change of `isActive` alone never sends the latest value again.
    public nonisolated func throttleWhileInactive<Value, Error>(
        _ producer: SignalProducer<Value, Error>,
        interval: Duration = .seconds(1),
        on scheduler: any DateScheduler
    ) -> SignalProducer<Value, Error> {
        let active = activeState
        return SignalProducer { observer, lifetime in
            let gate = ThrottleGate<Value, Error>(observer: observer, interval: interval, scheduler: scheduler)
            lifetime += gate
            lifetime += active.producer.skipRepeats().startWithValues { gate.setActive($0) }
            lifetime += producer.start(Signal<Value, Error>.Observer { gate.receive($0) })
        }
    }

    // MARK: Requests to the controller layer

    /// Shows `message`, a sentence written for the user, once. Callable from any thread.
    public nonisolated func show(error message: String) {
        errorsInput.send(value: message)
    }

    /// Shows `error` to the user once, in the words its type gives (`UserFacingError`; nothing
    /// when it has none, as for a cancelled request). An error of any other type is not dumped
    /// on screen: it goes to `UnhandledErrors.shared`, which logs it and shows one toast.
    /// Callable from any thread.
    public nonisolated func show(_ error: any Error) {
        guard let worded = error as? any UserFacingError else {
            UnhandledErrors.shared.report(error, from: String(describing: type(of: self)))
            return
        }
        if let message = worded.userMessage { show(error: message) }
    }

    /// Shows an informational `message` to the user once. Callable from any thread.
    public nonisolated func show(notice message: String) {
        noticesInput.send(value: message)
    }

    /// Asks the controller layer to navigate. Callable from any thread.
    public nonisolated func request(_ navigation: NavigationRequest) {
        navigationInput.send(value: navigation)
    }

    isolated deinit {
        errorsInput.sendCompleted()
        noticesInput.sendCompleted()
        navigationInput.sendCompleted()
    }
}
