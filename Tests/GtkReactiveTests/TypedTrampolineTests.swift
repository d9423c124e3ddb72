import CGtk
import GtkReactive
import GtkTestSupport
import Reactive
import TestSupport
import Testing

/// The typed trampolines read a `gboolean` or a `double` argument where GLib passes it, and
/// answer FALSE to signals that want a boolean back.
@MainActor
@Suite("Typed signal trampolines", .serialized, .needsDisplay)
struct TypedTrampolineTests {
    init() throws {
        try startGTK()
    }

    // Fundamental GTypes (G_TYPE_BOOLEAN, G_TYPE_DOUBLE, G_TYPE_OBJECT are macros).
    let booleanType = GType(5 << 2), doubleType = GType(15 << 2), objectType = GType(20 << 2)

    /// Emits `name` on `instance` with one argument (g_signal_emit is variadic: emitv takes GValues).
    func emit(_ instance: UnsafeMutableRawPointer, _ name: String, type: GType, returning: GType?, _ set: (inout GValue) -> Void) -> Bool {
        var values = [GValue(), GValue()]
        let instanceType = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        g_value_init(&values[0], objectType)
        g_value_set_object(&values[0], instance)
        g_value_init(&values[1], type)
        set(&values[1])
        var answer = GValue()
        if let returning { g_value_init(&answer, returning) }
        let id = g_signal_lookup(name, instanceType)
        if returning == nil {
            g_signal_emitv(values, id, 0, nil)
        } else {
            g_signal_emitv(values, id, 0, &answer)
        }
        for index in values.indices { g_value_unset(&values[index]) }
        return returning == nil ? false : g_value_get_boolean(&answer) != 0
    }

    @Test func aBooleanArgumentArrivesAndTheDefaultHandlerStillRuns() {
        let toggle = Switch()
        let seen = Log<Bool>()
        let connection = SignalConnection(toggle.raw, signal: "state-set", receivingBool: { seen.append($0) })
        _ = emit(toggle.raw, "state-set", type: booleanType, returning: booleanType) { g_value_set_boolean(&$0, 1) }
        #expect(seen.values.first == true && seen.values.allSatisfy { $0 })
        // The switch's own handler runs last, and only if no handler before it answered TRUE.
        #expect(gtk_switch_get_state(OpaquePointer(toggle.pointer)) != 0, "the handler answered FALSE: the switch set its state")
        connection.dispose()
    }

    @Test func aDoubleArgumentArrivesFromItsFloatingPointRegister() throws {
        let zoom = try #require(gtk_gesture_zoom_new())
        defer { g_object_unref(UnsafeMutableRawPointer(zoom)) }
        let seen = Log<Double>()
        let connection = SignalConnection(UnsafeMutableRawPointer(zoom), signal: "scale-changed", receivingDouble: { seen.append($0) })
        _ = emit(UnsafeMutableRawPointer(zoom), "scale-changed", type: doubleType, returning: nil) { g_value_set_double(&$0, 1.75) }
        #expect(seen.values == [1.75])
        connection.dispose()
    }
}
