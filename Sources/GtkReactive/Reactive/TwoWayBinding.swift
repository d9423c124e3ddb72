import Reactive

infix operator <~> : BindingPrecedence

/// A widget's value that the user changes and a binding sets: an entry's text (`EntryText`),
/// a toggle's state (`ToggleState`). What `<~>` binds.
public protocol TwoWayWidgetValue: BindingTargetProvider {
    /// Each change the user (or other code) makes, not those of `bindingTarget`.
    var changes: SignalProducer<Value, Never> { get }
}

/// Binds a widget's value and a property both ways: the widget first shows the property's value
/// (the property wins), then each of the user's changes sets the property and each new value of
/// the property shows in the widget. Neither echoes back. Ends with the widget's lifetime or
/// the property's, or when the result is disposed.
@MainActor
@discardableResult
public func <~> <Widget: TwoWayWidgetValue>(widget: Widget, property: MutableProperty<Widget.Value>) -> any Disposable {
    let both = CompositeDisposable()
    both += widget <~ property
    both += property <~ widget.changes
    return both
}
