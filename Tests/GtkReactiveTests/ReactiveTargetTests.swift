import CGtk
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import Testing

/// `widget.reactive`'s binding targets: they write the widget, live as long as its lifetime
/// (no `during:`), and bind through its slots.
@MainActor
@Suite("Reactive widget targets", .serialized, .needsDisplay)
struct ReactiveTargetTests {
    init() throws {
        try startGTK()
    }

    func accessible(_ widget: Widget) -> OpaquePointer { OpaquePointer(widget.pointer) }

    @Test func commonTargetsWriteTheWidget() {
        let button = Button(label: "登录")
        let on = MutableProperty(false)
        button.reactive.isSensitive <~ on
        button.reactive.isVisible <~ on
        #expect(!button.isSensitive && !button.isVisible)
        on.value = true
        #expect(button.isSensitive && button.isVisible)

        let tip = MutableProperty<String?>("提示")
        button.reactive.tooltip <~ tip
        #expect(button.tooltip == "提示")
        tip.value = nil
        #expect(button.tooltip == nil)

        let classes = MutableProperty(["card", "flat"])
        button.reactive.cssClasses <~ classes
        #expect(Set(button.cssClasses) == ["card", "flat"])
        let liked = MutableProperty(true)
        button.reactive.cssClass("liked") <~ liked
        #expect(button.hasCSSClass("liked") && button.hasCSSClass("card"))
        liked.value = false
        #expect(!button.hasCSSClass("liked") && button.hasCSSClass("card"), "only its own class comes and goes")

        #expect(!gtk_test_accessible_has_property(accessible(button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION).isTrue)
        button.reactive.accessibleLabel <~ SignalProducer(value: "登录按钮")
        button.reactive.accessibleDescription <~ SignalProducer(value: "用手机号登录")
        #expect(gtk_test_accessible_has_property(accessible(button), GTK_ACCESSIBLE_PROPERTY_LABEL).isTrue)
        #expect(gtk_test_accessible_has_property(accessible(button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION).isTrue)
    }

    @Test func eachWidgetsOwnTargetsWriteIt() {
        let label = Label()
        label.reactive.text <~ SignalProducer(value: "商品")
        #expect(label.text == "商品")

        let button = Button(label: "")
        button.reactive.label <~ SignalProducer(value: "刷新")
        #expect(button.label == "刷新")
        button.reactive.iconName <~ SignalProducer(value: "view-refresh-symbolic")
        #expect(button.iconName == "view-refresh-symbolic")

        let spinner = Spinner()
        spinner.reactive.isSpinning <~ SignalProducer(value: true)
        #expect(spinner.isSpinning)

        let progress = ProgressBar()
        progress.reactive.fraction <~ SignalProducer(value: 0.25)
        #expect(progress.fraction == 0.25)

        let revealer = Revealer(child: Label("x"))
        revealer.reactive.revealsChild <~ SignalProducer(value: true)
        #expect(revealer.revealsChild)

        let image = Image()
        image.reactive.iconName <~ SignalProducer(value: "avatar-default-symbolic")
        #expect(image.iconName == "avatar-default-symbolic")

        let stack = Stack()
        stack.add(Label("a"), named: "a")
        stack.add(Label("b"), named: "b")
        let page = MutableProperty(1)
        stack.reactive.visibleIndex <~ page
        #expect(stack.visibleChildName == "b")
        page.value = 9
        #expect(stack.visibleChildName == "b", "an index past the end is ignored")
        stack.reactive.visibleChildName <~ SignalProducer(value: "a")
        #expect(stack.visibleIndex == 0)
        page.value = 1
        #expect(stack.visibleIndex == 0, "the name binding replaced the index binding (one visible child)")

        let window = Window()
        window.reactive.title <~ SignalProducer(value: "商品列表")
        #expect(window.title == "商品列表")
        window.destroy()
    }

    /// A bold count is one label: markup whose interpolated values are escaped, so a title from
    /// a file shows as text and cannot open a tag.
    @Test func aLabelsMarkupTargetEscapesWhatItInterpolates() {
        let label = Label()
        let left = MutableProperty(2)
        label.reactive.markup <~ left.map { Markup("<b>\($0)</b> items left") }
        #expect(label.text == "2 items left")
        #expect(String(cString: gtk_label_get_label(OpaquePointer(label.pointer))) == "<b>2</b> items left")
        let title = MutableProperty("<i>Buy</i> milk & eggs")
        label.reactive.markup <~ title.map { Markup("<b>\($0)</b>") }
        #expect(label.text == "<i>Buy</i> milk & eggs", "the title shows as it is, tags and all")
        #expect(String(cString: gtk_label_get_label(OpaquePointer(label.pointer))) == "<b>&lt;i&gt;Buy&lt;/i&gt; milk &amp; eggs</b>")
        left.value = 3
        #expect(label.text == "<i>Buy</i> milk & eggs", "the newer binding took the label's slot")
        label.reactive.text <~ SignalProducer(value: "plain <b>")
        #expect(label.text == "plain <b>", "text and markup share the slot")
    }

    @Test func targetsEndWithTheWidgetsLifetime() {
        let text = MutableProperty("a")
        var label: Label? = Label()
        let pointer = label?.pointer
        if let pointer { g_object_ref(pointer) } // GTK (a parent, say) still holds it
        if let label { label.reactive.text <~ text }
        #expect(text.observerCount == 1)
        label = nil
        #expect(text.observerCount == 0, "the binding ended with the wrapper's lifetime")
        text.value = "b"
        if let pointer {
            #expect(String(cString: gtk_label_get_text(OpaquePointer(pointer))) == "a")
            g_object_unref(pointer)
        }
    }

    @Test func makeBindingTargetGivesTheApplyAWrapperWithoutKeepingIt() {
        let (scope, token) = Lifetime.make()
        let pointer = gtk_label_new("")!
        let owner = Label(pointer)
        weak var weakTemporary: Label?
        let count = MutableProperty(0)
        do {
            let temporary = Label(pointer, scope: scope)
            weakTemporary = temporary
            temporary.reactive.makeBindingTarget("count") { label, value in label.text = "\(value) 件" } <~ count
        }
        #expect(weakTemporary == nil, "the target does not keep its wrapper")
        count.value = 3
        #expect(owner.text == "3 件")
        withExtendedLifetime(token) {}
    }

    @Test func pictureTargetsShowThePlaceholderForNothing() {
        let image = Image()
        image.reactive.pictureFile(placeholder: "avatar-default-symbolic") <~ SignalProducer(value: nil)
        #expect(image.iconName == "avatar-default-symbolic")
        let picture = Picture(contentFit: .cover)
        picture.reactive.pictureFile() <~ SignalProducer(value: "/nonexistent/picture.png")
        pumpMainLoop { false }
        #expect(!picture.hasPicture, "an unreadable file shows nothing in a picture")
    }
}

extension gboolean {
    var isTrue: Bool { self != 0 }
}
