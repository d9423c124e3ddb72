import CGtk
import Reactive

extension ReactiveWidget where Base: Label {
    /// The label's text (the slot of `Widget.labelText(during:)`).
    public var text: BindingTarget<String> {
        target("label") { gtk_label_set_text($0.opaque, $1) }
    }

    /// The label's text with Pango markup (a bold count, say); the same slot as `text`, so the
    /// latest of the two bindings decides what shows.
    public var markup: BindingTarget<Markup> {
        target("label") { gtk_label_set_markup($0.opaque, $1.text) }
    }
}
