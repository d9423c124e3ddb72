import CGtk
import GtkShim
import Reactive

extension ReactiveWidget where Base: SearchEntry {
    /// Each Escape in the entry (GTK's `stop-search`): the user wants the search gone.
    public var stopSearch: SignalProducer<Void, Never> {
        producer { widget, _, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: "stop-search") { send(()) }]
        }
    }

    /// The entry's text after GTK's own short typing pause (`search-changed`), for a search
    /// without a debounce of its own; `text` follows every change at once.
    public var searchChanged: SignalProducer<String, Never> {
        producer { widget, _, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: "search-changed") {
                send(String(cString: gtk_editable_get_text(grshim_editable(widget))))
            }]
        }
    }
}
