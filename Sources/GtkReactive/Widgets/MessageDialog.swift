import CGtk
import GtkShim
import Reactive

/// An `AdwMessageDialog`: a modal question over a window — a heading, a body and one button per
/// response. Escape (or the window manager) answers the `closeResponse`; Enter the default.
open class MessageDialog: Window {
    override open class var gtkType: GType { adw_message_dialog_get_type() }

    /// How a response's button looks.
    public enum Appearance: Sendable {
        /// A plain button.
        case `default`
        /// The action the dialog suggests (blue).
        case suggested
        /// An action that destroys or cannot be undone (red).
        case destructive

        var adw: AdwResponseAppearance {
            switch self {
            case .default: ADW_RESPONSE_DEFAULT
            case .suggested: ADW_RESPONSE_SUGGESTED
            case .destructive: ADW_RESPONSE_DESTRUCTIVE
            }
        }
    }

    private var typed: UnsafeMutablePointer<AdwMessageDialog> { pointer.typed(AdwMessageDialog.self) }

    /// A new dialog with `heading` and `body` (plain text), modal over `parent`.
    public convenience init(heading: String, body: String, over parent: Window?) {
        AdwaitaStyle.start()
        self.init(toplevel: adw_message_dialog_new(parent?.pointer.typed(GtkWindow.self), nil, nil))
        self.heading = heading
        self.body = body
    }

    /// The title, at the top in bold.
    public var heading: String {
        get { adw_message_dialog_get_heading(typed).map { String(cString: $0) } ?? "" }
        set { adw_message_dialog_set_heading(typed, newValue) }
    }

    /// The text under the heading.
    public var body: String {
        get { adw_message_dialog_get_body(typed).map { String(cString: $0) } ?? "" }
        set { adw_message_dialog_set_body(typed, newValue) }
    }

    /// Adds a response `id` with a button labelled `label` (after the others), or relabels it.
    public func setResponse(_ id: String, label: String, appearance: Appearance = .default) {
        if adw_message_dialog_has_response(typed, id) != 0 {
            adw_message_dialog_set_response_label(typed, id, label)
        } else {
            adw_message_dialog_add_response(typed, id, label)
        }
        adw_message_dialog_set_response_appearance(typed, id, appearance.adw)
        nameButtons(labelled: label)
    }

    /// Names the buttons of a response `label` by it, once: libadwaita 1.2 makes them with a
    /// mnemonic label, which GTK 4.8 reads out twice ("注销 注销").
    private func nameButtons(labelled label: String) {
        var pending: [UnsafeMutablePointer<GtkWidget>] = [pointer]
        while let widget = pending.popLast() {
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                pending.append(current)
                child = gtk_widget_get_next_sibling(current)
            }
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            guard g_type_check_instance_is_a(instance, gtk_button_get_type()) != 0,
                  let text = gtk_button_get_label(widget.typed(GtkButton.self)), String(cString: text) == label else { continue }
            gtk_accessible_reset_relation(OpaquePointer(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
            grshim_set_accessible_label(widget, label)
        }
    }

    /// The label of response `id`'s button; nil if there is no such response.
    public func label(ofResponse id: String) -> String? {
        guard adw_message_dialog_has_response(typed, id) != 0 else { return nil }
        return adw_message_dialog_get_response_label(typed, id).map { String(cString: $0) }
    }

    /// How response `id`'s button looks (`.default` if there is none).
    public func appearance(ofResponse id: String) -> Appearance {
        guard adw_message_dialog_has_response(typed, id) != 0 else { return .default }
        switch adw_message_dialog_get_response_appearance(typed, id) {
        case ADW_RESPONSE_SUGGESTED: return .suggested
        case ADW_RESPONSE_DESTRUCTIVE: return .destructive
        default: return .default
        }
    }

    /// The response Enter gives (its button has the focus); nil for none.
    public var defaultResponse: String? {
        get { adw_message_dialog_get_default_response(typed).map { String(cString: $0) } }
        set { adw_message_dialog_set_default_response(typed, newValue) }
    }

    /// The response Escape and closing the window give.
    public var closeResponse: String {
        get { adw_message_dialog_get_close_response(typed).map { String(cString: $0) } ?? "close" }
        set { adw_message_dialog_set_close_response(typed, newValue) }
    }

    /// Answers `id` as if its button were pressed (the dialog then closes).
    public func respond(_ id: String) { adw_message_dialog_response(typed, id) }

    /// Turns response `id`'s button on or off (an off one cannot be pressed, nor be Enter's).
    public func setResponse(_ id: String, enabled: Bool) {
        guard adw_message_dialog_has_response(typed, id) != 0 else { return }
        adw_message_dialog_set_response_enabled(typed, id, enabled ? 1 : 0)
    }

    /// Whether response `id`'s button can be pressed (false if there is no such response).
    public func isResponseEnabled(_ id: String) -> Bool {
        adw_message_dialog_has_response(typed, id) != 0 && adw_message_dialog_get_response_enabled(typed, id) != 0
    }

    /// A widget under the body (a text field); the dialog holds it.
    public var extraChild: Widget? {
        get { adw_message_dialog_get_extra_child(typed).map { Widget($0) } }
        set { adw_message_dialog_set_extra_child(typed, newValue?.pointer) }
    }
}

extension ReactiveWidget where Base: MessageDialog {
    /// Each response the user gives (a button, Escape or closing: the close response). A
    /// button's response comes after libadwaita has closed the dialog, so this is not bound to
    /// the dialog's lifetime (which ends when it closes): it lasts until disposed, or until GTK
    /// frees the dialog — keep the wrapper until the response has come.
    public var responses: SignalProducer<String, Never> {
        let handle = WidgetPointer(base.pointer)
        return SignalProducer { observer, run in
            GtkThread.run {
                guard !run.hasEnded else { return }
                run += SignalConnection(UnsafeMutableRawPointer(handle.pointer), signal: "response", arguments: 1) { argument in
                    guard let argument else { return }
                    observer.send(value: String(cString: argument.assumingMemoryBound(to: CChar.self)))
                }
            }
        }
    }
}
