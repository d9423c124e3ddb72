import CGtk
import GtkShim
import Reactive

extension Widget {
    /// The text of an entry (any `GtkEditable`).
    public var editableText: String {
        String(cString: gtk_editable_get_text(grshim_editable(raw)))
    }

    /// Every change of an entry's text — typing, pasting and programmatic sets alike, because it
    /// follows the `text` property itself (seed pitfall 2) — starting with the current text.
    public func textValues(during lifetime: Lifetime) -> SignalProducer<String, Never> {
        let changes = events("notify::text", arguments: 1, during: lifetime)
        let handle = WidgetPointer(pointer)
        let read: @Sendable () -> String = {
            GtkThread.assumeCurrent { String(cString: gtk_editable_get_text(grshim_editable(handle.pointer))) }
        }
        return SignalProducer { observer, runLifetime in
            observer.send(value: read())
            changes.map { read() }.attach(observer, during: runLifetime)
        }
    }

    /// Sets an entry's text; a value equal to what it shows is ignored, so a value that came
    /// from the entry does not echo back into it (and the cursor stays put).
    public func entryText(during lifetime: Lifetime) -> BindingTarget<String> {
        let state = self.state
        return target("text", during: lifetime) { widget, text in
            let editable = grshim_editable(widget)
            // Its writes are not reported by `reactive.text` (the echo rule).
            state.applying("text") {
                if String(cString: gtk_editable_get_text(editable)) != text { gtk_editable_set_text(editable, text) }
            }
        }
    }
}
