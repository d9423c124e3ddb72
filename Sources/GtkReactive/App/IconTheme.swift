import CGtk
import Foundation

/// The display's icon theme: where icons are looked up, and the icon windows show.
@MainActor
public enum IconTheme {
    /// Looks up icons in `folder` too (an uninstalled program's `icons` folder, or a prefix's
    /// `share/icons` the desktop's theme does not search). False, and nothing added, when it is
    /// not a folder or there is no display yet.
    @discardableResult
    public static func add(folder: URL) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue,
              let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else { return false }
        gtk_icon_theme_add_search_path(theme, folder.path)
        return true
    }

    /// Whether the theme (with the folders added) has an icon named `name`; false with no display.
    public static func hasIcon(_ name: String) -> Bool {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else { return false }
        return gtk_icon_theme_has_icon(theme, name) != 0
    }

    /// The icon every window shows unless it sets its own (the application id, by convention).
    public static var defaultWindowIcon: String? {
        get { gtk_window_get_default_icon_name().map { String(cString: $0) } }
        set { gtk_window_set_default_icon_name(newValue) }
    }
}
