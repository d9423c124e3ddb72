import CGtk
import Reactive

extension ListEvents {
    /// Whether the `GtkScrolledWindow` `scrolledWindow` is scrolled down by more than `pages`
    /// of its own height (false before it is laid out): what a "back to the top" button
    /// appears on. It starts with the current state and sends each change, worked out on the
    /// main loop after GTK laid the content out, as `nearEnd` does. Completes when the
    /// scrolled window goes.
    public static func scrolledPast(of scrolledWindow: UnsafeMutablePointer<GtkWidget>, pages: Double = 1) -> SignalProducer<Bool, Never> {
        let pages = pages.isFinite ? max(0, pages) : 1
        return verticalState(of: scrolledWindow) { value, _, page in
            page > 0 && value > pages * page
        }
    }
}
