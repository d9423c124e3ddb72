import CGtk

/// A `.ui` file in a bundle. Each `load()` builds a fresh instance of its objects, so one file
/// serves every row of a list or every opening of a dialog.
@MainActor
public struct UIFile: Sendable {
    /// The file's name in the bundle, e.g. `login.ui`.
    public let name: String
    public let bundle: UIResourceBundle

    public init(_ name: String, in bundle: UIResourceBundle) {
        self.name = name
        self.bundle = bundle
    }

    /// The file's resource path.
    public var resourcePath: String { bundle.path(name) }

    /// Whether the bundle holds the file.
    public var exists: Bool {
        g_resources_get_info(resourcePath, G_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, nil) != 0
    }

    /// Builds the file's objects. A window in it is a toplevel from this moment (GTK lists it
    /// among its open windows), so load a dialog's layout only when it is presented; releasing
    /// the layout destroys its windows.
    public func load() throws(UIFileError) -> UILayout {
        try UILayout(self)
    }
}
