import CGtk
import Foundation
import GtkShim
import Reactive

/// What a signal handler receives besides its instance, as the trampoline read it.
enum SignalArgument {
    case none
    case pointer(UnsafeMutableRawPointer?)
    case uint(UInt32)
    case bool(Bool)
    case double(Double)
}

/// The Swift closure behind one GObject signal connection. Retained by GLib, released by the
/// connection's destroy notify, so a closure lives exactly as long as its connection.
private final class HandlerBox {
    let action: (SignalArgument) -> Void
    init(_ action: @escaping (SignalArgument) -> Void) { self.action = action }
}

private func handler(_ data: gpointer?) -> HandlerBox? {
    guard let data else { return nil }
    return Unmanaged<HandlerBox>.fromOpaque(data).takeUnretainedValue()
}

/// Called by GLib for signals with no arguments besides the instance (`clicked`, `activate`).
private let noArgumentTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    handler(data)?.action(.none)
}

/// Called by GLib for signals with one pointer-sized argument (`notify::…` passes its GParamSpec,
/// a list factory its GtkListItem), handed to the action.
private let oneArgumentTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    handler(data)?.action(.pointer(argument))
}

/// Called by GLib for signals with one `guint` or enum argument (a list view's `activate`
/// position, `edge-reached`'s GtkPositionType): read as the 32 bits GLib passes, nothing more.
/// Like the other typed trampolines it answers FALSE (not handled) to a signal that expects a
/// boolean, so a handler never stops the default one by a stray register.
private let uintTrampoline: @convention(c) (gpointer?, guint, gpointer?) -> gboolean = { _, argument, data in
    handler(data)?.action(.uint(argument))
    return 0
}

/// Called by GLib for signals with one `gboolean` argument.
private let boolTrampoline: @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean = { _, argument, data in
    handler(data)?.action(.bool(argument != 0))
    return 0
}

/// Called by GLib for signals with one `double` argument (passed in a floating-point register,
/// so it needs a trampoline of its own).
private let doubleTrampoline: @convention(c) (gpointer?, Double, gpointer?) -> gboolean = { _, argument, data in
    handler(data)?.action(.double(argument))
    return 0
}

/// Called by GLib, with instance and data swapped (`G_CONNECT_SWAPPED`), for a signal whose
/// arguments the action ignores: the data comes first, so any arity fits. It answers FALSE
/// (not handled) to signals that expect a boolean, and GLib ignores it for the others.
private let swappedTrampoline: @convention(c) (gpointer?) -> gboolean = { data in
    handler(data)?.action(.none)
    return 0
}

/// Called by GLib for signals with three 32-bit arguments (a list model's `items-changed`:
/// position, removed, added); the action receives none of them.
private let threeArgumentTrampoline: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, _, _, _, data in
    handler(data)?.action(.none)
}

/// Releases a handler when GLib drops the connection (disconnect or object finalised).
private let releaseHandler: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    guard let data else { return }
    Unmanaged<HandlerBox>.fromOpaque(data).release()
}

/// A connection to a GObject signal. Disposing it disconnects, which releases the Swift closure;
/// so does the object's own end, through GLib's destroy notify. It watches the object through a
/// weak reference, so it never keeps a widget alive and never touches a finalised one.
/// Disposing from another thread disconnects on the GTK thread.
public final class SignalConnection: Disposable, @unchecked Sendable { // safe: state touched on the GTK thread only
    private let object: UnsafeMutablePointer<GWeakRef>
    private var disposed = false
    private let handlerID: gulong

    /// Connects `action` to `signal` of `instance` (`"clicked"`, `"notify::text"`, …).
    /// `arguments` is the number of arguments the signal passes besides the instance: 0, 1 (a
    /// pointer or an integer widened to one) or 3 (three 32-bit integers, which the action does
    /// not see).
    @MainActor
    public convenience init(
        _ instance: UnsafeMutableRawPointer, signal: String, arguments: Int = 0,
        _ action: @escaping @MainActor () -> Void
    ) {
        self.init(instance, signal: signal, arguments: arguments, receiving: { _ in action() })
    }

