import CGtk
import Reactive

extension ReactiveWidget where Base: Label {
    /// The label's text (the slot of `Widget.labelText(during:)`).
    public var text: BindingTarget<String> {
        target("label") { gtk_label_set_text($0.opaque, $1) }
    }
}
