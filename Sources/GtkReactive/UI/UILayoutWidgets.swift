import CGtk
import Reactive

extension UILayout {
    /// The widget declared with `id`, as a `W` within the layout's lifetime: bindings made
    /// through it last while the layout does (or until GTK disposes the widget), whether or
    /// not the wrapper is kept. For this package's tests of the loader; an app reaches its
    /// widgets through its generated `TypedLayout`.
    package func object<W: Widget>(_ type: W.Type, id: String) throws(UIFileError) -> W {
        let widget = try widget(id: id, type: W.gtkType)
        return W(widget, scope: lifetime)
    }

    /// The widget declared with `id`, as a `W` (see `object(_:id:)`): what a generated
    /// `TypedLayout`'s outlets call, with the ids and classes the file declares. Hand-written
    /// code uses those outlets, which the compiler checks, never this.
    ///
    /// A file that lacks the widget, or declares another type (only possible when the file did
    /// not load, or changed since the build), is a mistake in the file, not in what the user
    /// did: this writes the error (naming the file and the id) to the log and gives a new,
    /// unparented widget of the right type in its place, so the screen still opens.
    public func outlet<W: Widget>(_ type: W.Type, id: String) -> W {
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