    /// Connects `action` to a signal whose one argument (a pointer, or an integer widened to
    /// one) the action receives.
    @MainActor
    public convenience init(
        _ instance: UnsafeMutableRawPointer, signal: String, arguments: Int = 1,
        receiving action: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
    ) {
        let callback = switch arguments {
        case 0: unsafeBitCast(noArgumentTrampoline, to: GCallback.self)
        case 3: unsafeBitCast(threeArgumentTrampoline, to: GCallback.self)
        default: unsafeBitCast(oneArgumentTrampoline, to: GCallback.self)
        }
        self.init(instance, signal: signal, callback: callback) { argument in
            if case let .pointer(pointer) = argument { action(pointer) } else { action(nil) }
        }
    }

    /// Connects `action` to a signal whose one argument is a `guint` or an enum (a list view's
    /// `activate` passes the activated position).
    @MainActor
    public convenience init(
        _ instance: UnsafeMutableRawPointer, signal: String, receivingUInt action: @escaping @MainActor (UInt32) -> Void
    ) {
        self.init(instance, signal: signal, callback: unsafeBitCast(uintTrampoline, to: GCallback.self)) { argument in
            if case let .uint(value) = argument { action(value) }
        }
    }

    /// Connects `action` to a signal whose one argument is a `gboolean` (`state-set`); it
    /// answers FALSE, so the default handler still runs.
    @MainActor
    public convenience init(
        _ instance: UnsafeMutableRawPointer, signal: String, receivingBool action: @escaping @MainActor (Bool) -> Void
    ) {
        self.init(instance, signal: signal, callback: unsafeBitCast(boolTrampoline, to: GCallback.self)) { argument in
            if case let .bool(value) = argument { action(value) }
        }
    }

    /// Connects `action` to a signal whose one argument is a `double` (`scale-changed`), and
    /// nothing else: a double after an integer argument would need a trampoline of its own.
    @MainActor
    public convenience init(
        _ instance: UnsafeMutableRawPointer, signal: String, receivingDouble action: @escaping @MainActor (Double) -> Void
    ) {
        self.init(instance, signal: signal, callback: unsafeBitCast(doubleTrampoline, to: GCallback.self)) { argument in
            if case let .double(value) = argument { action(value) }
        }
    }

    /// Connects `action` to `signal`, whatever arguments it passes (none reach the action). A
    /// signal that expects a boolean answer gets FALSE (not handled, so others run too).
    @MainActor
    public convenience init(
        _ instance: UnsafeMutableRawPointer, signal: String, ignoringArguments action: @escaping @MainActor () -> Void
    ) {
        self.init(instance, signal: signal, callback: unsafeBitCast(swappedTrampoline, to: GCallback.self),
                  flags: G_CONNECT_SWAPPED) { _ in action() }
    }

    @MainActor
    private init(
        _ instance: UnsafeMutableRawPointer, signal: String, callback: GCallback,
        flags: GConnectFlags = GConnectFlags(rawValue: 0),
        _ action: @escaping @MainActor (SignalArgument) -> Void
    ) {
        let box = HandlerBox { argument in
            let carried = ArgumentBox(argument)
            MainActor.assumeIsolated { action(carried.argument) }
        }
        object = .allocate(capacity: 1)
        object.initialize(to: GWeakRef())
        g_weak_ref_init(object, instance)
        handlerID = g_signal_connect_data(
            instance, signal, callback, Unmanaged.passRetained(box).toOpaque(), releaseHandler, flags)
    }

    /// The GLib handler id (0 if GLib refused the connection, for an unknown signal name).
    public var id: UInt { UInt(handlerID) }

    public var isDisposed: Bool { disposed }

    public func dispose() {
        guard GtkThread.isCurrent else {
            DispatchQueue.main.async { self.dispose() }
            return
        }
        disconnect()
    }

    private func disconnect() {
        guard !disposed else { return }
        disposed = true
        if let instance = g_weak_ref_get(object) {
            if g_signal_handler_is_connected(instance, handlerID) != 0 {
                g_signal_handler_disconnect(instance, handlerID)
            }
            g_object_unref(instance)
        }
        g_weak_ref_clear(object)
    }

    deinit {
        // Released where it was owned: on the GTK thread.
        disconnect()
        object.deinitialize(count: 1)
        object.deallocate()
    }
}

/// A signal's argument crossing into a main-actor closure on the same (GTK) thread.
private struct ArgumentBox: @unchecked Sendable { // safe: used synchronously on the GTK thread
    let argument: SignalArgument
    init(_ argument: SignalArgument) { self.argument = argument }
}
