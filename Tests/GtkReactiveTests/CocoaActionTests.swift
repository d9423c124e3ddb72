import CGtk
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import TestSupport
import Testing

/// `button.reactive.pressed = CocoaAction(action)`: sensitivity from `isEnabled`, a click
/// applies, busy while executing, one action per button, nothing left after its lifetime.
@MainActor
@Suite("CocoaAction on a button", .serialized, .needsDisplay)
struct CocoaActionTests {
    init() throws {
        try startGTK()
    }

    /// An action whose runs wait for `finish` to send them a value (and complete).
    func pendingAction(enabledIf enabled: MutableProperty<Bool>, runs: Log<String>) -> (Action<String, Int, Never>, () -> Void) {
        let (pending, input) = Signal<Void, Never>.pipe()
        let action = Action<String, Int, Never>(enabledIf: enabled) { text in
            runs.append(text)
            return SignalProducer(pending).take(first: 1).map { 1 }
        }
        return (action, { input.send(value: ()) })
    }

    func isBusy(_ button: Button) -> Bool {
        gtk_test_accessible_has_state(OpaquePointer(button.pointer), GTK_ACCESSIBLE_STATE_BUSY) != 0
    }

    @Test func sensitivityFollowsAClickAppliesAndBusyShowsWhileItRuns() {
        let button = Button(label: "登录")
        let enabled = MutableProperty(false)
        let runs = Log<String>()
        let (action, finish) = pendingAction(enabledIf: enabled, runs: runs)
        button.reactive.pressed = CocoaAction(action, input: "13874389438")
        #expect(!button.isSensitive, "disabled action, insensitive button")
        enabled.value = true
        #expect(button.isSensitive)
        #expect(!isBusy(button) && !button.hasCSSClass("busy"))

        button.click()
        #expect(runs.values == ["13874389438"], "the click applied the action")
        #expect(isBusy(button) && button.hasCSSClass("busy"), "busy while it runs")
        #expect(!button.isSensitive, "and not pressable again meanwhile")
        button.click()
        #expect(runs.values.count == 1)

        finish()
        #expect(!isBusy(button) && !button.hasCSSClass("busy"))
        #expect(button.isSensitive)
    }

    @Test func theInputCanComeFromTheSender() {
        let button = Button(label: "发送")
        let sent = Log<String>()
        let action = Action<String, Void, Never> { text in
            sent.append(text)
            return .empty
        }
        button.reactive.pressed = CocoaAction(action) { sender in sender.label }
        button.click()
        #expect(sent.values == ["发送"])
        let voidAction = Action<Void, Void, Never> { sent.append("void"); return .empty }
        button.reactive.pressed = CocoaAction(voidAction)
        button.click()
        #expect(sent.values == ["发送", "void"])
    }

    @Test func assigningAgainReplacesTheFirstAction() {
        let button = Button(label: "刷新")
        let first = Log<String>(), second = Log<String>()
        let firstEnabled = MutableProperty(true)
        let (one, finishOne) = pendingAction(enabledIf: firstEnabled, runs: first)
        let (two, finishTwo) = pendingAction(enabledIf: MutableProperty(true), runs: second)
        button.reactive.pressed = CocoaAction(one, input: "one")
        let replacement = CocoaAction<Button>(two, input: "two")
        button.reactive.pressed = replacement
        #expect(button.reactive.pressed === replacement)
        #expect(handlerCount(button.raw, "clicked") == 1, "one click handler: the second action's")
        button.click()
        #expect(first.values.isEmpty && second.values == ["two"])
        firstEnabled.value = false
        #expect(!button.isSensitive, "the second action is running")
        button.reactive.pressed = nil
        #expect(handlerCount(button.raw, "clicked") == 0)
        #expect(button.isSensitive && !button.hasCSSClass("busy"), "unbinding leaves it sensitive and not busy")
        #expect(button.reactive.pressed == nil)
        finishOne()
        finishTwo()
    }

    @Test func nothingIsLeftAfterTheButtonsLifetimeEnds() {
        let (scope, token) = Lifetime.make()
        let pointer = gtk_button_new_with_label("赞")!
        let keeper = Widget(pointer) // the row keeps its button
        let enabled = MutableProperty(true)
        let runs = Log<String>()
        weak var weakAction: CocoaAction<Button>?
        do {
            let (action, _) = pendingAction(enabledIf: enabled, runs: runs) // never run here
            let cocoa = CocoaAction<Button>(action, input: "like")
            weakAction = cocoa
            Button(pointer, scope: scope).reactive.pressed = cocoa
        }
        #expect(weakAction != nil, "the binding keeps the action while the scope lasts")
        #expect(handlerCount(keeper.raw, "clicked") == 1)
        token.dispose()
        #expect(weakAction == nil, "released with the scope")
        #expect(handlerCount(keeper.raw, "clicked") == 0)
        enabled.value = false
        #expect(gtk_widget_get_sensitive(keeper.pointer) != 0, "the sensitivity binding ended too")
        grshim_emit(keeper.pointer, "clicked")
        #expect(runs.values.isEmpty)
    }
}
