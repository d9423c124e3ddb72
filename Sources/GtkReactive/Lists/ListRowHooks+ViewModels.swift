import Reactive

extension ListRowHooks {
    /// Hooks that give each bound row a view model of its own, made from its element by `make`
    /// when the row is bound and let go when the row's scope ends: only the rows GTK has on
    /// screen hold one, so a list of a million elements makes a few dozen view models, not a
    /// million (a collection holds the models; a row's view model lives as long as it shows).
    @MainActor public static func viewModels<ViewModel: AnyObject>(
        _ make: @escaping @MainActor (Element) -> ViewModel,
        setup: @escaping @MainActor () -> Row,
        bind: @escaping @MainActor (_ row: Row, _ viewModel: ViewModel, _ scope: Lifetime) -> Void,
        placeholder: @escaping @MainActor (_ row: Row, _ scope: Lifetime) -> Void = { _, _ in },
        unbind: @escaping @MainActor (_ row: Row) -> Void = { _ in },
        teardown: @escaping @MainActor (_ row: Row) -> Void = { _ in }
    ) -> ListRowHooks {
        let held = RowViewModels<ViewModel>()
        return ListRowHooks(
            setup: setup,
            bind: { row, element, scope in
                let viewModel = make(element)
                held.byRow[ObjectIdentifier(row)] = viewModel
                bind(row, viewModel, scope)
            },
            placeholder: placeholder,
            unbind: { row in
                held.byRow[ObjectIdentifier(row)] = nil
                unbind(row)
            },
            teardown: { row in
                held.byRow[ObjectIdentifier(row)] = nil
                teardown(row)
            })
    }
}

/// The view model each bound row holds, by row.
@MainActor private final class RowViewModels<ViewModel: AnyObject> {
    var byRow: [ObjectIdentifier: ViewModel] = [:]
}
