import CGtk
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import TestSupport
import Testing

/// The events a row editor needs, each from an event controller that lives while it is observed:
/// the focus leaving, a double click, a key.
@MainActor
@Suite("Widget events: focus, presses, keys", .serialized, .needsDisplay)
struct WidgetEventTests {
    init() throws {
        try startGTK()
    }

    /// The widget's controllers of the GType named `typeName`.
    func controllers(of widget: Widget, named typeName: String) -> [OpaquePointer] {
        guard let list = gtk_widget_observe_controllers(widget.pointer) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        let type = g_type_from_name(typeName)
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            guard let item = g_list_model_get_item(list, index) else { return nil }
            defer { g_object_unref(item) }
            let instance = item.assumingMemoryBound(to: GTypeInstance.self)
            return g_type_check_instance_is_a(instance, type) != 0 ? OpaquePointer(item) : nil
        }
    }

    /// Emits `signal` on `instance` with `arguments` (GType name and a setter each); returns the
    /// handlers' boolean answer when the signal has one.
    @discardableResult
    func emit(_ instance: OpaquePointer, _ signal: String, _ arguments: [(String, (UnsafeMutablePointer<GValue>) -> Void)], answers: Bool = false) -> Bool {
        let count = arguments.count + 1
        let values = UnsafeMutablePointer<GValue>.allocate(capacity: count)
        values.initialize(repeating: GValue(), count: count)
        // An instance's first word is its class, whose first word is its GType.
        let type = UnsafeMutableRawPointer(instance).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        g_value_init(values, type)
        g_value_set_object(values, UnsafeMutableRawPointer(instance))
        for (index, argument) in arguments.enumerated() {
            g_value_init(values + index + 1, g_type_from_name(argument.0))
            argument.1(values + index + 1)
        }
        var answer = GValue()
        g_value_init(&answer, g_type_from_name("gboolean"))
        if answers {
            g_signal_emitv(values, g_signal_lookup(signal, type), 0, &answer)
        } else {
            g_signal_emitv(values, g_signal_lookup(signal, type), 0, nil)
        }
        for index in 0..<count { g_value_unset(values + index) }
        values.deallocate()
        defer { g_value_unset(&answer) }
        return answers && g_value_get_boolean(&answer) != 0
    }

    @Test func aDoubleClickIsClaimedAndSentOnceASingleClickIsNot() throws {
        let label = Label("Buy milk")
        let seen = Log<Void>()
        let run = label.reactive.pressed(count: 2).startWithValues { seen.append(()) }
        let gesture = try #require(controllers(of: label, named: "GtkGestureClick").first)
        let press = { (count: Int32) in
            self.emit(gesture, "pressed", [("gint", { g_value_set_int($0, count) }), ("gdouble", { g_value_set_double($0, 4) }), ("gdouble", { g_value_set_double($0, 4) })])
        }
        press(1)
        #expect(seen.values.isEmpty, "a single press is no double click")
        press(2)
        #expect(seen.values.count == 1)
        run.dispose()
        #expect(controllers(of: label, named: "GtkGestureClick").isEmpty, "the gesture goes with the run")
    }

    @Test func aKeyIsHandledOnlyWithoutCommandModifiers() throws {
        let entry = Entry()
        let seen = Log<Void>()
        let run = entry.reactive.keyPressed("F2").startWithValues { seen.append(()) }
        let keys = try #require(controllers(of: entry, named: "GtkEventControllerKey").first)
        let key = { (name: String, state: UInt32) -> Bool in
            self.emit(keys, "key-pressed", [
                ("guint", { g_value_set_uint($0, gdk_keyval_from_name(name)) }),
                ("guint", { g_value_set_uint($0, 0) }),
                ("GdkModifierType", { g_value_set_flags($0, state) }),
            ], answers: true)
        }
        #expect(key("F2", 0), "F2 is handled: nothing else sees it")
        #expect(seen.values.count == 1)
        #expect(!key("F2", GDK_CONTROL_MASK.rawValue), "Control+F2 is somebody else's")
        #expect(key("F2", GDK_SHIFT_MASK.rawValue), "Shift does not count as a command modifier")
        #expect(!key("F3", 0))
        #expect(seen.values.count == 2)
        run.dispose()
        #expect(controllers(of: entry, named: "GtkEventControllerKey").isEmpty)
        let unknown = Log<Void>()
        entry.reactive.keyPressed("NoSuchKey").startWithValues { unknown.append(()) }
        let again = try #require(controllers(of: entry, named: "GtkEventControllerKey").first)
        #expect(!emit(again, "key-pressed", [("guint", { g_value_set_uint($0, 0) }), ("guint", { g_value_set_uint($0, 0) }), ("GdkModifierType", { g_value_set_flags($0, 0) })], answers: true))
        #expect(unknown.values.isEmpty, "an unknown key name never sends")
    }

    @Test func aKeyHeardBeforeTheWidgetComesBeforeItsOwnBindings() throws {
        // A check button takes Enter itself (it toggles); a row editor wants Enter first.
        let check = CheckButton(label: "Buy milk")
        let first = check.reactive.keyPressed("Return", beforeWidget: true).startWithValues {}
        let after = check.reactive.keyPressed("Return").startWithValues {}
        let phases = controllers(of: check, named: "GtkEventControllerKey").map { gtk_event_controller_get_propagation_phase($0) }
        #expect(phases.sorted { $0.rawValue < $1.rawValue } == [GTK_PHASE_CAPTURE, GTK_PHASE_BUBBLE].sorted { $0.rawValue < $1.rawValue })
        first.dispose()
        after.dispose()
        #expect(controllers(of: check, named: "GtkEventControllerKey").isEmpty)
    }

    @Test func theFocusLeavingAnEditorIsSeen() {
        let window = Widget(toplevel: gtk_window_new())
        defer { gtk_window_destroy(grshim_window(window.raw)) }
        let box = GtkReactive.Box(.vertical)
        let editor = Entry(), other = Entry()
        box.append(editor)
        box.append(other)
        gtk_window_set_child(grshim_window(window.raw), box.pointer)
        gtk_window_present(grshim_window(window.raw))
        gtk_widget_grab_focus(other.pointer)
        let seen = Log<Bool>()
        editor.reactive.hasFocus.startWithValues { seen.append($0) }
        #expect(seen.values == [false], "the state now first")
        gtk_widget_grab_focus(editor.pointer)
        #expect(pumpMainLoop { seen.values.last == true }, "\(seen.values)")
        gtk_widget_grab_focus(other.pointer)
        #expect(pumpMainLoop { seen.values.last == false }, "\(seen.values)")
        #expect(zip(seen.values, seen.values.dropFirst()).allSatisfy { $0 != $1 }, "each change once")
    }
}
