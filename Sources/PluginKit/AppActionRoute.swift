import ViewModelKit

extension AppAction {
    /// A menu item that opens `screen`, a route that takes no argument, on top of the current
    /// screen: the most common action, `{ $0.navigator.open(screen) }` spelled as what it does.
    public init(id: String, title: String, accelerator: String? = nil, opens screen: RouteKey<Void>) {
        self.init(id: id, title: title, accelerator: accelerator) { context in context.navigator.open(screen) }
    }
}
