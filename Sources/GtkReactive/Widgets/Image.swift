import CGtk

/// A `GtkImage`: an icon, or a picture at icon size.
open class Image: Widget {
    override open class var gtkType: GType { gtk_image_get_type() }

    /// A new image showing the icon `iconName` (none when nil).
    public convenience init(iconName: String? = nil) {
        self.init(iconName.map { gtk_image_new_from_icon_name($0) } ?? gtk_image_new())
    }

    /// The icon it shows, or nil when it shows none or a picture.
    public var iconName: String? {
        get { gtk_image_get_icon_name(pointer.opaque).map { String(cString: $0) } }
        set {
            if let newValue { gtk_image_set_from_icon_name(pointer.opaque, newValue) } else { gtk_image_clear(pointer.opaque) }
        }
    }

    /// The size it shows a picture at, in pixels (`pixel-size`; -1: the icon size's).
    public var pixelSize: Int {
        get { Int(gtk_image_get_pixel_size(pointer.opaque)) }
        set { gtk_image_set_pixel_size(pointer.opaque, Int32(clamping: newValue)) }
    }
}
