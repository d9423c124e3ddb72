import Foundation
import CGtk

/// An `AdwStatusPage`: a page that says what state a view is in — empty, loading, failed —
/// with an icon, a title, a description and a child (a button to retry, or to quit).
open class StatusPage: Widget {
    override open class var gtkType: GType { adw_status_page_get_type() }

    /// A new status page.
    public convenience init(iconName: String? = nil, title: String = "", description: String? = nil) {
        self.init(adw_status_page_new())
        self.iconName = iconName
        self.title = title
        self.descriptionText = description
    }

    private var page: OpaquePointer { pointer.opaque }

    /// The icon above the title.
    public var iconName: String? {
        get { adw_status_page_get_icon_name(page).map { String(cString: $0) } }
        set { adw_status_page_set_icon_name(page, newValue) }
    }

    /// The title, in large type.
    public var title: String {
        get { adw_status_page_get_title(page).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_title(page, newValue) }
    }

    /// The description under the title, as plain text: AdwStatusPage reads its description as
    /// markup, so this escapes it (an error message may hold `<` or `&`).
    public var descriptionText: String? {
        get { adw_status_page_get_description(page).map { Self.unescaped(String(cString: $0)) } }
        set {
            guard let newValue else { return adw_status_page_set_description(page, nil) }
            let escaped = g_markup_escape_text(newValue, -1)
            defer { g_free(escaped) }
            adw_status_page_set_description(page, escaped)
        }
    }

    /// The widget under the description.
    public func setChild(_ child: Widget?) { adw_status_page_set_child(page, child?.pointer) }

    /// Markup's five escapes undone (what `g_markup_escape_text` writes).
    private static func unescaped(_ markup: String) -> String {
        markup.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
}
