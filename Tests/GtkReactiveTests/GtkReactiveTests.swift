import CGtk
import Foundation
import GtkReactive
import GtkShim
import GtkTestSupport
import Reactive
import Synchronization
import Testing

final class Box<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

final class Tracked: Sendable {}

/// GTK on one thread: the main actor's, serially.
@MainActor
@Suite("GtkReactive under a display", .serialized, .needsDisplay)
struct GtkReactiveTests {
    init() throws {
        try startGTK()
    }

    func entry() -> Widget { Widget(gtk_entry_new()) }

    @Test func entryTextArrivesForProgrammaticSetsToo() {
        let entry = entry()
        let (lifetime, token) = Lifetime.make()
        let seen = Box<[String]>([])
        entry.textValues(during: lifetime).startWithValues { text in seen.value.append(text) }
        gtk_editable_set_text(grshim_editable(entry.raw), "138")
        gtk_editable_set_text(grshim_editable(entry.raw), "1387")
        #expect(seen.value == ["", "138", "1387"], "current text first, then every change")
        token.dispose()
        gtk_editable_set_text(grshim_editable(entry.raw), "13874")
        #expect(seen.value.count == 3, "nothing after the lifetime ended")
    }

    @Test func aPropertyBoundBothWaysNeverEchoes() {
        let entry = entry()
        let (lifetime, token) = Lifetime.make()
        let phone = MutableProperty("13874389438")
        let changes = Box(0)
        entry.events("notify::text", arguments: 1, during: lifetime).observeValues { changes.value += 1 }
        entry.entryText(during: lifetime) <~ phone
        phone <~ entry.textValues(during: lifetime)
        #expect(entry.editableText == "13874389438")
        #expect(changes.value == 1, "the view model's value set the entry once")
        gtk_editable_set_text(grshim_editable(entry.raw), "139")
        #expect(phone.value == "139", "typing reaches the view model")
        #expect(changes.value == 2, "and does not come back into the entry")
        phone.value = "13912345678"
        #expect(entry.editableText == "13912345678")
        #expect(changes.value == 3)
        withExtendedLifetime(token) {}
    }

    @Test func buttonSensitivityFollowsAProperty() {
        let button = Widget(gtk_button_new_with_label("登录"))
        let (lifetime, token) = Lifetime.make()
        let enabled = MutableProperty(false)
        button.sensitive(during: lifetime) <~ enabled
        #expect(gtk_widget_get_sensitive(button.pointer) == 0)
        enabled.value = true
        #expect(gtk_widget_get_sensitive(button.pointer) != 0)
        token.dispose()
        enabled.value = false
        #expect(gtk_widget_get_sensitive(button.pointer) != 0, "the binding ended with its lifetime")
    }

    @Test func bindingAWidgetPropertyTwiceReplacesTheFirstBinding() {
        let label = Widget(gtk_label_new(""))
        let (lifetime, token) = Lifetime.make()
        let first = MutableProperty("first")
        let second = MutableProperty("second")
        label.labelText(during: lifetime) <~ first
        label.labelText(during: lifetime) <~ second
        first.value = "stale"
        #expect(String(cString: gtk_label_get_text(grshim_label(label.raw))) == "second")
        #expect(first.observerCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test func clickedSignalsReachSwiftAndTheirClosuresAreFreedWithTheWidget() {
        var tracked: Tracked? = Tracked()
        weak let weakTracked = tracked
        let clicks = Box(0)
        var button: UnsafeMutablePointer<GtkWidget>? = gtk_button_new_with_label("填充")
        if let button { g_object_ref_sink(button) }
        let connection = button.map { [tracked] in
            SignalConnection(UnsafeMutableRawPointer($0), signal: "clicked") { _ = tracked; clicks.value += 1 }
        }
        tracked = nil
        if let button { grshim_emit(button, "clicked") }
        #expect(clicks.value == 1)
        #expect(weakTracked != nil, "alive while the widget is")
        if let widget = button { g_object_unref(widget) }
        button = nil
        #expect(weakTracked == nil, "the closure was freed when the widget went away")
        connection?.dispose()
        #expect(connection?.isDisposed == true, "disposing after the widget is gone is safe")
    }

