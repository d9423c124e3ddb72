import CGtk
import Foundation
import GtkShim
import Reactive
import Synchronization
import ViewModelKit

/// Shows the change sets of an ordered collection (a `SourceList`, `sort`, `page`) in a
/// `GtkListView`. Its model (a `GrShimCountModel`) stores only the number of rows; the rows
/// themselves live once, in a counted tree the change sets keep up to date in place, and each
/// change becomes the fewest `items-changed` splices GTK needs (a run of inserts or removals at
/// one place one splice, a move two, an update none: the bound row shows its new element). A row
/// reads its element at its position when it is bound. Rows come from `ListRowHooks`, each bound
/// within a scope that ends before the row shows anything else.
///
/// A keyed binding (`init(_:to:rows:key:selection:)`) also keeps the list's place by item: the
/// selected item stays selected through sorts, filters and edits (a single selection, written to
/// and read from a view model's property of the selected key), and after a resort the row at
/// the top of the view, or the selected row where it shows, stays where it was on screen.
///
/// The binding owns the list view's factory and selection model (it replaces any the view had)
/// and lasts as long as the list view, unless disposed first: then the view is left without a
/// model or factory, and every row is torn down. Keeping the binding object is optional.
/// A pointer that is not a `GtkListView` makes a binding that has already ended.
@MainActor
public final class ListBinding<Item: Sendable, Row: ListRowView>: Disposable {
    /// One GTK list item's row, and the scope of what it shows now.
    private final class Slot {
        let row: Row
        var scope: Lifetime.Token?
        init(_ row: Row) { self.row = row }
    }

    /// The most rows a GTK list model can count (`GTK_INVALID_LIST_POSITION` is `G_MAXUINT`).
    public nonisolated static var maximumCount: Int { Int(guint.max) - 1 }

    private let hooks: ListRowHooks<Row, Item>
    /// The list view; nil once it is disposed.
    private var listView: UnsafeMutablePointer<GtkWidget>?
    private var model: OpaquePointer
    private var selection: OpaquePointer?
    /// Only compared, never dereferenced: the list view owns it (it holds our handlers).
    private let factory: OpaquePointer
    private var content = CountedTree<Item>()
    /// Applies one positional change to the content: made in the caller's module, so the tree's
    /// edits are specialised for its items (in this module's generic code a million-row tree's
    /// insertion costs several times more).
    private let edit: (inout CountedTree<Item>, IndexedChange<Item>) -> Void
    /// The number of rows the model has.
    private var shownCount = 0
    private var slots: [UnsafeMutableRawPointer: Slot] = [:]
    private var connections: [SignalConnection] = []
    private var watch: DisposeWatch?
    /// A keyed binding's keys and selection (nil: positions only, no selection).
    private let keeper: ListKeeper<Item>?
    /// The single selection's `notify::selected`, while the selection model is this one.
    private var selectionWatch: SignalConnection?
    /// While a change set is applied: GTK's own selection changes then are not the user's.
    private var isApplying = false
    /// The selected key's item was searched for and is not in the content: no change set
    /// searches again unless it brings an item with that key (or the view model selects another).
    private var selectionIsAbsent = false
    private var subscription: (any Disposable)?
    private let ended = Atomic<Bool>(false)
    private var finished = false

    /// Binds `changes` to the `GtkListView` `listView`, making its rows with `hooks`: rows
    /// outside what a change touches keep their bindings; a reset replaces every row at once.
    @inlinable public convenience init(
        _ changes: SignalProducer<IndexedChangeSet<Item>, Never>,
        to listView: UnsafeMutablePointer<GtkWidget>,
        rows hooks: ListRowHooks<Row, Item>
    ) {
        self.init(changes, to: listView, rows: hooks, keeper: nil, editing: { rows, change in rows.apply(change) })
    }

