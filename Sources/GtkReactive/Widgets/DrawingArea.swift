import CGtk
import Reactive

/// A `GtkDrawingArea`. An app may draw nothing in one: it watches a region's size (an
/// overlay child is given its whole area), which GTK 4.8 reports to no other widget.
open class DrawingArea: Widget {
    override open class var gtkType: GType { gtk_drawing_area_get_type() }

    /// A new drawing area.
    public convenience init() { self.init(gtk_drawing_area_new()) }
}

extension ReactiveWidget where Base: DrawingArea {
    /// Its width each time GTK gives it a new size (during layout: act on it later, not by
    /// resizing there), starting with the current one.
    public var width: SignalProducer<Int, Never> {
        producer(initial: { Int(gtk_widget_get_width($0)) }) { widget, _, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: "resize", ignoringArguments: {
                send(Int(gtk_widget_get_width(widget)))
            })]
        }
    }
}
