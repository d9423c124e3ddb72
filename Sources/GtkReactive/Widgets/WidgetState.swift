import CGtk
import Reactive

/// What GtkReactive keeps per GTK widget, whichever wrapper reaches it: binding slots, a lifetime
/// that ends when the GObject is disposed, the scoped lifetimes handed out for it, and which
/// properties a binding target is writing right now (the echo rule).
///
/// It is attached to the GObject with qdata (released at finalize) and watches it with a weak
/// reference (notified in dispose, before finalize), so two wrappers of one widget share it and
/// its `disposed` lifetime ends before the widget's memory goes.
@MainActor
final class WidgetState {
    /// Ends when the GObject is disposed. Ended from the weak-reference notify: a Sendable token.
    nonisolated let disposal: Lifetime.Token
    private var slots: [String: BindingSlot] = [:]
    private var applying: [String: Int] = [:]
    private var scopes: [ObjectIdentifier: ScopedLifetime] = [:]
    private var attachments: [String: WeakBox] = [:]

    private init() { disposal = Lifetime.make().token }

    /// The state of `pointer`'s GObject, attached on first use.
    static func of(_ pointer: UnsafeMutablePointer<GtkWidget>) -> WidgetState {
        let object = UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GObject.self)
        if let existing = g_object_get_qdata(object, widgetStateQuark) {
            return Unmanaged<WidgetState>.fromOpaque(existing).takeUnretainedValue()
        }
        let state = WidgetState()
        // The qdata holds the reference; the weak-ref notify borrows it (qdata outlives dispose).
        let opaque = Unmanaged.passRetained(state).toOpaque()
        g_object_set_qdata_full(object, widgetStateQuark, opaque, releaseWidgetState)
        g_object_weak_ref(object, widgetDisposed, opaque)
        return state
    }

    /// Ends when the GObject is disposed.
    var disposed: Lifetime { disposal.lifetime }

    /// Whether the GObject has been disposed: its pointer must no longer be used.
    var isDisposed: Bool { disposal.lifetime.hasEnded }

    /// The binding slot of `key`: one per widget property, shared by every wrapper.
    func slot(_ key: String) -> BindingSlot {
        if let slot = slots[key] { return slot }
        let slot = BindingSlot()
        slots[key] = slot
        return slot
    }

    /// Runs `body` (a binding target writing `key`) with the echo flag of `key` set.
    func applying(_ key: String, _ body: () -> Void) {
        applying[key, default: 0] += 1
        defer {
            applying[key, default: 1] -= 1
            if applying[key] == 0 { applying[key] = nil }
        }
        body()
    }

    /// Whether a binding target is writing `key` now: its own change is not reported back.
    func isApplying(_ key: String) -> Bool { applying[key] != nil }

    /// A lifetime that ends when `scope` ends or the widget is disposed, whichever is first;
    /// one per scope, whatever number of wrappers ask.
    func lifetime(within scope: Lifetime) -> Lifetime {
        let id = ObjectIdentifier(scope)
        if let known = scopes[id], known.scope === scope, !known.lifetime.hasEnded { return known.lifetime }
        scopes = scopes.filter { !$0.value.lifetime.hasEnded }
        let made = ScopedLifetime(scope: scope, disposed: disposed)
        scopes[id] = made
        return made.lifetime
    }

    /// An object kept (weakly) under `key`, such as the CocoaAction a button's `pressed` runs.
    func attachment(_ key: String) -> AnyObject? { attachments[key]?.object }

    func setAttachment(_ key: String, _ object: AnyObject?) {
        attachments[key] = object.map(WeakBox.init)
    }
}

/// A widget's lifetime within one scope: ends with the scope or the widget's dispose. The end
/// observers keep its token; this object keeps it too, for a scope that never ends.
private final class ScopedLifetime: Sendable {
    weak let scope: Lifetime?
    let token: Lifetime.Token
    var lifetime: Lifetime { token.lifetime }

    init(scope: Lifetime, disposed: Lifetime) {
        self.scope = scope
        let token = Lifetime.make().token
        self.token = token
        // Whichever ends first ends the other's observer too: nothing accumulates.
        let fromScope = scope.observeEnded { token.dispose() }
        let fromDispose = disposed.observeEnded { token.dispose() }
        token.lifetime.observeEnded {
            fromScope?.dispose()
            fromDispose?.dispose()
        }
    }
}

private final class WeakBox {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// The qdata key of `WidgetState` (made once; `g_quark_from_string` copies the name).
private let widgetStateQuark: GQuark = g_quark_from_string("gtkreactive-widget-state")

/// Drops the qdata's reference at finalize (or if the qdata is replaced).
private let releaseWidgetState: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<WidgetState>.fromOpaque(data).release()
}

/// The GObject is being disposed: its state's `disposed` lifetime ends.
private let widgetDisposed: GWeakNotify = { data, _ in
    guard let data else { return }
    Unmanaged<WidgetState>.fromOpaque(data).takeUnretainedValue().disposal.dispose()
}
