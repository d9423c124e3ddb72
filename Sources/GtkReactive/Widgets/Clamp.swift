import CGtk

/// An `AdwClamp`: its child grows with the window up to `maximumSize` (a readable width), then
/// stays that wide, centred.
open class Clamp: Widget {
    override open class var gtkType: GType { adw_clamp_get_type() }

    /// A new clamp around `child`, at most `maximumSize` pixels wide.
    public convenience init(child: Widget? = nil, maximumSize: Int = 600) {
        self.init(adw_clamp_new())
        adw_clamp_set_child(clamp, child?.pointer)
        self.maximumSize = maximumSize
    }

    private var clamp: OpaquePointer { pointer.opaque }

    /// The widest its child gets, in pixels.
    public var maximumSize: Int {
        get { Int(adw_clamp_get_maximum_size(clamp)) }
        set { adw_clamp_set_maximum_size(clamp, Int32(clamping: max(0, newValue))) }
    }

    /// From which width on the child grows more slowly than the clamp, towards `maximumSize`.
    public var tighteningThreshold: Int {
        get { Int(adw_clamp_get_tightening_threshold(clamp)) }
        set { adw_clamp_set_tightening_threshold(clamp, Int32(clamping: max(0, newValue))) }
    }
}
