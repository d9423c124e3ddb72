import CGtk
import GtkShim
import Reactive

/// An owning reference to a GTK widget, and the base of the typed wrappers (`Label`, `Button`…).
///
/// It takes a reference (sinking the floating one) and drops it when released, so its pointer
/// stays valid for as long as the wrapper lives, whatever GTK does meanwhile (a closed window's
/// children are unparented, not freed, while held). Binding slots live with the GTK widget,
/// not the wrapper: binding the same property twice, through one wrapper or two, replaces the
/// first binding.
///
/// `lifetime` is "the widget's own": for a wrapper made with `init(_:)` it ends when the wrapper
/// is released (for a toplevel, also when the window closes); for one made with
/// `init(_:scope:)` it ends when the scope ends. Either way it ends when GTK disposes the widget.
@MainActor
open class Widget {
    /// The widget.
    public let pointer: UnsafeMutablePointer<GtkWidget>
    /// What every wrapper of this GTK widget shares.
    let state: WidgetState
    /// Made on first use: most widgets never need their lifetime. Unscoped wrappers only.
    private var token: Lifetime.Token?
    /// Ends `token` when the widget is disposed.
    private var disposeWatch: (any Disposable)?
    /// A scoped wrapper's lifetime (its scope's, shared by every wrapper in that scope).
    private var scoped: Lifetime?
    /// A toplevel's watch on GTK's list of open windows.
    private var closing: SignalConnection?

    /// The GTK type this wrapper class stands for (`GtkLabel` for `Label`…).
    open class var gtkType: GType { gtk_widget_get_type() }

    /// A new widget of this class's type, for a layout that lacks one (`UILayout`'s subscript).
    /// Classes whose `gtkType` cannot be made (an interface, an abstract type) override it.
    open class func makeStandIn() -> UnsafeMutablePointer<GtkWidget> {
        let type = gtkType
        guard g_type_test_flags(type, G_TYPE_FLAG_ABSTRACT.rawValue) == 0,
              g_type_fundamental(type) != GType(2 << 2), // G_TYPE_INTERFACE: nothing to instantiate
              let object = g_object_new_with_properties(type, 0, nil, nil) else { return gtk_label_new(nil) }
        return UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
    }

    /// Wraps `pointer`; the wrapper's lifetime ends when it is released.
    public required init(_ pointer: UnsafeMutablePointer<GtkWidget>) {
        self.pointer = pointer
        g_object_ref_sink(pointer)
        state = WidgetState.of(pointer)
    }

    /// Wraps `pointer` within `scope` (a layout's, a row's): its `lifetime`, and so every
    /// binding made through it, ends when `scope` ends or the widget is disposed, not when this
    /// wrapper is released: a binding made through a layout's outlet keeps working after that
    /// wrapper is gone.
    public required convenience init(_ pointer: UnsafeMutablePointer<GtkWidget>, scope: Lifetime) {
        self.init(pointer)
        scoped = state.lifetime(within: scope)
    }

    /// A toplevel window. GTK closes a window (`gtk_window_destroy`, its close button) by
    /// dropping it from its open windows; the window is disposed ("destroy") only once the last
    /// reference goes, so while this wrapper holds it, it is closed but not freed. Its
    /// `lifetime` ends when it closes: observe that, not "destroy".
    public convenience init(toplevel pointer: UnsafeMutablePointer<GtkWidget>) {
        self.init(pointer)
        let open = ownToken()
        guard let toplevels = gtk_window_get_toplevels() else { return }
        let window = UnsafeMutableRawPointer(pointer)
        closing = SignalConnection(UnsafeMutableRawPointer(toplevels), signal: "items-changed", arguments: 3) { [weak self] in
            guard !Self.contains(toplevels, window) else { return }
            self?.closing?.dispose()
            open.dispose()
        }
    }

    /// The wrapper of `pointer` if the widget is a `gtkType` (an instance of it or of a
    /// subclass), else nil: for pointers whose type is not known in advance.
    public static func cast(_ pointer: UnsafeMutablePointer<GtkWidget>) -> Self? {
        isInstance(pointer) ? Self(pointer) : nil
    }

    /// The scoped wrapper of `pointer` (see `init(_:scope:)`) if the widget is a `gtkType`.
    public static func cast(_ pointer: UnsafeMutablePointer<GtkWidget>, scope: Lifetime) -> Self? {
        isInstance(pointer) ? Self(pointer, scope: scope) : nil
    }

