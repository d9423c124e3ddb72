import Reactive

/// The typed face of one `.ui` file, written at build time by `layout-codegen` (run by the
/// EmbedGResource package plugin, and by `build-plugins.sh` for plugins): `login.ui` becomes
/// `LoginLayout`, whose properties are the file's objects with an id, typed by their class in the
/// file (`phone: Entry`, `login: Button`, `primaryMenu: Menu`). A renamed or misspelt id is a
/// compile error where the code uses it, not a stand-in at run time.
///
/// Each instance is a fresh copy of the file's objects; it holds its `UILayout`, so every outlet
/// stays valid, and every binding made through one lasts, until the instance is released.
@MainActor
public protocol TypedLayout: AnyObject {
    /// The loaded file, which holds every outlet.
    var uiLayout: UILayout { get }
    /// A new copy of the file's objects, from the module's bundle. It never fails: a file that
    /// does not load is logged and its outlets are stand-ins (see `UILayout.loading`).
    init()
    /// A new copy of the file's objects, or why the file does not load.
    static func load() throws(UIFileError) -> Self
}

extension TypedLayout {
    /// Ends when the layout is released: work bound to its widgets belongs here.
    public var lifetime: Lifetime { uiLayout.lifetime }
}
