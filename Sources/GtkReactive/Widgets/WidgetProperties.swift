import CGtk
import GtkShim

/// What every widget has: shown or not, sensitive or not, focus and CSS classes.
extension Widget {
    /// Whether the widget is shown (its `visible` property; it may still be off screen).
    public var isVisible: Bool {
        get { gtk_widget_get_visible(pointer) != 0 }
        set { gtk_widget_set_visible(pointer, newValue ? 1 : 0) }
    }

    /// Whether the widget reacts to input.
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(pointer) != 0 }
        set { gtk_widget_set_sensitive(pointer, newValue ? 1 : 0) }
    }

    /// Whether the widget is mapped (on screen, its parents all shown).
    public var isMapped: Bool { gtk_widget_get_mapped(pointer) != 0 }

    /// Moves the keyboard focus here (once the widget is mapped); false if it cannot take it.
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(pointer) != 0 }

    /// Adds the CSS class `name`.
    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(pointer, name) }

    /// Removes the CSS class `name`.
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(pointer, name) }

    /// Whether the widget has the CSS class `name`.
    public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(pointer, name) != 0 }

    /// The widget's CSS classes, in order.
    public var cssClasses: [String] {
        get { Self.strings(gtk_widget_get_css_classes(pointer)) }
        set { Self.setCSSClasses(pointer, newValue) }
    }

    /// The tooltip text, or nil for none.
    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(pointer).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(pointer, newValue) }
    }

    /// The widget's name (the `name` GtkBuilder files and tests look widgets up by).
    public var name: String {
        get { String(cString: gtk_widget_get_name(pointer)) }
        set { gtk_widget_set_name(pointer, newValue) }
    }

    /// Sets the accessible name that screen readers announce.
    public func setAccessibleLabel(_ label: String) { grshim_set_accessible_label(pointer, label) }

    /// Sets the accessible description that screen readers read after the name.
    public func setAccessibleDescription(_ description: String) { grshim_set_accessible_description(pointer, description) }

    /// Copies a NULL-terminated C string array that GLib allocated, and frees it.
    static func strings(_ array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
        guard let array else { return [] }
        defer { g_strfreev(array) }
        var result: [String] = []
        var index = 0
        while let item = array[index] {
            result.append(String(cString: item))
            index += 1
        }
        return result
    }

    /// `gtk_widget_set_css_classes` with a Swift array (a NULL-terminated array of C strings).
    static func setCSSClasses(_ widget: UnsafeMutablePointer<GtkWidget>, _ classes: [String]) {
        let copies = classes.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var array: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        array.append(nil)
        array.withUnsafeMutableBufferPointer { gtk_widget_set_css_classes(widget, $0.baseAddress) }
    }
}
