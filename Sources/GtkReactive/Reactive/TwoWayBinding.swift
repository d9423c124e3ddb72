import Reactive

infix operator <~> : BindingPrecedence

/// Binds an entry and a property both ways: the entry first shows the property's value (the
/// property wins), then each of the user's edits sets the property and each new value of the
/// property shows in the entry. Neither echoes back. Ends with the entry's lifetime or the
/// property's, or when the result is disposed.
@MainActor
@discardableResult
public func <~> (entry: EntryText, property: MutableProperty<String>) -> any Disposable {
    let both = CompositeDisposable()
    both += entry <~ property
    both += property <~ entry.changes
    return both
}
