import CGtk
import Reactive

/// An `AdwLeaflet`: children side by side while they fit, one at a time (with a slide) when
/// folded. `canUnfold` false keeps it folded whatever its width: a window can fold it at a
/// breakpoint of its own (libadwaita 1.2 has no `AdwBreakpoint`).
open class Leaflet: Widget {
    override open class var gtkType: GType { adw_leaflet_get_type() }

    /// A new, empty, horizontal leaflet.
    public convenience init() {
        AdwaitaStyle.start()
        self.init(adw_leaflet_new())
    }

    /// Adds `child` at the end.
    public func append(_ child: Widget) { _ = adw_leaflet_append(pointer.opaque, child.pointer) }

    /// Whether it shows one child at a time now.
    public var isFolded: Bool { adw_leaflet_get_folded(pointer.opaque) != 0 }

    /// Whether it may show its children side by side (false: always folded).
    public var canUnfold: Bool {
        get { adw_leaflet_get_can_unfold(pointer.opaque) != 0 }
        set { adw_leaflet_set_can_unfold(pointer.opaque, newValue ? 1 : 0) }
    }

    /// Whether a swipe, the Back mouse button or Alt+Left shows the previous child when folded.
    public var canNavigateBack: Bool {
        get { adw_leaflet_get_can_navigate_back(pointer.opaque) != 0 }
        set { adw_leaflet_set_can_navigate_back(pointer.opaque, newValue ? 1 : 0) }
    }

    /// Whether `child` is the one shown when folded (the one `showChild` last showed, or the
    /// leaflet's own navigation).
    public func isVisibleChild(_ child: Widget) -> Bool { adw_leaflet_get_visible_child(pointer.opaque) == child.pointer }

    /// Shows `child` (sliding to it when folded).
    public func showChild(_ child: Widget) { adw_leaflet_set_visible_child(pointer.opaque, child.pointer) }

    /// Whether `child` counts as a page one can navigate to (false for a separator between panes).
    public func setNavigatable(_ child: Widget, _ navigatable: Bool) {
        guard let page = adw_leaflet_get_page(pointer.opaque, child.pointer) else { return }
        adw_leaflet_page_set_navigatable(page, navigatable ? 1 : 0)
    }
}

extension ReactiveWidget where Base: Leaflet {
    /// Whether it is folded: now, then each change.
    public var isFolded: SignalProducer<Bool, Never> {
        producer(initial: { adw_leaflet_get_folded($0.opaque) != 0 }) { widget, _, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: "notify::folded", arguments: 1) {
                send(adw_leaflet_get_folded(widget.opaque) != 0)
            }]
        }
    }

    /// Each time the child shown changes: a navigation of the leaflet's own (a swipe, Alt+Left,
    /// the Back mouse button) as well as `showChild`. Ask `isVisibleChild` which it is.
    public var visibleChildChanged: SignalProducer<Void, Never> {
        producer { widget, _, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: "notify::visible-child", arguments: 1) { send(()) }]
        }
    }
}
