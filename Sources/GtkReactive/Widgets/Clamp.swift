import CGtk

/// An `AdwClamp`: keeps its child at most `maximumSize` pixels wide (centred beyond that), so
/// a page stays readable in a wide window.
open class Clamp: Widget {
    override open class var gtkType: GType { adw_clamp_get_type() }

    /// A new clamp around `child`, at most `maximumSize` pixels wide.
    public convenience init(maximumSize: Int, child: Widget? = nil) {
        self.init(adw_clamp_new())
        self.maximumSize = maximumSize
        if let child { adw_clamp_set_child(pointer.opaque, child.pointer) }
    }

    /// The widest the child gets, in pixels.
    public var maximumSize: Int {
        get { Int(adw_clamp_get_maximum_size(pointer.opaque)) }
        set { adw_clamp_set_maximum_size(pointer.opaque, Int32(clamping: max(0, newValue))) }
    }

    /// Below this width the child takes all the room there is; between it and `maximumSize`
    /// the clamp tightens gradually.
    public var tighteningThreshold: Int {
        get { Int(adw_clamp_get_tightening_threshold(pointer.opaque)) }
        set { adw_clamp_set_tightening_threshold(pointer.opaque, Int32(clamping: max(0, newValue))) }
    }
}
