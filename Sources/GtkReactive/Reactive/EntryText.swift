import CGtk
import GtkShim
import Reactive

/// An entry's text, both ways: a binding target (`entry.reactive.text <~ name`) and a source
/// (`name <~ entry.reactive.text`), or both at once with `<~>`.
///
/// As a target, a value equal to the text shown is ignored (the cursor stays put) and its writes
/// are not reported back by the source (the echo rule). As a source it follows the `text`
/// property itself, so typing, pasting and programmatic sets by anyone else all arrive (seed
/// pitfall 2), starting with the current text. Both live as long as the entry's lifetime.
public struct EntryText: TwoWayWidgetValue, BindingSource {
    public typealias Value = String
    public typealias Error = Never

    /// Writes the entry's text.
    public let bindingTarget: BindingTarget<String>
    /// Each change of the text not made by `bindingTarget`, without the current text.
    public let changes: SignalProducer<String, Never>
    private let current: @MainActor @Sendable () -> String?

    @MainActor
    init(_ reactive: ReactiveWidget<some Entry>) {
        bindingTarget = reactive.echoFreeTarget("text") { widget, text in
            let editable = grshim_editable(widget)
            if String(cString: gtk_editable_get_text(editable)) != text { gtk_editable_set_text(editable, text) }
        }
        changes = reactive.producer { widget, state, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: "notify::text", arguments: 1) {
                guard !state.isApplying("text") else { return }
                send(String(cString: gtk_editable_get_text(grshim_editable(widget))))
            }]
        }
        let handle = WidgetPointer(reactive.base.pointer)
        let state = reactive.base.state
        current = {
            state.isDisposed ? nil : String(cString: gtk_editable_get_text(grshim_editable(handle.pointer)))
        }
    }

    /// The current text, then each change not made by `bindingTarget`.
    public var producer: SignalProducer<String, Never> {
        let changes = self.changes
        let current = self.current
        return SignalProducer { observer, run in
            GtkThread.run {
                guard !run.hasEnded else { return }
                if let text = current() { observer.send(value: text) }
                changes.attach(observer, during: run)
            }
        }
    }
}

extension ReactiveWidget where Base: Entry {
    /// The entry's text, as a target and a source (see `EntryText`).
    public var text: EntryText { EntryText(self) }

    /// Each press of Enter in the entry (`activate`).
    public var activated: SignalProducer<Void, Never> {
        producer { widget, _, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: "activate") { send(()) }]
        }
    }
}
