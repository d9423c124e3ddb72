import CGtk
import Reactive

extension UILayout {
    /// The widget declared with `id`, as a `W` within the layout's lifetime: bindings made
    /// through it last while the layout does (or until GTK disposes the widget), whether or
    /// not the wrapper is kept.
    public func object<W: Widget>(_ type: W.Type, id: String) throws(UIFileError) -> W {
        let widget = try widget(id: id, type: W.gtkType)
        return W(widget, scope: lifetime)
    }

    /// The widget declared with `id`, as a `W` (see `object(_:id:)`). A file that lacks it,
    /// or declares another type, is a mistake in the file, not in what the user did: this
    /// writes the error (naming the file and the id) to the log and gives a new, unparented
    /// widget of the right type in its place, so the screen still opens and says nothing wrong.
    /// Tests use `object(_:id:)`, which throws.
    public subscript<W: Widget>(_ type: W.Type, _ id: String) -> W {
        do {
            return try object(type, id: id)
        } catch {
            if self.error == nil { GtkLog.problem(error.description) }
            let standIn = W.makeStandIn()
            hold(standIn: standIn)
            return W(standIn, scope: lifetime)
        }
    }
}
