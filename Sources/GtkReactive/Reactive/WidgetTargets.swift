import CGtk
import GtkShim
import Reactive

/// What every widget binds: sensitivity, visibility, tooltip, CSS classes, accessible text,
/// and whether it is on screen.
extension ReactiveWidget {
    /// Whether the widget reacts to input (the slot of `Widget.sensitive(during:)`).
    public var isSensitive: BindingTarget<Bool> {
        target("sensitive") { gtk_widget_set_sensitive($0, $1 ? 1 : 0) }
    }

    /// Whether the widget is shown (the slot of `Widget.visible(during:)`).
    public var isVisible: BindingTarget<Bool> {
        target("visible") { gtk_widget_set_visible($0, $1 ? 1 : 0) }
    }

    /// The tooltip text; nil removes it.
    public var tooltip: BindingTarget<String?> {
        target("tooltip") { gtk_widget_set_tooltip_text($0, $1) }
    }

    /// Every CSS class of the widget, replaced as a whole (classes from its layout too).
    public var cssClasses: BindingTarget<[String]> {
        target("css-classes") { Widget.setCSSClasses($0, $1) }
    }

    /// Whether the widget has the CSS class `name`; the other classes are left alone.
    public func cssClass(_ name: String) -> BindingTarget<Bool> {
        target("css-class:" + name) { widget, on in
            if on { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
        }
    }

    /// The accessible name screen readers announce.
    public var accessibleLabel: BindingTarget<String> {
        target("accessible-label") { grshim_set_accessible_label($0, $1) }
    }

    /// The accessible description screen readers read after the name.
    public var accessibleDescription: BindingTarget<String> {
        target("accessible-description") { grshim_set_accessible_description($0, $1) }
    }

    /// Whether assistive technologies are told the widget is busy (its `busy` state).
    public var isBusy: BindingTarget<Bool> {
        target("accessible-busy") { grshim_set_accessible_busy($0, $1 ? 1 : 0) }
    }

    /// Whether the widget is on screen: its current state first, then true on `map` and false
    /// on `unmap`.
    public var isMapped: SignalProducer<Bool, Never> {
        producer(initial: { gtk_widget_get_mapped($0) != 0 }) { widget, _, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: "map") { send(true) },
             SignalConnection(UnsafeMutableRawPointer(widget), signal: "unmap") { send(false) }]
        }
    }
}
