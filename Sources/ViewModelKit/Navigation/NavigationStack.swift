import Reactive

/// The screens of one window, as a model: push, pop, replace the root, and the pane beside a
/// list (ReactiveUI's `RoutingState`, with list | detail). It knows no widget: a window shows
/// what it holds by observing `changes`, and a test drives it with no display.
///
/// Panes: the topmost screen whose view model is `ListDetailPresenting` is the *list*; the
/// screens above it are *beside* it (in a wide window, the detail pane). A screen the list itself
/// opens replaces the ones beside it; one opened from beside the list goes on top of them.
///
/// Every operation updates `entries` first and then sends one `NavigationChange`, so an observer
/// that pushes or pops in reaction sees the stack as it now is (its change follows).
@MainActor
public final class NavigationStack<Screen: NavigationScreen> {
    public typealias Entry = NavigationEntry<Screen>
    public typealias Change = NavigationChange<Screen>

    /// The screens, the root first.
    public private(set) var entries: [Entry] = []
    /// One event per operation that changed the stack.
    public let changes: Signal<Change, Never>
    private let changesInput: Signal<Change, Never>.Observer

    public init() {
        (changes, changesInput) = Signal.pipe()
    }

    isolated deinit { changesInput.sendCompleted() }

    /// The screen on top.
    public var top: Entry? { entries.last }

    /// Whether there is a screen to go back to.
    public var canGoBack: Bool { entries.count > 1 }

    /// The index of the topmost list that opens its items beside it.
    public var listIndex: Int? { entries.lastIndex { $0.isList } }

    /// The screen the main pane shows: the list, when there is one, else the top.
    public var main: Entry? { listIndex.map { entries[$0] } ?? top }

    /// The screen beside the list (the top, when it stands above the list); nil when none is.
    public var detail: Entry? {
        guard let list = listIndex, entries.count - 1 > list else { return nil }
        return top
    }

    /// Whether the screen at `index` stands beside the list.
    public func isBesideList(_ index: Int) -> Bool {
        guard let list = listIndex else { return false }
        return index > list
    }

    /// Puts `screen` on top. When `origin` is the list's view model, the screens beside the list
    /// leave first: the list opening another item replaces the one it opened before.
    public func push(_ screen: Screen, destination: Destination? = nil, from origin: ViewModel? = nil) {
        var removed: [Screen] = []
        if let origin, let list = listIndex, entries[list].viewModel === origin, entries.count - 1 > list {
            removed = takeOff(from: list + 1)
        }
        entries.append(Entry(screen, destination: destination))
        changesInput.send(value: Change(kind: .push, added: screen, removed: removed))
    }

    /// Takes the top screen off; answers false (and changes nothing) when it is the only one.
    @discardableResult
    public func pop() -> Bool {
        guard canGoBack else { return false }
        let removed = takeOff(from: entries.count - 1)
        changesInput.send(value: Change(kind: .pop, added: nil, removed: removed))
        return true
    }

    /// Makes `screen` the only one: every other leaves.
    public func replaceRoot(with screen: Screen, destination: Destination? = nil) {
        let removed = takeOff(from: 0)
        entries.append(Entry(screen, destination: destination))
        changesInput.send(value: Change(kind: .replaceRoot, added: screen, removed: removed))
    }

    /// Takes off the screens beside the list; answers false when none stands there.
    @discardableResult
    public func closeDetail() -> Bool {
        guard let list = listIndex, entries.count - 1 > list else { return false }
        let removed = takeOff(from: list + 1)
        changesInput.send(value: Change(kind: .closeDetail, added: nil, removed: removed))
        return true
    }

    /// Takes every screen off (the window closed).
    public func removeAll() {
        guard !entries.isEmpty else { return }
        let removed = takeOff(from: 0)
        changesInput.send(value: Change(kind: .clear, added: nil, removed: removed))
    }

    /// What can be restored after a restart: each screen as `save` writes it, from the root up to
    /// the first screen that cannot be saved (nil), which ends the snapshot.
    public func snapshot(_ save: (Entry) -> NavigationSnapshot.Screen?) -> NavigationSnapshot {
        var screens: [NavigationSnapshot.Screen] = []
        for entry in entries {
            guard let saved = save(entry) else { break }
            screens.append(saved)
        }
        return NavigationSnapshot(screens: screens)
    }

    /// Removes the screens from `index` up and returns them, the topmost first.
    private func takeOff(from index: Int) -> [Screen] {
        let removed = entries[index...].reversed().map(\.screen)
        entries.removeSubrange(index...)
        return removed
    }
}
