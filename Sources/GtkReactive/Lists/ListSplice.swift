/// One splice of a list model: at `position`, `removed` rows go and `added` rows come (GLib's
/// `items-changed` arguments).
struct ListSplice: Sendable, Equatable {
    let position: Int
    let removed: Int
    let added: Int

    /// Whether it changes nothing.
    var isEmpty: Bool { removed == 0 && added == 0 }
}
