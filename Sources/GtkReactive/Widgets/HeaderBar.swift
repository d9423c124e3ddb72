import CGtk

/// An `AdwHeaderBar`: one pane's title bar. In a split layout each pane has one, and only the
/// outer ones show the window's buttons (close on the right, whatever the desktop puts left).
open class HeaderBar: Widget {
    override open class var gtkType: GType { adw_header_bar_get_type() }

    /// A new header bar.
    public convenience init() {
        AdwaitaStyle.start()
        self.init(adw_header_bar_new())
    }

    /// Whether it shows the window buttons the desktop puts at the start (left).
    public var showsStartTitleButtons: Bool {
        get { adw_header_bar_get_show_start_title_buttons(pointer.opaque) != 0 }
        set { adw_header_bar_set_show_start_title_buttons(pointer.opaque, newValue ? 1 : 0) }
    }

    /// Whether it shows the window buttons the desktop puts at the end (close, on the right).
    public var showsEndTitleButtons: Bool {
        get { adw_header_bar_get_show_end_title_buttons(pointer.opaque) != 0 }
        set { adw_header_bar_set_show_end_title_buttons(pointer.opaque, newValue ? 1 : 0) }
    }
}
