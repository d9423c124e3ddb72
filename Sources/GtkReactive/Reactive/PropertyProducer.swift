import CGtk
import Reactive

extension ReactiveWidget {
    /// A lazy producer of a GObject property of the widget: on each start its value now (read
    /// by `read`), then the value again at each `notify::<name>`; it completes when the widget's
    /// lifetime ends. For wrapper modules outside GtkReactive (GtkReactiveWebKit's `WebView`),
    /// whose widgets' properties have no typed producer here.
    public func property<Value: Sendable>(
        _ name: String, _ read: @escaping @MainActor @Sendable (UnsafeMutablePointer<GtkWidget>) -> Value
    ) -> SignalProducer<Value, Never> {
        producer(initial: read) { widget, _, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: "notify::\(name)", arguments: 1) { send(read(widget)) }]
        }
    }
}
