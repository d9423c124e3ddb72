import CGtk

/// A stack as a navigation stack: pages added once, shown sliding one way or the other.
extension Stack {
    /// How the stack animates from one child to the next.
    public enum Transition: Sendable {
        case none, crossfade, slideLeft, slideRight, slideLeftRight

        var gtk: GtkStackTransitionType {
            switch self {
            case .none: GTK_STACK_TRANSITION_TYPE_NONE
            case .crossfade: GTK_STACK_TRANSITION_TYPE_CROSSFADE
            case .slideLeft: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT
            case .slideRight: GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
            case .slideLeftRight: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT
            }
        }
    }

    /// The animation of the next change of child.
    public var transition: Transition {
        get {
            switch gtk_stack_get_transition_type(pointer.opaque) {
            case GTK_STACK_TRANSITION_TYPE_CROSSFADE: .crossfade
            case GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT: .slideLeft
            case GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT: .slideRight
            case GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT: .slideLeftRight
            default: .none
            }
        }
        set { gtk_stack_set_transition_type(pointer.opaque, newValue.gtk) }
    }

    /// Whether `child` is one of the stack's children.
    public func contains(_ child: Widget) -> Bool { gtk_widget_get_parent(child.pointer) == pointer }
}
