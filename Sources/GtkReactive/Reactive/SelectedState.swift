import CGtk
import Reactive

extension Widget {
    /// Tells assistive technologies whether the widget is the selected one of its set (its
    /// `selected` state): the current page's button among a carousel's, say.
    public func setAccessibleSelected(_ selected: Bool) { Self.setSelected(pointer, selected) }

    /// Sets the `selected` state through the GValue call (gtk_accessible_update_state is
    /// variadic). `selected` is a "boolean or undefined" state: GTK reads its value as an int.
    static func setSelected(_ widget: UnsafeMutablePointer<GtkWidget>, _ selected: Bool) {
        var state = GTK_ACCESSIBLE_STATE_SELECTED
        var value = GValue()
        g_value_init(&value, GType(6 << 2)) // G_TYPE_INT (a macro Swift does not import)
        g_value_set_int(&value, selected ? 1 : 0)
        gtk_accessible_update_state_value(OpaquePointer(widget), 1, &state, &value)
        g_value_unset(&value)
    }
}

extension ReactiveWidget {
    /// Whether assistive technologies are told the widget is the selected one of its set.
    public var isSelected: BindingTarget<Bool> {
        target("accessible-selected") { Widget.setSelected($0, $1) }
    }
}
