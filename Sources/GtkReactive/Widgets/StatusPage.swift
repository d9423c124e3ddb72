import CGtk
import Foundation
import Reactive

/// An `AdwStatusPage`: an icon, a title, a description and a control, for a page that has
/// nothing else to show (empty, loading, failed).
open class StatusPage: Widget {
    override open class var gtkType: GType { adw_status_page_get_type() }

    /// A new status page with `title` (and `iconName`, `description` when given).
    public convenience init(title: String = "", description: String? = nil, iconName: String? = nil) {
        AdwaitaStyle.start()
        self.init(adw_status_page_new())
        self.title = title
        self.descriptionText = description
        self.iconName = iconName
    }

    /// The title.
    public var title: String {
        get { adw_status_page_get_title(pointer.opaque).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_title(pointer.opaque, newValue) }
    }

    /// The text under the title, as plain text (libadwaita reads it as markup: it is escaped);
    /// nil for none.
    public var descriptionText: String? {
        get { adw_status_page_get_description(pointer.opaque).map { Self.unescaped(String(cString: $0)) } }
        set { Self.setDescription(pointer, newValue) }
    }

    /// Sets the description of the status page `page`, escaped (a message may hold `<` or `&`).
    static func setDescription(_ page: UnsafeMutablePointer<GtkWidget>, _ text: String?) {
        guard let text, !text.isEmpty, let escaped = g_markup_escape_text(text, -1) else {
            return adw_status_page_set_description(page.opaque, nil)
        }
        adw_status_page_set_description(page.opaque, escaped)
        g_free(escaped)
    }

    /// Markup's escapes undone (what `g_markup_escape_text` writes), so the text reads back as set.
    private static func unescaped(_ markup: String) -> String {
        markup.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The icon above the title; nil for none.
    public var iconName: String? {
        get { adw_status_page_get_icon_name(pointer.opaque).map { String(cString: $0) } }
        set { adw_status_page_set_icon_name(pointer.opaque, newValue) }
    }

    /// The control under the text (a button, a spinner), or nil.
    public func setChild(_ child: Widget?) { adw_status_page_set_child(pointer.opaque, child?.pointer) }
}

extension ReactiveWidget where Base: StatusPage {
    /// The title.
    public var title: BindingTarget<String> {
        target("status-title") { adw_status_page_set_title($0.opaque, $1) }
    }

    /// The text under the title, plain (escaped); empty for none.
    public var description: BindingTarget<String> {
        target("status-description") { StatusPage.setDescription($0, $1) }
    }

    /// The icon above the title.
    public var iconName: BindingTarget<String> {
        target("status-icon-name") { adw_status_page_set_icon_name($0.opaque, $1) }
    }
}
