import CGtk
import Reactive

extension ReactiveWidget where Base: Spinner {
    /// Whether the spinner spins (the slot of `Widget.spinning(during:)`).
    public var isSpinning: BindingTarget<Bool> {
        target("spinning") { gtk_spinner_set_spinning($0.opaque, $1 ? 1 : 0) }
    }
}

extension ReactiveWidget where Base: ProgressBar {
    /// How much is done, from 0 to 1.
    public var fraction: BindingTarget<Double> {
        target("fraction") { gtk_progress_bar_set_fraction($0.opaque, $1) }
    }
}

extension ReactiveWidget where Base: Revealer {
    /// Whether the child is revealed.
    public var revealsChild: BindingTarget<Bool> {
        target("reveal-child") { gtk_revealer_set_reveal_child($0.opaque, $1 ? 1 : 0) }
    }
}

extension ReactiveWidget where Base: Image {
    /// The icon the image shows.
    public var iconName: BindingTarget<String> {
        target("icon-name") { gtk_image_set_from_icon_name($0.opaque, $1) }
    }
}

extension ReactiveWidget where Base: Stack {
    /// The child shown, by its position among the children (an index past the end is ignored).
    public var visibleIndex: BindingTarget<Int> {
        target("visible-child") { stack, index in
            guard let child = Stack.child(of: stack, at: index) else { return }
            gtk_stack_set_visible_child(stack.opaque, child)
        }
    }

    /// The child shown, by the name it was added under (an unknown name is ignored).
    public var visibleChildName: BindingTarget<String> {
        target("visible-child") { stack, name in
            guard gtk_stack_get_child_by_name(stack.opaque, name) != nil else { return }
            gtk_stack_set_visible_child_name(stack.opaque, name)
        }
    }
}
