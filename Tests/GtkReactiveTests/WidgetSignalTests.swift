import CGtk
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import TestSupport
import Testing

/// `widget.reactive`'s signals are lazy: a start connects one GTK handler, disposing the
/// observation (or the end of the widget's lifetime) disconnects it, and reading one connects
/// nothing.
@MainActor
@Suite("Reactive widget signals", .serialized, .needsDisplay)
struct WidgetSignalTests {
    init() throws {
        try startGTK()
    }

    @Test func aSignalConnectsWhileObservedOnly() {
        let button = Button(label: "填充")
        let clickedID = g_signal_lookup("clicked", Button.gtkType)
        #expect(handlerCount(button.raw, "clicked") == 0)
        let clicked = button.reactive.clicked
        _ = button.reactive.clicked
        #expect(handlerCount(button.raw, "clicked") == 0, "reading connects nothing")
        #expect(g_signal_has_handler_pending(button.raw, clickedID, 0, 1) == 0)
        let clicks = Log<Void>()
        let observation = clicked.startWithValues { clicks.append(()) }
        #expect(handlerCount(button.raw, "clicked") == 1)
        #expect(g_signal_handler_find(button.raw, G_SIGNAL_MATCH_ID, clickedID, 0, nil, nil, nil) != 0)
        button.click()
        button.click()
        #expect(clicks.values.count == 2)
        observation.dispose()
        #expect(handlerCount(button.raw, "clicked") == 0)
        #expect(g_signal_has_handler_pending(button.raw, clickedID, 0, 1) == 0)
        button.click()
        #expect(clicks.values.count == 2)
    }

    @Test func twoObservationsAreTwoHandlersAndTheWidgetsEndDisconnectsBoth() {
        let pointer = gtk_button_new_with_label("刷新")!
        let keeper = Widget(pointer)
        var button: Button? = Button(pointer)
        let completed = Log<Bool>()
        let first = button?.reactive.clicked.on(completed: { completed.append(true) }).start()
        let second = button?.reactive.clicked.start()
        #expect(handlerCount(keeper.raw, "clicked") == 2)
        button = nil
        #expect(handlerCount(keeper.raw, "clicked") == 0, "the wrapper's lifetime ended: its observations too")
        #expect(completed.values == [true])
        #expect(first?.isDisposed == true && second?.isDisposed == true)
    }

    @Test func aListViewsActivationCarriesItsPosition() throws {
        let strings = try #require(gtk_string_list_new(nil))
        for index in 0..<10 { gtk_string_list_append(strings, "\(index)") }
        let selection = gtk_no_selection_new(strings)
        let list = ListView(gtk_list_view_new(selection, nil))
        let positions = Log<Int>()
        let observation = list.reactive.activated.startWithValues { positions.append($0) }
        #expect(handlerCount(list.raw, "activate") == 1)
        gtk_widget_activate_action_variant(list.pointer, "list.activate-item", g_variant_new_uint32(7))
        gtk_widget_activate_action_variant(list.pointer, "list.activate-item", g_variant_new_uint32(0))
        #expect(positions.values == [7, 0])
        observation.dispose()
        #expect(handlerCount(list.raw, "activate") == 0)
    }

    @Test func anEntrysActivationAndTheEscapeHatch() {
        let entry = Entry()
        let activations = Log<Void>()
        let observation = entry.reactive.activated.startWithValues { activations.append(()) }
        grshim_emit(entry.pointer, "activate")
        #expect(activations.values.count == 1)
        observation.dispose()
        #expect(handlerCount(entry.raw, "activate") == 0)

        let window = Window()
        window.present() // GTK closes realized windows only
        let closes = Log<Void>()
        let close = window.reactive.signal("close-request").startWithValues { closes.append(()) }
        #expect(handlerCount(window.raw, "close-request") == 1)
        window.close()
        #expect(closes.values.count == 1)
        #expect(!window.isOpen, "the escape hatch answered FALSE: the window closed")
        close.dispose()
    }

    @Test func isMappedAndIsActiveStartWithTheCurrentState() {
        let window = Window(title: "映射")
        let label = Label("x")
        gtk_window_set_child(grshim_window(window.pointer), label.pointer)
        let mapped = Log<Bool>()
        let observation = label.reactive.isMapped.startWithValues { mapped.append($0) }
        #expect(mapped.values == [false])
        window.present()
        pumpMainLoop { label.isMapped }
        #expect(mapped.values == [false, true])
        let active = Log<Bool>()
        let activity = window.reactive.isActive.startWithValues { active.append($0) }
        #expect(active.values.first == window.isActive)
        gtk_widget_set_visible(window.pointer, 0)
        #expect(mapped.values == [false, true, false])
        observation.dispose()
        activity.dispose()
        #expect(handlerCount(label.raw, "map") == 0 && handlerCount(label.raw, "unmap") == 0)
        #expect(handlerCount(window.raw, "notify::is-active") == 0)
        window.destroy()
    }

    @Test func startingOffTheGtkThreadConnectsOnTheLoop() async {
        let button = Button(label: "x")
        let clicks = Log<Void>()
        let producer = button.reactive.clicked
        let observation = await Task.detached { producer.startWithValues { clicks.append(()) } }.value
        pumpMainLoop { handlerCount(button.raw, "clicked") == 1 }
        #expect(handlerCount(button.raw, "clicked") == 1)
        button.click()
        #expect(clicks.values.count == 1)
        observation.dispose()
        #expect(handlerCount(button.raw, "clicked") == 0)
    }
}
