import Reactive

extension Widget {
    /// Another wrapper of this widget whose lifetime is `scope` (see `init(_:scope:)`): the
    /// targets and signals reached through it end when `scope` ends. How a list row binds what
    /// it shows for one element only: `row.like.within(rowScope).reactive.pressed = …`.
    public func within(_ scope: Lifetime) -> Self { Self(pointer, scope: scope) }
}
