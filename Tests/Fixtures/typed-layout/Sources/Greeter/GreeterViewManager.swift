import GtkReactive

/// The greeter's widgets, through its typed layout: `nameEntry` is greeter.ui's `name_entry`.
@MainActor
public final class GreeterViewManager {
    private let layout = GreeterLayout()
    public var page: Box { layout.page }
    public var name: Entry { layout.nameEntry }
    public var greet: Button { layout.greet }

    public init() {}
}