    @Test func disposingAConnectionFreesItsClosure() {
        let button = Widget(gtk_button_new_with_label("登录"))
        var tracked: Tracked? = Tracked()
        weak let weakTracked = tracked
        let connection = SignalConnection(button.raw, signal: "clicked") { [tracked] in _ = tracked }
        tracked = nil
        #expect(weakTracked != nil)
        connection.dispose()
        #expect(weakTracked == nil)
    }

    @Test func aWindowsLifetimeEndsWhenItClosesAndItsMemoryLastsAsLongAsItsWrapper() {
        var window: Widget? = Widget(toplevel: gtk_window_new())
        let raw = window?.raw
        let ended = Box(false)
        window?.lifetime.observeEnded { ended.value = true }
        let disposed = Box(false)
        let destroyWatch = raw.map { SignalConnection($0, signal: "destroy") { disposed.value = true } }
        #expect(window?.isDestroyed == false)
        window.map { gtk_window_destroy(grshim_window($0.raw)) }
        #expect(ended.value && window?.isDestroyed == true, "closing the window ends its lifetime")
        #expect(!disposed.value, "the wrapper still holds the closed window")
        #expect(raw.map { g_type_check_instance_is_a($0.assumingMemoryBound(to: GTypeInstance.self), gtk_window_get_type()) != 0 } == true,
                "a closed window's memory stays valid while its wrapper lives")
        window = nil
        #expect(disposed.value, "releasing the wrapper lets GTK dispose the window")
        destroyWatch?.dispose()
    }

    @Test func aWidgetsLifetimeEndsWithItsWrapper() {
        var button: Widget? = Widget(gtk_button_new_with_label("登录"))
        let ended = Box(false)
        button?.lifetime.observeEnded { ended.value = true }
        #expect(!ended.value)
        button = nil
        #expect(ended.value)
    }

    @Test func theMainLoopSchedulerRunsTimersOnTheLoop() {
        let scheduler = MainLoopScheduler.shared
        let log = Box<[String]>([])
        scheduler.schedule { log.value.append("idle") }
        scheduler.schedule(after: .milliseconds(20)) { log.value.append("timer") }
        scheduler.schedule(after: .milliseconds(10)) { log.value.append("cancelled") }?.dispose()
        pumpMainLoop(timeout: .seconds(5)) { log.value.count >= 2 }
        #expect(log.value == ["idle", "timer"])
    }
}

extension GtkReactiveTests {
    /// The icon name an image shows, or its file-based paintable's absence.
    func iconName(_ image: Widget) -> String? {
        gtk_image_get_icon_name(OpaquePointer(image.raw)).map { String(cString: $0) }
    }

    @Test func anUnreachableURLKeepsThePlaceholderAndNeverBlocks() throws {
        let image = Widget(gtk_image_new())
        let (lifetime, token) = Lifetime.make()
        let loader = PictureLoader(
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-test-\(UUID().uuidString)"),
            timeout: 2, allowingPrivateHosts: true) // a closed local port: unreachable, not refused
        let source = MutableProperty<PictureSource?>(nil)
        image.picture(placeholder: "avatar-default-symbolic", loader: loader, during: lifetime) <~ source
        let started = Date()
        source.value = .url(try #require(URL(string: "http://127.0.0.1:9/avatar.png")))
        #expect(Date().timeIntervalSince(started) < 0.5, "binding a URL returns at once")
        #expect(iconName(image) == "avatar-default-symbolic")
        pumpMainLoop(for: .seconds(3))
        #expect(iconName(image) == "avatar-default-symbolic", "still the placeholder after the fetch failed")
        withExtendedLifetime(token) {}
    }

    @Test func aFetchedPictureReplacesThePlaceholderOnTheLoop() throws {
        let image = Widget(gtk_image_new())
        let (lifetime, token) = Lifetime.make()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-test-\(UUID().uuidString)")
        let loader = PictureLoader(cacheDirectory: cache)
        let url = try #require(URL(string: "https://example.invalid/pictures/a.svg"))
        // Already fetched once: the cache answers without the network.
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>"#.utf8)
            .write(to: loader.cacheFile(for: url))
        image.picture(loader: loader, during: lifetime) <~ SignalProducer(value: PictureSource.url(url))
        pumpMainLoop { iconName(image) == nil }
        #expect(iconName(image) == nil, "the picture, not the placeholder icon")
        #expect(gtk_image_get_storage_type(OpaquePointer(image.raw)) != GTK_IMAGE_EMPTY)
        withExtendedLifetime(token) {}
    }
}
