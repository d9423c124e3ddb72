import Reactive

/// How a route's screen is kept across a restart: `save` writes its argument in a few words (an
/// item's id, a phone number), `load` finds the argument again from them at the next start —
/// asynchronously, since that may read a store. `load` gets untrusted text from a file: it checks
/// it and answers nil for anything it cannot find or does not understand (the screen is then not
/// restored).
public struct RouteRestoration<Argument: Sendable>: Sendable {
    public let save: @Sendable (Argument) -> String?
    public let load: @Sendable (String) -> SignalProducer<Argument?, Never>

    public init(
        save: @escaping @Sendable (Argument) -> String?,
        load: @escaping @Sendable (String) -> SignalProducer<Argument?, Never>
    ) {
        self.save = save
        self.load = load
    }
}

extension RouteRestoration where Argument == Void {
    /// A route without an argument: nothing to save, nothing to find.
    public static var plain: RouteRestoration<Void> {
        RouteRestoration(save: { _ in "" }, load: { _ in SignalProducer(value: ()) })
    }
}

extension RouteRestoration where Argument == String {
    /// A route whose argument is a short text kept as it is (a place's name).
    public static var text: RouteRestoration<String> {
        RouteRestoration(save: { $0 }, load: { SignalProducer(value: $0) })
    }
}

/// A `RouteRestoration` with its argument type erased, as a registry keeps it by route name.
public struct AnyRouteRestoration: Sendable {
    private let saveArgument: @Sendable (any Sendable) -> String?
    private let loadArgument: @Sendable (String) -> SignalProducer<(any Sendable)?, Never>

    public init<Argument: Sendable>(_ restoration: RouteRestoration<Argument>) {
        saveArgument = { argument in (argument as? Argument).flatMap(restoration.save) }
        loadArgument = { text in restoration.load(text).map { $0.map { $0 as any Sendable } } }
    }

    /// The argument in words; nil when it is not the route's type or cannot be saved.
    public func save(_ argument: any Sendable) -> String? { saveArgument(argument) }

    /// The argument found again, or nil.
    public func load(_ text: String) -> SignalProducer<(any Sendable)?, Never> { loadArgument(text) }
}
