/// A source of data a plugin offers by id, for the app to read on demand (an app may offer its
/// sources for a `--data-source <id>:<argument>` option and read them into a store of its own).
///
/// `Content` is whatever the app's sources produce (a `Catalogue` of its own, say); the plugin
/// API does not know it, so one registry serves any app. A closure returning the content is
/// enough for Swift to infer it: `DataSource(id: "x", name: "X") { Catalogue(…) }`.
public struct DataSource<Content: Sendable>: Sendable {
    /// Short and stable (`mhdemo`): what the user types.
    public let id: String
    /// Shown in messages and the 插件 dialog.
    public let name: String
    /// Reads the data for `argument` (a folder, a URL: the source decides); throws a message the
    /// user can act on.
    public let read: @Sendable (_ argument: String) throws -> Content

    public init(id: String, name: String, read: @escaping @Sendable (_ argument: String) throws -> Content) {
        self.id = id
        self.name = name
        self.read = read
    }
}

/// A registered data source whatever its content type: what lists and messages need (`id`,
/// `name`), without the `read` that only a caller knowing the type can use — it asks
/// `PluginRegistry.dataSource(_:of:)` for that.
public struct AnyDataSource: Sendable {
    /// The source's id.
    public let id: String
    /// The source's name, as shown.
    public let name: String
    /// The content type's name (`ShelfDomain.Catalogue`), for messages about a source of
    /// another type than the one asked for.
    public let contentTypeName: String
    /// The typed source, for `typed(as:)`.
    private let base: any Sendable

    public init<Content>(_ source: DataSource<Content>) {
        id = source.id
        name = source.name
        contentTypeName = String(reflecting: Content.self)
        base = source
    }

    /// The source with its type, when its content is a `Content`; nil otherwise.
    public func typed<Content>(as type: Content.Type = Content.self) -> DataSource<Content>? {
        base as? DataSource<Content>
    }
}
