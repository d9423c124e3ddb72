import Reactive

/// How a list's rows changed, in positions of the list after the change (for `.remove`, of the
/// list before it). A view applies it as one splice, so rows outside it keep their bindings.
public enum ListEdit: Sendable, Equatable {
    /// Every row may have changed: the view rebinds them all.
    case replaceAll
    /// These positions are new rows; the rows after them moved down.
    case insert(Range<Int>)
    /// The rows at these positions (before the change) are gone; the rows after them moved up.
    case remove(Range<Int>)
    /// The rows at these positions show other elements now (a placeholder's element arrived, an
    /// element was replaced); the count is unchanged.
    case reload(Range<Int>)
}

/// A list's content after a change, and the edit that made it from the content before.
public struct ListUpdate<Content: ListContent>: Sendable {
    /// The content after the change.
    public let content: Content
    /// What changed.
    public let edit: ListEdit

    public init(content: Content, edit: ListEdit) {
        self.content = content
        self.edit = edit
    }

    /// The content shown from scratch: every row replaced.
    public static func replacingAll(with content: Content) -> ListUpdate {
        ListUpdate(content: content, edit: .replaceAll)
    }

    /// The splice that takes a view showing `shownCount` rows to this content: the edit's own,
    /// or, when the edit does not fit those counts (a stream that skipped a change, a wrong
    /// range), every row replaced, so the view always ends up with `content.count` rows. Nil
    /// when nothing changes.
    public func splice(fromCount shownCount: Int) -> ListSplice? {
        let newCount = max(0, content.count)
        let fitting: ListSplice? = switch edit {
        case .replaceAll:
            nil
        case let .insert(range):
            range.lowerBound >= 0 && range.lowerBound <= shownCount && newCount == shownCount + range.count
                ? ListSplice(position: range.lowerBound, removed: 0, added: range.count) : nil
        case let .remove(range):
            range.lowerBound >= 0 && range.upperBound <= shownCount && newCount == shownCount - range.count
                ? ListSplice(position: range.lowerBound, removed: range.count, added: 0) : nil
        case let .reload(range):
            range.lowerBound >= 0 && range.upperBound <= shownCount && newCount == shownCount
                ? ListSplice(position: range.lowerBound, removed: range.count, added: range.count) : nil
        }
        let splice = fitting ?? ListSplice(position: 0, removed: max(0, shownCount), added: newCount)
        return splice.isEmpty ? nil : splice
    }
}

/// One splice of a list model: at `position`, `removed` rows go and `added` rows come (GLib's
/// `items-changed` arguments).
public struct ListSplice: Sendable, Equatable {
    public let position: Int
    public let removed: Int
    public let added: Int

    public init(position: Int, removed: Int, added: Int) {
        self.position = position
        self.removed = removed
        self.added = added
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool { removed == 0 && added == 0 }
}

extension ListChange {
    /// The same change as a list update: a replacement replaces all rows, an append inserts the
    /// appended positions.
    public var update: ListUpdate<ItemList<Element>> {
        ListUpdate(content: items, edit: isReplacement ? .replaceAll : .insert(added))
    }
}

extension PagedListViewModel {
    /// `itemChanges` as list updates, for a list binding: the items as they are, then each page
    /// appended or the whole list replaced.
    public var itemUpdates: SignalProducer<ListUpdate<ItemList<Item>>, Never> {
        itemChanges.map { $0.update }
    }
}
