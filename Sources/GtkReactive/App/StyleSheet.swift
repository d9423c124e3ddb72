import CGtk
import Foundation

/// Why a style sheet was not loaded.
public enum StyleSheetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No readable file at the path.
    case unreadable(String)
    /// No display to style (GTK is not running on one yet).
    case noDisplay

    public var description: String {
        switch self {
        case let .unreadable(path): "no style sheet at \(path)"
        case .noDisplay: "no display to style"
        }
    }
}

/// A CSS file styling every window of the display, at the application's priority (above the
/// theme's). It stays loaded until `remove()`, whether or not this is kept.
@MainActor
public final class StyleSheet {
    /// The file it was loaded from.
    public let path: String
    private let provider: UnsafeMutablePointer<GtkCssProvider>
    private var isLoaded = true

    private init(path: String, provider: UnsafeMutablePointer<GtkCssProvider>) {
        self.path = path
        self.provider = provider
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(provider)) }

    /// Loads the CSS at `path` for the whole display. Parse errors in the file are GTK's
    /// warnings (the rules it could read apply); a missing file, or no display, throws.
    @discardableResult
    public static func load(path: String) throws(StyleSheetError) -> StyleSheet {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
              FileManager.default.isReadableFile(atPath: path) else { throw .unreadable(path) }
        guard let display = gdk_display_get_default() else { throw .noDisplay }
        guard let provider = gtk_css_provider_new() else { throw .unreadable(path) }
        gtk_css_provider_load_from_path(provider, path)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        return StyleSheet(path: path, provider: provider)
    }

    /// Stops styling the display with it.
    public func remove() {
        guard isLoaded, let display = gdk_display_get_default() else { return }
        isLoaded = false
        gtk_style_context_remove_provider_for_display(display, OpaquePointer(provider))
    }
}
