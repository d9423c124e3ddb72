import CGtk
import GtkShim

/// GtkShim's `GrShimPictureStrip`: a row of pictures that scrolls sideways without scrollbars
/// (see GrShimPictureStrip.h).
open class PictureStrip: Widget {
    override open class var gtkType: GType { grshim_picture_strip_get_type() }

    /// A new, empty strip with `spacing` pixels between its children.
    public convenience init(spacing: Int = 0) { self.init(grshim_picture_strip_new(Int32(clamping: spacing))) }

    private var strip: OpaquePointer { pointer.opaque }

    /// Adds `child` at the end.
    public func append(_ child: Widget) { grshim_picture_strip_append(strip, child.pointer) }

    /// How far it is scrolled, in pixels from its start.
    public var offset: Double { grshim_picture_strip_get_offset(strip) }
}
