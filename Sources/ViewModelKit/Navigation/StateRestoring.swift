import Reactive

/// A view model with state worth keeping across a restart (a search query, a scroll anchor):
/// the window saves `restorableState` with its screen whenever `restorableStateChanges` fires,
/// and hands it back through `restore(_:)` when the screen is rebuilt at the next start.
///
/// The state comes back from a file: `restore` must check every value and ignore what it does
/// not understand.
@MainActor
public protocol StateRestoring: AnyObject {
    /// The state to keep, by key.
    var restorableState: [String: String] { get }
    /// Fires when `restorableState` changed (the window saves again).
    var restorableStateChanges: SignalProducer<Void, Never> { get }
    /// Takes back a state saved by an earlier run.
    func restore(_ state: [String: String])
}
