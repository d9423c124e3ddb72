import CGtk
import Reactive

/// Something with a `reactive` namespace (every `Widget`).
public protocol ReactiveExtensionsProvider: AnyObject {}

extension Widget: ReactiveExtensionsProvider {}

extension ReactiveExtensionsProvider where Self: Widget {
    /// The widget's binding targets and signals: `label.reactive.text <~ viewModel.title`.
    @MainActor public var reactive: ReactiveWidget<Self> { ReactiveWidget(self) }
}

/// A widget's binding targets and signals (ReactiveCocoa's `Reactive<Base>`; not named
/// `Reactive`, which is the core's module name).
///
/// Targets live as long as the widget's own `lifetime` (no `during:`), and bind through the
/// widget's slots: binding a property again replaces the first binding. Signals are lazy: each
/// start connects one GTK handler, and disposing the observation (or the end of the widget's
/// lifetime) disconnects it. Neither holds the wrapper, only the GTK widget's pointer, whose
/// disposal they never outlive.
@MainActor
public struct ReactiveWidget<Base: Widget> {
    /// The widget.
    public let base: Base

    public init(_ base: Base) { self.base = base }

    /// A binding target under `key` (the widget property's name: one slot per key, so binding
    /// the same key again replaces the first binding) applying values with `apply` on the GTK
    /// thread, until the widget's lifetime ends. `apply` gets a wrapper of the widget (not
    /// necessarily `base`: the target does not keep `base`).
    public func makeBindingTarget<Value: Sendable>(
        _ key: String, _ apply: @escaping @MainActor (Base, Value) -> Void
    ) -> BindingTarget<Value> {
        let wrapper = WrapperReference(base)
        return target(key) { _, value in apply(wrapper.wrapper, value) }
    }

    /// A signal producer for GTK signal `name` (whatever arguments it passes): each start
    /// connects a handler, disposing disconnects it; it completes when the widget's lifetime ends.
    /// The escape hatch for signals without a typed producer. For signals that return nothing
    /// or a boolean (it answers FALSE: not handled, so `close-request` still closes).
    public func signal(_ name: String) -> SignalProducer<Void, Never> {
        producer { widget, _, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: name, ignoringArguments: { send(()) })]
        }
    }

    /// A target writing the widget itself, under `key`, for the widget's lifetime.
    func target<Value: Sendable>(
        _ key: String, _ apply: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, Value) -> Void
    ) -> BindingTarget<Value> {
        base.target(key, during: base.lifetime, apply)
    }

    /// A target whose writes to `key` are not reported back by the widget's own signal for it
    /// (the echo rule): `apply` runs with `key`'s echo flag set.
    func echoFreeTarget<Value: Sendable>(
        _ key: String, _ apply: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, Value) -> Void
    ) -> BindingTarget<Value> {
        let state = base.state
        return target(key) { widget, value in state.applying(key) { apply(widget, value) } }
    }

    /// A lazy producer: on each start (on the GTK thread) it sends `initial`'s value if given,
    /// then connects the handlers `connect` makes, which `send` values; it disconnects them when
    /// the run is disposed, and completes when the widget's lifetime ends.
    func producer<Value: Sendable>(
        initial: (@MainActor @Sendable (UnsafeMutablePointer<GtkWidget>) -> Value)? = nil,
        _ connect: @escaping @MainActor @Sendable (
            UnsafeMutablePointer<GtkWidget>, WidgetState, @escaping @MainActor (Value) -> Void
        ) -> [SignalConnection]
    ) -> SignalProducer<Value, Never> {
        let handle = WidgetPointer(base.pointer)
        let lifetime = base.lifetime
        let state = base.state
        return SignalProducer { observer, run in
            GtkThread.run {
                guard !run.hasEnded else { return }
                guard !lifetime.hasEnded, !state.isDisposed else { return observer.sendCompleted() }
                if let initial { observer.send(value: initial(handle.pointer)) }
                for connection in connect(handle.pointer, state, { observer.send(value: $0) }) { run += connection }
                run += lifetime.observeEnded { observer.sendCompleted() }
            }
        }
    }
}

/// The wrapper a `makeBindingTarget` closure gets: the one it was made from while that one
/// lives, else a fresh one (which takes its own reference for the call).
@MainActor
private final class WrapperReference<Base: Widget> {
    private weak var original: Base?
    private let handle: WidgetPointer

    init(_ base: Base) {
        original = base
        handle = WidgetPointer(base.pointer)
    }

    var wrapper: Base { original ?? Base(handle.pointer) }
}
