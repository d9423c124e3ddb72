import CGtk
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import TestSupport
import Testing

/// The typed wrappers over `Widget`: their GTK types, the state every wrapper of one GTK widget
/// shares, and the lifetime model (own, scoped, disposed).
@MainActor
@Suite("Typed widgets", .serialized, .needsDisplay)
struct TypedWidgetTests {
    init() throws {
        try startGTK()
    }

    @Test func eachWrapperNamesItsGtkTypeAndCastChecksIt() throws {
        let label = Label("x"), toggle = ToggleButton(label: "x"), button = Button(label: "x")
        let check = CheckButton(label: "x"), password = Widget(gtk_password_entry_new()), strip = PictureStrip(spacing: 4)
        #expect(Label.isInstance(label.pointer))
        #expect(Button.isInstance(toggle.pointer), "a toggle button is a button")
        #expect(!ToggleButton.isInstance(button.pointer))
        #expect(!Button.isInstance(check.pointer), "in GTK 4 a check button is not a button")
        #expect(Entry.isInstance(password.pointer), "an entry is any GtkEditable")
        #expect(PictureStrip.isInstance(strip.pointer))
        #expect(Label.cast(button.pointer) == nil)
        let cast = try #require(Label.cast(gtk_label_new("ok")))
        #expect(cast.text == "ok")
        let wrappers: [Widget.Type] = [Switch.self, Image.self, Picture.self, Spinner.self, ProgressBar.self, Revealer.self,
                                      GtkReactive.Box.self, Stack.self, ListBox.self, ListView.self, ScrolledWindow.self,
                                      MenuButton.self, Window.self]
        #expect(Set(wrappers.map { String(cString: g_type_name($0.gtkType)) }) ==
                ["GtkSwitch", "GtkImage", "GtkPicture", "GtkSpinner", "GtkProgressBar", "GtkRevealer", "GtkBox", "GtkStack",
                 "GtkListBox", "GtkListView", "GtkScrolledWindow", "GtkMenuButton", "GtkWindow"])
    }

    @Test func aWrapperClassMadeFromAMetatypeIsThatClass() {
        func make<W: Widget>(_ type: W.Type, _ pointer: UnsafeMutablePointer<GtkWidget>, scope: Lifetime) -> W {
            W(pointer, scope: scope)
        }
        let (scope, token) = Lifetime.make()
        let label = make(Label.self, gtk_label_new("made"), scope: scope)
        #expect(label.text == "made")
        withExtendedLifetime(token) {}
    }

    @Test func commonMembersReadAndWriteTheWidget() {
        let button = Button(label: "登录")
        button.isSensitive = false
        #expect(gtk_widget_get_sensitive(button.pointer) == 0 && !button.isSensitive)
        button.isVisible = false
        #expect(gtk_widget_get_visible(button.pointer) == 0 && !button.isVisible)
        button.addCSSClass("suggested-action")
        #expect(button.hasCSSClass("suggested-action") && button.cssClasses.contains("suggested-action"))
        button.removeCSSClass("suggested-action")
        #expect(!button.hasCSSClass("suggested-action"))
        button.cssClasses = ["a", "b"]
        #expect(Set(button.cssClasses) == ["a", "b"])
        button.tooltip = "提示"
        #expect(button.tooltip == "提示")
        #expect(button.label == "登录")
    }

    @Test func containersAddAndRemoveChildren() {
        let box = GtkReactive.Box(.horizontal, spacing: 6)
        let first = Label("1"), second = Label("2")
        box.append(first)
        box.append(second)
        #expect(box.childCount == 2)
        box.remove(first)
        #expect(box.childCount == 1 && gtk_widget_get_parent(first.pointer) == nil)
        box.removeAll()
        #expect(box.childCount == 0)

        let stack = Stack()
        stack.add(first, named: "first")
        stack.add(second, named: "second")
        stack.visibleChildName = "second"
        #expect(stack.visibleIndex == 1)
        stack.visibleIndex = 0
        #expect(stack.visibleChildName == "first")
        stack.remove(first)
        #expect(gtk_widget_get_parent(first.pointer) == nil)

        let list = ListBox()
        let row = Label("row")
        list.append(row)
        #expect(gtk_widget_get_parent(row.pointer) != nil)
        list.remove(row)
        #expect(gtk_widget_get_parent(row.pointer) == nil)
    }

    @Test func twoWrappersOfOneWidgetShareTheirBindingSlots() {
        let pointer = gtk_label_new("")!
        let first = Label(pointer)
        let second = Label(pointer)
        let old = MutableProperty("old")
        let new = MutableProperty("new")
        first.reactive.text <~ old
        second.reactive.text <~ new
        old.value = "stale"
        #expect(first.text == "new", "the second binding replaced the first")
        #expect(old.observerCount == 0)
        #expect(first.slot("label") === second.slot("label"))
        first.labelText(during: first.lifetime) <~ old
        new.value = "ignored"
        #expect(first.text == "stale", "today's labelText(during:) shares the slot too")
    }

    @Test func aScopedWrappersBindingsOutliveItAndEndWithTheScope() {
        let pointer = gtk_label_new("")!
        let owner = Label(pointer) // the layout's reference, say
        let (scope, token) = Lifetime.make()
        let title = MutableProperty("一")
        do {
            let temporary = Label(pointer, scope: scope)
            temporary.reactive.text <~ title
        }
        title.value = "二"
        #expect(owner.text == "二", "the binding outlived its temporary wrapper")
        #expect(Label(pointer, scope: scope).lifetime === Label(pointer, scope: scope).lifetime, "one lifetime per scope")
        token.dispose()
        title.value = "三"
        #expect(owner.text == "二", "and ended with the scope")
        #expect(title.observerCount == 0)
    }

    @Test func aScopedWrappersLifetimeEndsWhenGtkDisposesTheWidget() {
        let (scope, token) = Lifetime.make()
        var label: Label? = Label(gtk_label_new("")!, scope: scope)
        let lifetime = label?.lifetime
        let ended = Log<Bool>()
        lifetime?.observeEnded { ended.append(true) }
        let text = MutableProperty("a")
        if let label { label.reactive.text <~ text }
        #expect(ended.values.isEmpty)
        label = nil // the only reference: GTK disposes and frees the label
        #expect(ended.values == [true], "disposal ends the lifetime before the scope ends")
        text.value = "b" // would touch freed memory if the binding had survived
        #expect(text.observerCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test func anUnscopedWrappersLifetimeEndsWhenGtkDisposesTheWidget() {
        let label = Label("x")
        let ended = Log<Bool>()
        label.lifetime.observeEnded { ended.append(true) }
        g_object_run_dispose(UnsafeMutableRawPointer(label.pointer).assumingMemoryBound(to: GObject.self))
        #expect(ended.values == [true])
    }

    @Test func aWindowsLifetimeEndsWhenItClosesAndItTellsWhetherItIsOpen() {
        let window = Window(title: "商品")
        #expect(window.title == "商品")
        #expect(window.isOpen)
        window.setDefaultSize(width: 320, height: 200)
        window.destroy()
        #expect(!window.isOpen && window.lifetime.hasEnded && window.isDestroyed)
    }
}
