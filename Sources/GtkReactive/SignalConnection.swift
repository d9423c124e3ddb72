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
    /// A click gesture's press: how many presses in a row it ends (2: a double click).
    case press(Int32)
    /// A key controller's key: its keyval and modifier state.
    case key(keyval: UInt32, state: UInt32)
}

/// The Swift closure behind one GObject signal connection. Retained by GLib, released by the
/// connection's destroy notify, so a closure lives exactly as long as its connection. It answers
/// whether it handled the signal, for the signals that ask (a key press).
private final class HandlerBox {
    let action: (SignalArgument) -> Bool
    init(_ action: @escaping (SignalArgument) -> Bool) { self.action = action }
}

private func handler(_ data: gpointer?) -> HandlerBox? {
    guard let data else { return nil }
    return Unmanaged<HandlerBox>.fromOpaque(data).takeUnretainedValue()
}

/// Called by GLib for signals with no arguments besides the instance (`clicked`, `activate`).
private let noArgumentTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    _ = handler(data)?.action(.none)
}

/// Called by GLib for signals with one pointer-sized argument (`notify::…` passes its GParamSpec,
/// a list factory its GtkListItem), handed to the action.
private let oneArgumentTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    _ = handler(data)?.action(.pointer(argument))
}

/// Called by GLib for signals with one `guint` or enum argument (a list view's `activate`
/// position, `edge-reached`'s GtkPositionType): read as the 32 bits GLib passes, nothing more.
/// Like the other typed trampolines it answers FALSE (not handled) to a signal that expects a
/// boolean, so a handler never stops the default one by a stray register.
private let uintTrampoline: @convention(c) (gpointer?, guint, gpointer?) -> gboolean = { _, argument, data in
    _ = handler(data)?.action(.uint(argument))
    return 0
}

/// Called by GLib for signals with one `gboolean` argument.
private let boolTrampoline: @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean = { _, argument, data in
    _ = handler(data)?.action(.bool(argument != 0))
    return 0
}

/// Called by GLib for signals with one `double` argument (passed in a floating-point register,
/// so it needs a trampoline of its own).
private let doubleTrampoline: @convention(c) (gpointer?, Double, gpointer?) -> gboolean = { _, argument, data in
    _ = handler(data)?.action(.double(argument))
    return 0
}

/// Called by GLib, with instance and data swapped (`G_CONNECT_SWAPPED`), for a signal whose
/// arguments the action ignores: the data comes first, so any arity fits. It answers FALSE
/// (not handled) to signals that expect a boolean, and GLib ignores it for the others.
private let swappedTrampoline: @convention(c) (gpointer?) -> gboolean = { data in
    _ = handler(data)?.action(.none)
    return 0
}

/// Called by GLib for signals with three 32-bit arguments (a list model's `items-changed`:
/// position, removed, added); the action receives none of them.
private let threeArgumentTrampoline: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, _, _, _, data in
    _ = handler(data)?.action(.none)
}

/// Called by GLib for a click gesture's `pressed` (an int and two doubles: the doubles travel in
/// floating-point registers, so the signature must be exact).
private let pressTrampoline: @convention(c) (gpointer?, gint, Double, Double, gpointer?) -> Void = { _, count, _, _, data in
    _ = handler(data)?.action(.press(count))
}

/// Called by GLib for a key controller's `key-pressed` (keyval, keycode, modifier state); answers
/// whether the action handled the key, so a handled key goes no further.
private let keyTrampoline: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> gboolean = { _, keyval, _, state, data in
    (handler(data)?.action(.key(keyval: keyval, state: state)) ?? false) ? 1 : 0
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

    /// Connects `action` to a click gesture's `pressed`: it receives how many presses in a row
    /// this one ends (1, 2 for a double click, …).
    @MainActor
    convenience init(_ gesture: UnsafeMutableRawPointer, pressed action: @escaping @MainActor (Int) -> Void) {
        self.init(gesture, signal: "pressed", callback: unsafeBitCast(pressTrampoline, to: GCallback.self)) { argument in
            if case let .press(count) = argument { action(Int(count)) }
        }
    }

    /// Connects `handles` to a key controller's `key-pressed`: it receives the keyval and the
    /// modifier state, and answers whether it handled the key (then nothing else sees it).
    @MainActor
    convenience init(_ controller: UnsafeMutableRawPointer, keyPressed handles: @escaping @MainActor (UInt32, UInt32) -> Bool) {
        self.init(answering: { argument in
            if case let .key(keyval, state) = argument { return handles(keyval, state) }
            return false
        }, controller, signal: "key-pressed", callback: unsafeBitCast(keyTrampoline, to: GCallback.self))
    }

    @MainActor
    private convenience init(
        _ instance: UnsafeMutableRawPointer, signal: String, callback: GCallback,
        flags: GConnectFlags = GConnectFlags(rawValue: 0),
        _ action: @escaping @MainActor (SignalArgument) -> Void
    ) {
        self.init(answering: { argument in
            action(argument)
            return false
        }, instance, signal: signal, callback: callback, flags: flags)
    }

    @MainActor
    private init(
        answering action: @escaping @MainActor (SignalArgument) -> Bool,
        _ instance: UnsafeMutableRawPointer, signal: String, callback: GCallback,
        flags: GConnectFlags = GConnectFlags(rawValue: 0)
    ) {
        let box = HandlerBox { argument in
            let carried = ArgumentBox(argument)
            return MainActor.assumeIsolated { action(carried.argument) }
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
