import CGtk
import GtkShim
import Reactive

/// An owning reference to a GTK widget: it takes a reference (sinking the floating one) and drops
/// it when released, so its pointer stays valid for as long as the wrapper lives, whatever GTK
/// does meanwhile (a closed window's children are unparented, not freed, while held). It keeps
/// one binding slot per widget property, so binding the same property twice replaces the first
/// binding.
@MainActor
public final class Widget {
    /// The widget.
    public let pointer: UnsafeMutablePointer<GtkWidget>
    private var slots: [String: BindingSlot] = [:]
    /// Made on first use: most widgets never need their lifetime.
    private var token: Lifetime.Token?
    /// A toplevel's watch on GTK's list of open windows.
    private var closing: SignalConnection?

    public init(_ pointer: UnsafeMutablePointer<GtkWidget>) {
        self.pointer = pointer
        g_object_ref_sink(pointer)
    }

    /// A toplevel window. GTK closes a window (`gtk_window_destroy`, its close button) by
    /// dropping it from its open windows; the window is disposed ("destroy") only once the last
    /// reference goes, so while this wrapper holds it, it is closed but not freed. Its
    /// `lifetime` ends when it closes: observe that, not "destroy".
    public init(toplevel pointer: UnsafeMutablePointer<GtkWidget>) {
        self.pointer = pointer
        g_object_ref_sink(pointer)
        let open = Lifetime.make().token
        token = open
        guard let toplevels = gtk_window_get_toplevels() else { return }
        let window = UnsafeMutableRawPointer(pointer)
        closing = SignalConnection(UnsafeMutableRawPointer(toplevels), signal: "items-changed", arguments: 3) { [weak self] in
            guard !Self.contains(toplevels, window) else { return }
            self?.closing?.dispose()
            open.dispose()
        }
    }

    isolated deinit {
        closing?.dispose()
        token?.dispose()
        g_object_unref(pointer)
    }

    /// Ends when the wrapper is released, or, for a toplevel, when the window closes, whichever
    /// comes first. Work that touches the widget, or lives while the window is open, belongs here.
    public var lifetime: Lifetime {
        if let token { return token.lifetime }
        let made = Lifetime.make().token
        token = made
        return made.lifetime
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

    /// The binding slot of `property`: one per property, so a second binding replaces the first.
    public func slot(_ property: String) -> BindingSlot {
        if let slot = slots[property] { return slot }
        let slot = BindingSlot()
        slots[property] = slot
        return slot
    }

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
        return BindingTarget(on: UIScheduler.shared, lifetime: lifetime, slot: slot(property)) { value in
            MainActor.assumeIsolated { apply(handle.pointer, value) }
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
        target("label", during: lifetime) { gtk_label_set_text(goods_label($0), $1) }
    }

    // pictureFile(placeholder:cache:during:) is in TextureCache.swift: decoded off the GTK thread.
}

/// A widget pointer carried into a `@Sendable` closure; only dereferenced on the GTK thread.
public struct WidgetPointer: @unchecked Sendable { // safe: used only inside MainActor.assumeIsolated
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
            observer.send(value: MainActor.assumeIsolated { gtk_widget_get_mapped(handle.pointer) != 0 })
            Signal.merge(mapped, unmapped).attach(observer, during: runLifetime)
        }
    }

    /// Whether a window is the active (focused) one; starts with the current state.
    public func windowIsActive(during lifetime: Lifetime) -> SignalProducer<Bool, Never> {
        let changes = events("notify::is-active", arguments: 1, during: lifetime)
        let handle = WidgetPointer(pointer)
        let read: @Sendable () -> Bool = {
            MainActor.assumeIsolated { gtk_window_is_active(goods_window(handle.pointer)) != 0 }
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