    /// Whether `pointer` is an instance of `gtkType` (or of a subclass, or implements it).
    public static func isInstance(_ pointer: UnsafeMutablePointer<GtkWidget>) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GTypeInstance.self), gtkType) != 0
    }

    isolated deinit {
        closing?.dispose()
        disposeWatch?.dispose()
        token?.dispose()
        g_object_unref(pointer)
    }

    private func ownToken() -> Lifetime.Token {
        if let token { return token }
        let made = Lifetime.make().token
        token = made
        disposeWatch = state.disposed.observeEnded { made.dispose() }
        return made
    }

    /// The widget's own lifetime: ends when the wrapper is released (a scoped wrapper: when its
    /// scope ends), for a toplevel when the window closes, and in any case when GTK disposes
    /// the widget. Work that touches the widget, or lives while the window is open, belongs here.
    public var lifetime: Lifetime {
        if let scoped { return scoped }
        return ownToken().lifetime
    }

    /// Whether the toplevel window has closed (always false for other widgets: they last as
    /// long as their wrapper).
    public var isDestroyed: Bool { token?.lifetime.hasEnded ?? false }

    private static func contains(_ list: OpaquePointer, _ item: UnsafeMutableRawPointer) -> Bool {
        let count = g_list_model_get_n_items(list)
        for index in 0..<count {
            guard let object = g_list_model_get_item(list, index) else { continue }
            g_object_unref(object)
            if object == item { return true }
        }
        return false
    }

    public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// The binding slot of `property`: one per property of the GTK widget (shared by all its
    /// wrappers), so a second binding replaces the first.
    public func slot(_ property: String) -> BindingSlot { state.slot(property) }

    /// A signal that fires on each emission of GTK signal `name` until `lifetime` ends.
    public func events(_ name: String, arguments: Int = 0, during lifetime: Lifetime) -> Signal<Void, Never> {
        let (signal, input) = Signal<Void, Never>.pipe()
        let connection = SignalConnection(raw, signal: name, arguments: arguments) { input.send(value: ()) }
        lifetime += connection
        lifetime.observeEnded { input.sendCompleted() }
        return signal
    }

    /// A binding target applying values with `apply` on the GTK thread, until `lifetime` ends.
    public func target<Value: Sendable>(
        _ property: String, during lifetime: Lifetime, _ apply: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, Value) -> Void
    ) -> BindingTarget<Value> {
        let handle = WidgetPointer(pointer)
        let state = self.state
        return BindingTarget(on: UIScheduler.shared, lifetime: lifetime, slot: slot(property)) { value in
            GtkThread.assumeCurrent {
                // A value queued before the lifetime ended, or after GTK disposed the widget, is dropped.
                guard !lifetime.hasEnded, !state.isDisposed else { return }
                apply(handle.pointer, value)
            }
        }
    }

    // MARK: Common targets

    /// Whether the widget reacts to input.
    public func sensitive(during lifetime: Lifetime) -> BindingTarget<Bool> {
        target("sensitive", during: lifetime) { gtk_widget_set_sensitive($0, $1 ? 1 : 0) }
    }

    /// Whether the widget is shown.
    public func visible(during lifetime: Lifetime) -> BindingTarget<Bool> {
        target("visible", during: lifetime) { gtk_widget_set_visible($0, $1 ? 1 : 0) }
    }

    /// A label's text.
    public func labelText(during lifetime: Lifetime) -> BindingTarget<String> {
        target("label", during: lifetime) { gtk_label_set_text(grshim_label($0), $1) }
    }

    // pictureFile(placeholder:cache:during:) is in TextureCache.swift: decoded off the GTK thread.
}

/// A widget pointer carried into a `@Sendable` closure; only dereferenced on the GTK thread.
public struct WidgetPointer: @unchecked Sendable { // safe: dereferenced only on the GTK thread (GtkThread.assumeCurrent)
    public let pointer: UnsafeMutablePointer<GtkWidget>
    public init(_ pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
}

extension Widget {
    /// Whether the widget is on screen: true when it is mapped, false when unmapped; starts
    /// with the current state.
    public func shown(during lifetime: Lifetime) -> SignalProducer<Bool, Never> {
        let mapped = events("map", during: lifetime).map { true }
        let unmapped = events("unmap", during: lifetime).map { false }
        let handle = WidgetPointer(pointer)
        return SignalProducer { observer, runLifetime in
            observer.send(value: GtkThread.assumeCurrent { gtk_widget_get_mapped(handle.pointer) != 0 })
            Signal.merge(mapped, unmapped).attach(observer, during: runLifetime)
        }
    }

    /// Whether a window is the active (focused) one; starts with the current state.
    public func windowIsActive(during lifetime: Lifetime) -> SignalProducer<Bool, Never> {
        let changes = events("notify::is-active", arguments: 1, during: lifetime)
        let handle = WidgetPointer(pointer)
        let read: @Sendable () -> Bool = {
            GtkThread.assumeCurrent { gtk_window_is_active(grshim_window(handle.pointer)) != 0 }
        }
        return SignalProducer { observer, runLifetime in
            observer.send(value: read())
            changes.map { read() }.attach(observer, during: runLifetime)
        }
    }

    /// Whether a spinner spins.
    public func spinning(during lifetime: Lifetime) -> BindingTarget<Bool> {
        target("spinning", during: lifetime) { gtk_spinner_set_spinning(OpaquePointer($0), $1 ? 1 : 0) }
    }
}
