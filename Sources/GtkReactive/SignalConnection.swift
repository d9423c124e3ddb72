import CGtk
import Foundation
import GtkShim
import Reactive

/// The Swift closure behind one GObject signal connection. Retained by GLib, released by the
/// connection's destroy notify, so a closure lives exactly as long as its connection.
private final class HandlerBox {
    let action: (UnsafeMutableRawPointer?) -> Void
    init(_ action: @escaping (UnsafeMutableRawPointer?) -> Void) { self.action = action }
}

/// Called by GLib for signals with no arguments besides the instance (`clicked`, `activate`).
private let noArgumentTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    guard let data else { return }
    Unmanaged<HandlerBox>.fromOpaque(data).takeUnretainedValue().action(nil)
}

/// Called by GLib for signals with one pointer-sized argument (`notify::…` passes its GParamSpec,
/// a list factory its GtkListItem, `edge-reached` its position), handed to the action.
private let oneArgumentTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    guard let data else { return }
    Unmanaged<HandlerBox>.fromOpaque(data).takeUnretainedValue().action(argument)
}

/// Called by GLib for signals with three 32-bit arguments (a list model's `items-changed`:
/// position, removed, added); the action receives none of them.
private let threeArgumentTrampoline: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, _, _, _, data in
    guard let data else { return }
    Unmanaged<HandlerBox>.fromOpaque(data).takeUnretainedValue().action(nil)
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
    public init(
        _ instance: UnsafeMutableRawPointer, signal: String, arguments: Int = 1,
        receiving action: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
    ) {
        let box = HandlerBox { argument in
            let carried = RawPointerBox(argument)
            MainActor.assumeIsolated { action(carried.pointer) }
        }
        let callback = switch arguments {
        case 0: unsafeBitCast(noArgumentTrampoline, to: GCallback.self)
        case 3: unsafeBitCast(threeArgumentTrampoline, to: GCallback.self)
        default: unsafeBitCast(oneArgumentTrampoline, to: GCallback.self)
        }
        object = .allocate(capacity: 1)
        object.initialize(to: GWeakRef())
        g_weak_ref_init(object, instance)
        handlerID = g_signal_connect_data(
            instance, signal, callback, Unmanaged.passRetained(box).toOpaque(), releaseHandler, GConnectFlags(rawValue: 0))
    }

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

/// A raw pointer crossing into a main-actor closure on the same (GTK) thread.
private struct RawPointerBox: @unchecked Sendable { // safe: used synchronously on the GTK thread
    let pointer: UnsafeMutableRawPointer?
    init(_ pointer: UnsafeMutableRawPointer?) { self.pointer = pointer }
}
