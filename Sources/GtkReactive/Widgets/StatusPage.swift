import CGtk

/// An `AdwStatusPage`: an icon, a title and a description centred in the space, for an empty,
/// loading or error state ("Select an item", "Nothing here").
open class StatusPage: Widget {
    override open class var gtkType: GType { adw_status_page_get_type() }

    /// A new, empty status page.
    public convenience init() {
        AdwaitaStyle.start()
        self.init(adw_status_page_new())
    }

    /// The large title.
    public var title: String {
        get { adw_status_page_get_title(pointer.opaque).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_title(pointer.opaque, newValue) }
    }

    /// The text under the title (Pango markup is not interpreted); empty for none.
    public var pageDescription: String {
        get { adw_status_page_get_description(pointer.opaque).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_description(pointer.opaque, newValue.isEmpty ? nil : newValue) }
    }

    /// The icon's name; nil for none.
    public var iconName: String? {
        get { adw_status_page_get_icon_name(pointer.opaque).map { String(cString: $0) } }
        set { adw_status_page_set_icon_name(pointer.opaque, newValue) }
    }
}
