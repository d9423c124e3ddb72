import CGtk
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import TestSupport
import Testing

/// The echo rule: a toggle's or an entry's own target writes are not reported back by its
/// signal; every other change is. And `<~>`, built on it.
@MainActor
@Suite("Echo rule and two-way binding", .serialized, .needsDisplay)
struct EchoRuleTests {
    init() throws {
        try startGTK()
    }

    @Test func aSwitchReportsOthersChangesButNotItsTargets() {
        let toggle = Switch()
        let seen = Log<Bool>()
        toggle.reactive.isActive.changes.startWithValues { seen.append($0) }
        let enabled = MutableProperty(true)
        toggle.reactive.isActive <~ enabled
        #expect(toggle.isActive && seen.values.isEmpty, "its own target's write is not reported")
        gtk_switch_set_active(OpaquePointer(toggle.pointer), 0)
        #expect(seen.values == [false], "a programmatic set from other code is")
        enabled.value = true
        #expect(toggle.isActive && seen.values == [false])
    }

    @Test func aToggleButtonAndACheckButtonFollowTheSameRule() {
        let toggle = ToggleButton(label: "筛选")
        let check = CheckButton(label: "全新")
        let seen = Log<String>()
        toggle.reactive.isActive.changes.startWithValues { seen.append("toggle \($0)") }
        check.reactive.isActive.changes.startWithValues { seen.append("check \($0)") }
        toggle.reactive.isActive <~ SignalProducer(value: true)
        check.reactive.isActive <~ SignalProducer(value: true)
        #expect(seen.values.isEmpty)
        toggle.click()
        check.isActive = false
        #expect(seen.values == ["toggle false", "check false"])
    }

    @Test func anEntrysTextIsATargetAndASource() {
        let entry = Entry()
        entry.text = "138"
        let seen = Log<String>()
        entry.reactive.text.producer.startWithValues { seen.append($0) }
        #expect(seen.values == ["138"], "the current text first")
        entry.text = "1387"
        #expect(seen.values == ["138", "1387"], "then programmatic sets too (pitfall 2)")
        entry.cursorPosition = 2
        let phone = MutableProperty("1387")
        entry.reactive.text <~ phone
        #expect(entry.cursorPosition == 2, "an equal value is not written: the cursor stays")
        phone.value = "13874"
        #expect(entry.text == "13874")
        #expect(seen.values == ["138", "1387"], "the target's own writes are not reported")
    }

    @Test func anEntryAndAPropertyBoundBothWaysNeverEcho() {
        let entry = Entry()
        entry.text = "typed before"
        let phone = MutableProperty("13874389438")
        let writes = Log<Void>()
        let watch = SignalConnection(entry.raw, signal: "notify::text", arguments: 1) { writes.append(()) }
        let values = Log<String>()
        phone.signal.observeValues { values.append($0) }
        let binding = entry.reactive.text <~> phone
        #expect(entry.text == "13874389438", "the property wins first")
        #expect(writes.values.count == 1)
        entry.text = "139"
        #expect(phone.value == "139", "an edit reaches the property")
        #expect(writes.values.count == 2, "and is not written back into the entry")
        #expect(values.values == ["139"], "the property got the edit once")
        phone.value = "13912345678"
        #expect(entry.text == "13912345678")
        #expect(writes.values.count == 3)
        #expect(values.values == ["139", "13912345678"], "the entry did not send it back")
        binding.dispose()
        entry.text = "0"
        phone.value = "1"
        #expect(entry.text == "0" && phone.value == "1", "disposing ends both directions")
        watch.dispose()
    }

    /// A to-do's check button and its `isDone`, as an entry's text and a property: `<~>` binds
    /// any widget value that is both a target and a source of the user's changes.
    @Test func aCheckButtonAndAPropertyBoundBothWaysNeverEcho() {
        let check = CheckButton(label: "Buy milk")
        let isDone = MutableProperty(true)
        let values = Log<Bool>()
        isDone.signal.observeValues { values.append($0) }
        let toggles = Log<Void>()
        let watch = SignalConnection(check.raw, signal: "toggled") { toggles.append(()) }
        let binding = check.reactive.isActive <~> isDone
        #expect(check.isActive, "the property wins first")
        check.isActive = false
        #expect(isDone.value == false && values.values == [false], "the user's change reaches the property once")
        #expect(toggles.values.count == 2, "and is not written back into the button")
        isDone.value = true
        #expect(check.isActive && values.values == [false, true], "the button did not send it back")
        let states = Log<Bool>()
        check.reactive.isActive.producer.startWithValues { states.append($0) }
        #expect(states.values == [true], "as a source: the state now first")
        binding.dispose()
        check.isActive = false
        #expect(isDone.value == true, "disposing ends both directions")
        watch.dispose()
    }

    @Test func todaysEntryTargetAndTheNewSourceShareTheRule() {
        let entry = Entry()
        let seen = Log<String>()
        entry.reactive.text.changes.startWithValues { seen.append($0) }
        entry.entryText(during: entry.lifetime) <~ SignalProducer(value: "旧")
        #expect(entry.text == "旧" && seen.values.isEmpty)
        #expect(entry.slot("text") === entry.reactive.text.bindingTarget.slot)
    }
}
