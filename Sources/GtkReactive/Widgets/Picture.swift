import CGtk

/// A `GtkPicture`: a picture at the size it is given.
open class Picture: Widget {
    override open class var gtkType: GType { gtk_picture_get_type() }

    /// How a picture fills the space it is given (`GtkContentFit`).
    public enum ContentFit: Sendable {
        /// Stretched to fill it, whatever its aspect.
        case fill
        /// Fitting inside it, aspect kept (bars where the aspects differ).
        case contain
        /// Covering it, aspect kept (cropped where the aspects differ).
        case cover
        /// At its own size.
        case scaleDown

        var gtk: GtkContentFit {
            switch self {
            case .fill: GTK_CONTENT_FIT_FILL
            case .contain: GTK_CONTENT_FIT_CONTAIN
            case .cover: GTK_CONTENT_FIT_COVER
            case .scaleDown: GTK_CONTENT_FIT_SCALE_DOWN
            }
        }
    }

    /// A new, empty picture that fits its content as `contentFit` says and may shrink below
    /// its picture's size when `canShrink`.
    public convenience init(contentFit: ContentFit = .contain, canShrink: Bool = true) {
        self.init(gtk_picture_new())
        gtk_picture_set_content_fit(pointer.opaque, contentFit.gtk)
        gtk_picture_set_can_shrink(pointer.opaque, canShrink ? 1 : 0)
    }

    /// Whether it shows a picture now.
    public var hasPicture: Bool { gtk_picture_get_paintable(pointer.opaque) != nil }
}
