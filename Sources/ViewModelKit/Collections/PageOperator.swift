import Reactive

/// Which rows of an ordered view a page shows: `size` rows from `start`.
public struct PageWindow: Sendable, Equatable {
    public var start: Int
    public var size: Int

    /// A window of `size` rows from `start` (both at least 0).
    @inlinable public init(start: Int, size: Int) {
        self.start = max(0, start)
        self.size = max(0, size)
    }

    /// Page `number` (from 1) of pages of `size` rows.
    @inlinable public static func page(_ number: Int, size: Int) -> PageWindow {
        let (start, overflow) = (max(1, number) - 1).multipliedReportingOverflow(by: max(0, size))
        return PageWindow(start: overflow ? Int.max : start, size: size)
    }
}

extension SignalProducer where Error == Never {
    /// The rows of an ordered view inside the latest of `windows`, as positional changes of the
    /// window: a change outside it that shifts rows in or out sends what entered and what left;
    /// one below it sends nothing. Each change costs O(log n). A new window is sent as a reset.
    /// Nothing is sent before the first window.
    @inlinable public func page<Item>(
        _ windows: SignalProducer<PageWindow, Never>
    ) -> SignalProducer<IndexedChangeSet<Item>, Never> where Value == IndexedChangeSet<Item> {
        let upstream = self
        return SignalProducer<IndexedChangeSet<Item>, Never> { observer, lifetime in
            let drain = SerialDrain()
            let state = DrainedState(PageState<Item>())
            lifetime += windows.startWithValues { window in
                drain.run {
                    if let set = state.value.change(window) { observer.send(value: set) }
                }
            }
            lifetime += upstream.startWithValues { changes in
                drain.run {
                    if let set = state.value.apply(changes) { observer.send(value: set) }
                }
            }
        }
    }
}

/// What a page knows: every row of the view it pages, and its window.
@usableFromInline struct PageState<Item: Sendable> {
    @usableFromInline var rows = CountedTree<Item>()
    @usableFromInline var window: PageWindow?

    @inlinable init() {}

    /// The rows the window shows now.
    @inlinable var shownCount: Int {
        guard let window, window.start < rows.count else { return 0 }
        return min(window.size, rows.count - window.start)
    }

    @inlinable func slice() -> CountedTree<Item> {
        guard let window, shownCount > 0 else { return CountedTree() }
        return CountedTree((window.start..<(window.start + shownCount)).lazy.map { rows[$0] })
    }

    @inlinable mutating func change(_ window: PageWindow) -> IndexedChangeSet<Item>? {
        guard window != self.window else { return nil }
        self.window = window
        return IndexedChangeSet([.reset(slice())], count: shownCount)
    }

    @inlinable mutating func apply(_ changes: IndexedChangeSet<Item>) -> IndexedChangeSet<Item>? {
        guard window != nil else {
            for change in changes.changes { rows.apply(change) }
            return nil
        }
        var out: [IndexedChange<Item>] = []
        for change in changes.changes {
            switch change {
            case let .insert(item, position): inserted(item, at: position, into: &out)
            case let .remove(_, position): removed(at: position, into: &out)
            case let .update(item, previous, position):
                rows.replace(at: position, with: item)
                if let local = local(position) { out.append(.update(item, previous: previous, at: local)) }
            case let .move(item, from, to):
                removed(at: from, into: &out)
                inserted(item, at: to, into: &out)
            case let .reset(all):
                rows = all
                out = [.reset(slice())]
            }
        }
        return out.isEmpty ? nil : IndexedChangeSet(out, count: shownCount)
    }

    /// The window's position of row `position`, if the window shows it.
    @inlinable func local(_ position: Int) -> Int? {
        guard let window else { return nil }
        let local = position - window.start
        return local >= 0 && local < shownCount ? local : nil
    }

    @inlinable mutating func inserted(_ item: Item, at position: Int, into out: inout [IndexedChange<Item>]) {
        guard let window else { return }
        let wasShown = shownCount
        rows.insert(item, at: position)
        if position < window.start {
            // Every row shifts down one: the row before the window enters at its top.
            guard window.start < rows.count, window.size > 0 else { return }
            if wasShown == window.size, let last = rows.element(at: window.start + window.size) {
                out.append(.remove(last, at: window.size - 1))
            }
            out.append(.insert(rows[window.start], at: 0))
        } else if position < window.start + window.size {
            if wasShown == window.size, let last = rows.element(at: window.start + window.size) {
                out.append(.remove(last, at: window.size - 1))
            }
            out.append(.insert(item, at: position - window.start))
        }
    }

    @inlinable mutating func removed(at position: Int, into out: inout [IndexedChange<Item>]) {
        guard let window else { return }
        let removed = rows.remove(at: position)
        let end = window.start + window.size
        if position < window.start {
            // Every row shifts up one: the window's top row leaves, the row after it enters.
            guard window.start <= rows.count, window.size > 0 else { return }
            if window.start < rows.count + 1, let left = rows.element(at: window.start - 1) {
                out.append(.remove(left, at: 0))
                if let entered = rows.element(at: end - 1) { out.append(.insert(entered, at: window.size - 1)) }
            }
        } else if position < end {
            out.append(.remove(removed, at: position - window.start))
            if let entered = rows.element(at: end - 1) { out.append(.insert(entered, at: window.size - 1)) }
        }
    }
}
