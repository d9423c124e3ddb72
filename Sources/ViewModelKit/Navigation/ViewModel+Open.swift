extension ViewModel {
    /// Asks the controller layer to open `key`'s screen for `argument` (a typed destination);
    /// the app router decides which controller shows it. Callable from any thread.
    public nonisolated func open<Argument: Sendable>(
        _ key: RouteKey<Argument>, _ argument: Argument, as presentation: Presentation = .push
    ) {
        request(.open(Destination(key, argument), presentation))
    }

    /// Asks the controller layer to open `key`'s screen, which takes no argument.
    public nonisolated func open(_ key: RouteKey<Void>, as presentation: Presentation = .push) {
        request(.open(Destination(key), presentation))
    }
}