    /// Binds `changes` as `init(_:to:rows:)` does, keeping the list's place by `key`: the item
    /// whose key `selection` holds is the selected row, through sorts, filters and edits (while a
    /// filter hides it the key stays, and the row is selected again when it comes back); the
    /// user's selection writes the property, and a key the view model sets selects its row and
    /// scrolls to it. After a resort the top row of the view (or the selected row, if it shows)
    /// stays at its place on screen.
    @inlinable public convenience init<Key: Hashable & Sendable>(
        _ changes: SignalProducer<IndexedChangeSet<Item>, Never>,
        to listView: UnsafeMutablePointer<GtkWidget>,
        rows hooks: ListRowHooks<Row, Item>,
        key: @escaping (Item) -> Key,
        selection: MutableProperty<Key?>
    ) {
        self.init(changes, to: listView, rows: hooks, keeper: ListKeeper(key: key, selection: selection),
                  editing: { rows, change in rows.apply(change) })
    }

    @usableFromInline init(
        _ changes: SignalProducer<IndexedChangeSet<Item>, Never>,
        to listView: UnsafeMutablePointer<GtkWidget>,
        rows hooks: ListRowHooks<Row, Item>,
        keeper: ListKeeper<Item>?,
        editing edit: @escaping (inout CountedTree<Item>, IndexedChange<Item>) -> Void
    ) {
        self.hooks = hooks
        self.edit = edit
        self.keeper = keeper
        model = grshim_count_model_new()
        selection = Self.selectionModel(over: model, single: keeper != nil)
        factory = gtk_signal_list_item_factory_new()
        let instance = UnsafeMutableRawPointer(listView).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, gtk_list_view_get_type()) != 0 else {
            ended.store(true, ordering: .releasing)
            finished = true
            g_object_unref(UnsafeMutableRawPointer(factory))
            return
        }
        self.listView = listView
        connectFactory()
        gtk_list_view_set_factory(OpaquePointer(listView), factory)
        gtk_list_view_set_model(OpaquePointer(listView), selection)
        // The list view keeps the factory; the handlers on it keep this binding.
        g_object_unref(UnsafeMutableRawPointer(factory))
        watch = DisposeWatch(UnsafeMutableRawPointer(listView)) { [weak self] in
            self?.listView = nil
            self?.end()
        }
        watchSelection()
        let updates = changes.observe(on: UIScheduler.shared).startWithValues { [weak self] set in
            GtkThread.assumeCurrent { self?.apply(set) }
        }
        let selections = keeper?.selections.observe(on: UIScheduler.shared).startWithValues { [weak self] in
            GtkThread.assumeCurrent {
                self?.selectionIsAbsent = false
                self?.showSelection(scrolling: true)
            }
        }
        subscription = AnyDisposable {
            updates.dispose()
            selections?.dispose()
        }
    }

    /// A selection model over `model` that takes a reference of its own: a single selection
    /// (nothing selected until asked) or none.
    private static func selectionModel(over model: OpaquePointer?, single: Bool) -> OpaquePointer? {
        // The selection models' constructors take the reference they are given: this one is theirs.
        g_object_ref(UnsafeMutableRawPointer(model))
        guard single else { return gtk_no_selection_new(model) }
        let selection = gtk_single_selection_new(model)
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        return selection
    }

    isolated deinit {
        // Only reached without `end` when GTK dropped the factory first: the list view is going.
        subscription?.dispose()
        watch?.cancel()
        g_object_unref(UnsafeMutableRawPointer(selection))
        g_object_unref(UnsafeMutableRawPointer(model))
    }

    public nonisolated var isDisposed: Bool { ended.load(ordering: .acquiring) }

    /// Ends the binding: no more updates; the list view is left without model or factory, and
    /// every row is unbound and torn down. From another thread, this happens on the GTK thread.
    public nonisolated func dispose() {
        ended.store(true, ordering: .releasing)
        if GtkThread.isCurrent {
            GtkThread.assumeCurrent { end() }
        } else {
            DispatchQueue.main.async { GtkThread.assumeCurrent { self.end() } }
        }
    }

    // MARK: Updates

    /// Applies an ordered collection's changes in order, each to the rows and then to the
    /// model, so a row GTK binds during a splice reads the rows as that splice left them. A run
    /// of inserts one after another (a page appended), or of removals at one place, is told to
    /// GTK as one splice once the run ends.
    private func apply(_ set: IndexedChangeSet<Item>) {
        guard !isDisposed else { return }
        isApplying = true
        defer {
            isApplying = false
            showSelection(scrolling: false)
        }
        if selectionIsAbsent, let keeper {
            selectionIsAbsent = !set.changes.contains { change in
                switch change {
                case let .insert(item, _), let .update(item, _, _), let .move(item, _, _): keeper.isSelected(item)
                case .remove: false
                case .reset: true
                }
            }
        }
        // Rows changed in `content` but not yet told to GTK: one splice.
        var run: ListSplice?
        func flush() {
            if let pending = run { splice(pending) }
            run = nil
        }
        // `content` is changed in place (no copy of the rows a change passes through).
        for change in set.changes {
            let count = content.count
            switch change {
            case let .insert(_, position):
                guard position >= 0, position <= count else { return showFromScratch() }
                // GTK is told of a run before the content moves past it: a row it binds during
                // the run's splice must read the rows as the run left them.
                if let pending = run, pending.removed == 0, position == pending.position + pending.added {
                    run = ListSplice(position: pending.position, removed: 0, added: pending.added + 1)
                } else {
                    flush()
                    run = ListSplice(position: position, removed: 0, added: 1)
                }
                edit(&content, change)
            case let .remove(_, position):
                guard position >= 0, position < count else { return showFromScratch() }
                if let pending = run, pending.added == 0, position == pending.position || position == pending.position - 1 {
                    run = ListSplice(position: position, removed: pending.removed + 1, added: 0)
                } else {
                    flush()
                    run = ListSplice(position: position, removed: 1, added: 0)
                }
                edit(&content, change)
            case let .update(_, _, position):
                guard position >= 0, position < count else { return showFromScratch() }
                flush()
                edit(&content, change)
                // GTK's item at the position stays; its row shows the new element.
                rebindRows { $0 == position }
            case let .move(item, from, to):
                guard from >= 0, from < count, to >= 0, to < count else { return showFromScratch() }
                flush()
                edit(&content, .remove(item, at: from))
                splice(ListSplice(position: from, removed: 1, added: 0))
                edit(&content, .insert(item, at: to))
                splice(ListSplice(position: to, removed: 0, added: 1))
            case let .reset(all):
                flush()
                let anchor = placeOnScreen()
                let previous = DiscardedContent(content)
                content = all
                defer { anchor?.restore(in: self) }
                // A big tree is freed off the GTK thread (the box is its last holder).
                if (previous.value?.count ?? 0) > Self.largeReset { DispatchQueue.global(qos: .utility).async { previous.discard() } }
                if all.count == shownCount {
                    // The same number of rows in another order (a resort): GTK's items stay, the
                    // rows it has bound show their position's new element, and every other row
                    // reads the new content when it is bound.
                    rebindRows { _ in true }
                } else if shownCount > Self.largeReset {
                    // GTK walks every removed row of a splice: a big list starts over in a new model.
                    replaceModel(count: min(all.count, Self.maximumCount))
                } else {
                    splice(ListSplice(position: 0, removed: shownCount, added: min(all.count, Self.maximumCount)))
                }
            }
        }
        flush()
        // A stream that lost a change set (its count disagrees) is shown from scratch.
        if content.count != set.count { showFromScratch() }
    }

    /// Binds again, to the element now at their position, the rows GTK has bound at the
    /// positions `rebinds` picks.
    private func rebindRows(where rebinds: (Int) -> Bool) {
        for (item, slot) in slots where slot.scope != nil {
            let position = gtk_list_item_get_position(OpaquePointer(item))
            guard position != guint.max, rebinds(Int(position)) else { continue }
            bind(item)
        }
    }

    /// How many rows a reset replaces in one splice; more start over in a new model.
    private static var largeReset: Int { 4_096 }

    /// Gives the list view a new model of `count` rows in place of the one it has (it rebinds
    /// the rows it shows, and starts at the top).
    private func replaceModel(count: Int) {
        guard let listView, let fresh = grshim_count_model_new() else { return }
        grshim_count_model_splice(fresh, 0, 0, guint(count))
        guard let freshSelection = Self.selectionModel(over: fresh, single: keeper != nil) else {
            g_object_unref(UnsafeMutableRawPointer(fresh))
            return
        }
        selectionWatch?.dispose()
        gtk_list_view_set_model(OpaquePointer(listView), freshSelection)
        g_object_unref(UnsafeMutableRawPointer(selection))
        g_object_unref(UnsafeMutableRawPointer(model))
        model = fresh
        selection = freshSelection
        shownCount = count
        watchSelection()
    }

    // MARK: Selection and place

    /// Follows the user's selection into the view model (a keyed binding only).
    private func watchSelection() {
        guard keeper != nil, let selection else { return }
        selectionWatch = SignalConnection(UnsafeMutableRawPointer(selection), signal: "notify::selected", arguments: 1) { [weak self] in
            self?.userSelected()
        }
    }

    private func userSelected() {
        guard let keeper, !isApplying, let selection else { return }
        let position = gtk_single_selection_get_selected(selection)
        keeper.select(position == guint.max ? nil : content.element(at: Int(position)))
    }

    /// Makes GTK's selected row the one with the view model's selected key (none while no row
    /// has it), scrolling to it when asked. The row GTK keeps selected through splices is
    /// checked first; only a row that moved or came back is searched for.
    private func showSelection(scrolling: Bool) {
        guard let keeper, let selection, !isDisposed else { return }
        let current = gtk_single_selection_get_selected(selection)
        var wanted: Int?
        if keeper.hasSelection() {
            if current != guint.max, let item = content.element(at: Int(current)), keeper.isSelected(item) {
                wanted = Int(current)
            } else if !selectionIsAbsent {
                wanted = keeper.positionOfSelection(content)
                selectionIsAbsent = wanted == nil
            }
        }
        let target = wanted.flatMap { guint(exactly: $0) } ?? guint.max
        if target != current {
            isApplying = true
            gtk_single_selection_set_selected(selection, target)
            isApplying = false
        }
        if scrolling, let wanted, let listView { ListView(listView).scrollToItem(at: wanted) }
    }

    /// Where the view stands on its items before a reset: the selected row when it shows, else
    /// the top row, and how far the view's top is from that row's top (nil: nothing to keep).
    private func placeOnScreen() -> ListPlace<Item>? {
        guard let keeper, let listView, shownCount > 0,
              let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(listView)) else { return nil }
        let value = gtk_adjustment_get_value(adjustment)
        let page = gtk_adjustment_get_page_size(adjustment)
        let rowHeight = gtk_adjustment_get_upper(adjustment) / Double(shownCount)
        guard rowHeight > 0, value.isFinite, page.isFinite else { return nil }
        var position = min(shownCount - 1, max(0, Int(value / rowHeight)))
        if let selected = selection.map({ gtk_single_selection_get_selected($0) }), selected != guint.max,
           Double(selected) * rowHeight >= value, Double(selected + 1) * rowHeight <= value + page {
            position = Int(selected)
        }
        guard let item = content.element(at: position) else { return nil }
        return ListPlace(find: keeper.finder(item), offset: Double(position) * rowHeight - value, rowHeight: rowHeight)
    }

    /// Shows the content from scratch: every row replaced.
    private func showFromScratch() {
        let count = min(content.count, Self.maximumCount)
        if shownCount > Self.largeReset {
            replaceModel(count: count)
        } else {
            splice(ListSplice(position: 0, removed: shownCount, added: count))
        }
    }

    /// Tells the model (and so GTK) that `splice` happened to the content.
    private func splice(_ splice: ListSplice) {
        guard !splice.isEmpty, shownCount - splice.removed + splice.added <= Self.maximumCount else { return }
        shownCount += splice.added - splice.removed
        grshim_count_model_splice(model, guint(splice.position), guint(splice.removed), guint(splice.added))
    }

    // MARK: Rows

    private func connectFactory() {
        let raw = UnsafeMutableRawPointer(factory)
        // The handlers keep the binding (GLib releases them with the factory, or when disconnected).
        connections = [
            SignalConnection(raw, signal: "setup", receiving: { item in if let item { self.setUp(item) } }),
            SignalConnection(raw, signal: "bind", receiving: { item in if let item { self.bind(item) } }),
            SignalConnection(raw, signal: "unbind", receiving: { item in if let item { self.unbind(item) } }),
            SignalConnection(raw, signal: "teardown", receiving: { item in if let item { self.tearDown(item) } }),
        ]
    }

    private func setUp(_ item: UnsafeMutableRawPointer) {
        guard slots[item] == nil else { return }
        let row = hooks.setup()
        slots[item] = Slot(row)
        gtk_list_item_set_child(OpaquePointer(item), row.root.pointer)
    }

    private func bind(_ item: UnsafeMutableRawPointer) {
        guard let slot = slots[item] else { return }
        close(slot)
        let (scope, token) = Lifetime.make()
        slot.scope = token
        let position = gtk_list_item_get_position(OpaquePointer(item))
        if position != guint.max, let element = content.element(at: Int(position)) {
            hooks.bind(slot.row, element, scope)
        } else {
            hooks.placeholder(slot.row, scope)
        }
    }

    private func unbind(_ item: UnsafeMutableRawPointer) {
        if let slot = slots[item] { close(slot) }
    }

    private func tearDown(_ item: UnsafeMutableRawPointer) {
        guard let slot = slots.removeValue(forKey: item) else { return }
        close(slot)
        hooks.teardown(slot.row)
    }

    /// Ends what the row shows: its scope first, then the unbind hook.
    private func close(_ slot: Slot) {
        guard let token = slot.scope else { return }
        slot.scope = nil
        token.dispose()
        hooks.unbind(slot.row)
    }

    // MARK: End

    private func end() {
        ended.store(true, ordering: .releasing)
        guard !finished else { return }
        finished = true
        subscription?.dispose()
        subscription = nil
        if let listView {
            // GTK tears the rows down through the handlers, which are still connected.
            let list = OpaquePointer(listView)
            if gtk_list_view_get_model(list) == selection { gtk_list_view_set_model(list, nil) }
            if gtk_list_view_get_factory(list) == factory { gtk_list_view_set_factory(list, nil) }
            self.listView = nil
        }
        watch?.cancel()
        watch = nil
        // Rows GTK did not tear down (the list view went without): end them here.
        let left = slots.values
        slots.removeAll()
        for slot in left {
            close(slot)
            hooks.teardown(slot.row)
        }
        connections.forEach { $0.dispose() }
        connections.removeAll()
        selectionWatch?.dispose()
        selectionWatch = nil
    }

    /// Puts the view back on `place` after a reset: the same item at the same height on screen
    /// when the rows are as many as before (a resort: GTK's row heights stay), else its row
    /// scrolled into view.
    fileprivate func restore(_ place: ListPlace<Item>) {
        guard let listView, let position = place.find(content) else { return }
        guard let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(listView)),
              gtk_adjustment_get_upper(adjustment) / Double(max(shownCount, 1)) == place.rowHeight else {
            ListView(listView).scrollToItem(at: position)
            return
        }
        gtk_adjustment_set_value(adjustment, Double(position) * place.rowHeight - place.offset)
    }
}

/// An item a keyed list's view stood on, found again after a reset.
@MainActor private struct ListPlace<Item: Sendable> {
    /// Where the item is in new content.
    let find: (CountedTree<Item>) -> Int?
    /// How far the item's row top was below the view's top (negative: above it).
    let offset: Double
    /// The rows' height then (the view's height over its rows).
    let rowHeight: Double

    func restore<Row>(in binding: ListBinding<Item, Row>) { binding.restore(self) }
}

/// Content a list binding let go of, held until `discard()` frees it on the thread that calls it.
private final class DiscardedContent<Content: Sendable>: @unchecked Sendable { // safe: after it is handed over, only the thread that discards it touches it
    var value: Content?
    init(_ value: Content?) { self.value = value }
    func discard() { value = nil }
}
