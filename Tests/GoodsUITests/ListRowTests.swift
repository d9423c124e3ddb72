import CGtk
import Foundation
import GoodsDomain
import GoodsUI
import GoodsViewModels
import GtkReactive
import GtkShim
import GtkTestSupport
import HeapStats
import PluginKit
import Synchronization
import Testing

extension ScreenTests {
    /// The mapped widgets named `name` under `widget`, in tree order.
    func descendants(named name: String, under widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        GtkTestSupport.descendants(of: widget).dropFirst().filter { widgetName($0) == name && gtk_widget_get_mapped($0) != 0 }
    }

    /// (title, like label) of every row on screen.
    func visibleRows(_ list: UnsafeMutablePointer<GtkWidget>) -> [(title: String, like: String)] {
        let titles = descendants(named: "title", under: list).map { String(cString: gtk_label_get_text(grshim_label($0))) }
        let likes = descendants(named: "like", under: list).map { String(cString: gtk_button_get_label(grshim_button($0))) }
        return zip(titles, likes).map { ($0, $1) }
    }

    func after0(_ list: UnsafeMutablePointer<GtkWidget>) -> [(title: String, like: String)] { visibleRows(list) }
}

extension ScreenTests {
    @Test func rowsAreReboundOnScrollWithoutStaleBindings() throws {
        let (window, navigator) = makeApp()
        gtk_window_set_default_size(grshim_window(window.windowWidget.raw), 420, 720)
        window.present()
        grshim_emit(window.fill.pointer, "clicked")
        (navigator.top as? LoginController)?.model.submit()
        scheduler.advance(by: .seconds(1))
        let controller = try #require(navigator.top as? GoodsListController)
        scheduler.advance(by: .milliseconds(750))
        let list = controller.listWidget.pointer
        pumpMainLoop { !visibleRows(list).isEmpty }
        let first = visibleRows(list)
        #expect(first.first?.title == "商品1")
        #expect(first.allSatisfy { $0.like == "♡ 0" })

        // Scroll to the end: rows are reused for later items, and page 2 loads.
        let scroller = try #require(gtk_widget_get_ancestor(list, gtk_scrolled_window_get_type()))
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
        pumpMainLoop { gtk_adjustment_get_upper(adjustment) > gtk_adjustment_get_page_size(adjustment) + 1 }
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
        pumpMainLoop { visibleRows(list).first.map { $0.title != "商品1" } ?? false }
        scheduler.advance(by: .milliseconds(750))
        pumpMainLoop { controller.model.items.value.count == 40 }
        // Scroll into page 2: its rows reuse widgets that showed page 1.
        func showsPageTwo() -> Bool { visibleRows(list).contains { (Int($0.title.dropFirst(2)) ?? 0) > 20 } }
        pumpMainLoop { gtk_adjustment_get_upper(adjustment) > 6000 }
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) / 2)
        pumpMainLoop(until: showsPageTwo)
        pumpMainLoop(for: .milliseconds(250))
        let scrolled = visibleRows(list)
        #expect(!scrolled.isEmpty)
        #expect(!scrolled.contains { $0.title == "商品1" }, "the first rows scrolled away and were reused")

        // Clicking a reused row's like button likes its item, and only its item.
        // The last row on screen shows an item past the first page: its widget showed another before.
        let likeButton = try #require(descendants(named: "like", under: list).last)
        let shownTitle = try #require(after0(list).last?.title)
        #expect(Int(shownTitle.dropFirst(2)).map { $0 > 20 } == true, "\(shownTitle)")
        grshim_emit(likeButton, "clicked")
        scheduler.advance(by: .seconds(1))
        let liked = controller.model.items.value.filter { $0.likes.value > 0 }.map(\.title)
        #expect(liked == [shownTitle], "a reused row's click reaches no item it showed before")

        // An item that scrolled away changes: no row on screen may follow it.
        let gone = try #require(controller.model.items.value.first)
        gone.like.apply().start()
        scheduler.advance(by: .seconds(1))
        #expect(gone.likes.value == 1)
        _ = scrolled
        pumpMainLoop(for: .milliseconds(250))  // let any (wrong) update reach the screen
        let after = visibleRows(list)
        #expect(!after.isEmpty && !after.contains { $0.title == "商品1" })
        #expect(after.filter { $0.title != shownTitle }.allSatisfy { $0.like == "♡ 0" },
                "a reused row kept no binding to the item it showed before")
        window.destroy()
    }
}

extension ScreenTests {
    /// Seed pitfall 5 at the row itself: a row bound to B after A answers for B only, and an
    /// unbound row answers for nobody.
    @Test func aRowAnswersOnlyForTheItemBoundNow() throws {
        services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let a = GoodsItemViewModel(goods: try #require(try services.store.goods(id: 1, viewer: nil)), likes: services, publishTime: PublishTime(now: Date()))
        let b = GoodsItemViewModel(goods: try #require(try services.store.goods(id: 2, viewer: nil)), likes: services, publishTime: PublishTime(now: Date()))
        let row = GoodsRowPreview()
        let pictures = PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent"))
        row.bind(a, pictures: pictures)
        row.unbind()
        row.bind(b, pictures: pictures)
        grshim_emit(row.like.pointer, "clicked")
        scheduler.advance(by: .seconds(1))
        #expect(b.likes.value == 1 && a.likes.value == 0)
        #expect(String(cString: gtk_button_get_label(grshim_button(row.like.raw))) == "♥ 1")
        row.unbind()
        grshim_emit(row.like.pointer, "clicked")
        scheduler.advance(by: .seconds(1))
        #expect(b.likes.value == 1, "an unbound row reaches no item")
    }
}

extension ScreenTests {
    /// A bound row keeps its item's like state and an unbound row lets it go, unless a like is
    /// running: then the state lives until the like ends, and a row bound meanwhile shows the
    /// like as running (its button insensitive) and then its result.
    @Test func aRowKeepsTheLikeStateOnlyWhileBoundOrLiking() throws {
        services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        let item = GoodsItemViewModel(goods: try #require(try services.store.goods(id: 3, viewer: nil)), likes: services, publishTime: PublishTime(now: Date()))
        let row = GoodsRowPreview()
        let pictures = PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent"))
        #expect(!item.hasLikeState, "nothing made before a row is bound")
        row.bind(item, pictures: pictures)
        #expect(item.hasLikeState)
        row.unbind()
        #expect(!item.hasLikeState, "released on unbind")

        row.bind(item, pictures: pictures)
        grshim_emit(row.like.pointer, "clicked")
        row.unbind()
        #expect(item.hasLikeState, "the running like keeps it")
        let other = GoodsRowPreview()
        other.bind(item, pictures: pictures)
        #expect(gtk_widget_get_sensitive(other.like.pointer) == 0, "a row bound mid-like sees it running")
        other.unbind()
        scheduler.advance(by: .seconds(1))
        #expect(!item.hasLikeState, "released when the like ended")
        other.bind(item, pictures: pictures)
        #expect(String(cString: gtk_button_get_label(grshim_button(other.like.raw))) == "♥ 1", "made again from the like's result")
        #expect(gtk_widget_get_sensitive(other.like.pointer) != 0)
        other.unbind()
    }
}

extension ScreenTests {
    /// Rebinding a row (as scrolling does, thousands of times) leaves nothing behind: the heap
    /// after 1,000 more binds to items with pictures is what it was after the first round.
    @Test func rebindingARowLeavesNothingBehind() throws {
        let dataSet = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/dataset").standardizedFileURL
        let pictures = PictureLocator(dataSetDirectory: dataSet)
        let items = try (1...20).map { id in
            GoodsItemViewModel(goods: try #require(try services.store.goods(id: id, viewer: nil)), likes: services, publishTime: PublishTime(now: Date()))
        }
        let row = GoodsRowPreview()
        func round() {
            for item in items { row.bind(item, pictures: pictures) }
            row.unbind()
            pumpMainLoop(for: .milliseconds(250))
        }
        round()
        round()
        // The heap is the process's: other suites allocate meanwhile. A leak shows in every
        // measurement, their noise not in all, so the least of three is what the binds left.
        let perBind = (0..<3).map { _ in
            let before = heap_stats_bytes_in_use()
            for _ in 0..<5 { round() }
            return (Int(heap_stats_bytes_in_use()) - Int(before)) / (5 * items.count)
        }.min() ?? 0
        print("rebinding a row: \(perBind) bytes left behind per bind")
        #expect(perBind < 256, "\(perBind) bytes left behind per bind")
    }
}

extension ScreenTests {
    /// The images under `widget` (GtkImage), in tree order.
    func images(under widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            let instance = UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self)
            if let name = g_type_name_from_instance(instance), String(cString: name) == "GtkImage" { found.append(current) }
            found += images(under: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// A row shows its pictures once decoded (off the GTK thread), and lets go of their textures
    /// on unbind, so the shared cache alone decides what stays in memory.
    @Test func anUnboundRowHoldsNoTextures() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-row-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        for name in ["1", "2", "3", "avatar"] {
            let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='200' height='200'><circle cx='100' cy='100' r='90'/></svg>"
            try Data(svg.utf8).write(to: folder.appendingPathComponent("images/\(name).svg"))
        }
        let goods = Goods(id: 1, title: "商品", description: "描述", price: 1, originalPrice: 0, expressType: .free,
                          expressFee: 0, count: 1, place: "杭州", publishedAt: Date(), condition: 1,
                          images: (1...3).map { GoodsImage(id: $0, location: "images/\($0).svg") },
                          seller: Seller(id: 1, nickname: "卖家", avatar: "images/avatar.svg", isVerified: true),
                          messages: 0, likes: 0, isLiked: false, hits: 0)
        let item = GoodsItemViewModel(goods: goods, likes: services, publishTime: PublishTime(now: Date()))
        let row = GoodsRowPreview()
        row.bind(item, pictures: PictureLocator(dataSetDirectory: folder))
        let showing = { self.images(under: row.root.pointer).filter { gtk_image_get_storage_type(OpaquePointer($0)) == GTK_IMAGE_PAINTABLE } }
        pumpMainLoop { showing().count == 4 }
        let shown = showing()
        #expect(shown.count == 4, "three pictures and the avatar, decoded and shown")
        row.unbind()
        #expect(shown.allSatisfy { gtk_image_get_storage_type(OpaquePointer($0)) == GTK_IMAGE_EMPTY })
    }
}

/// The splices a list model announces (`items-changed`: position, removed, added).
final class SpliceLog: Sendable {
    let splices = Mutex<[[Int]]>([])
}

private let recordSplice: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, data in
    guard let data else { return }
    Unmanaged<SpliceLog>.fromOpaque(data).takeUnretainedValue().splices.withLock { $0.append([Int(position), Int(removed), Int(added)]) }
}

extension ScreenTests {
    @Test func appendingAPageSplicesOnlyItsRowsIntoTheListModel() throws {
        let (window, navigator) = makeApp()
        let controller = try showGoodsList(window, navigator)
        scheduler.advance(by: .milliseconds(750))
        #expect(controller.model.items.value.count == 20)
        let model = try #require(gtk_list_view_get_model(OpaquePointer(controller.listWidget.raw)))
        let log = SpliceLog()
        let handler = g_signal_connect_data(UnsafeMutableRawPointer(model), "items-changed", unsafeBitCast(recordSplice, to: GCallback.self),
                                            Unmanaged.passUnretained(log).toOpaque(), nil, GConnectFlags(rawValue: 0))
        controller.model.loadNextPage()
        scheduler.advance(by: .milliseconds(750))
        controller.model.loadNextPage()
        scheduler.advance(by: .milliseconds(750))
        #expect(log.splices.withLock { $0 } == [[20, 0, 20], [40, 0, 5]], "each page adds its rows after the others, nothing else")
        controller.model.refreshAll()
        scheduler.advance(by: .seconds(1))
        #expect(log.splices.withLock { $0 }.last == [0, 45, 20], "a refresh replaces every row")
        g_signal_handler_disconnect(UnsafeMutableRawPointer(model), handler)
        withExtendedLifetime(log) {}
        window.destroy()
    }
}

extension ScreenTests {
    /// The widgets of GType `type` under `widget`.
    func descendants(ofType type: GType, under widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        GtkTestSupport.descendants(of: widget).dropFirst().filter { isInstance($0, of: type) }
    }

    /// The wheel controllers on `widget`.
    func scrollControllers(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutableRawPointer] {
        guard let controllers = gtk_widget_observe_controllers(widget) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        return (0..<g_list_model_get_n_items(controllers)).compactMap { index in
            guard let controller = g_list_model_get_item(controllers, index) else { return nil }
            g_object_unref(controller)
            let isScroll = g_type_check_instance_is_a(controller.assumingMemoryBound(to: GTypeInstance.self),
                                                      gtk_event_controller_scroll_get_type()) != 0
            return isScroll ? controller : nil
        }
    }

    /// Sends a wheel turn of (dx, dy) to a scroll controller as GTK would; true when it took it.
    func scroll(_ controller: UnsafeMutableRawPointer, dx: Double, dy: Double) -> Bool {
        var values = [GValue(), GValue(), GValue()]
        g_value_init(&values[0], gtk_event_controller_scroll_get_type())
        g_value_set_object(&values[0], controller)
        g_value_init(&values[1], GType(15 << 2))  // G_TYPE_DOUBLE
        g_value_set_double(&values[1], dx)
        g_value_init(&values[2], GType(15 << 2))
        g_value_set_double(&values[2], dy)
        var result = GValue()
        g_value_init(&result, GType(5 << 2))  // G_TYPE_BOOLEAN
        g_signal_emitv(values, g_signal_lookup("scroll", gtk_event_controller_scroll_get_type()), 0, &result)
        let handled = g_value_get_boolean(&result) != 0
        for index in values.indices { g_value_unset(&values[index]) }
        return handled
    }

    @Test func aPictureStripLeavesVerticalWheelTurnsToTheList() throws {
        let (window, navigator) = makeApp()
        let controller = try showGoodsList(window, navigator)
        scheduler.advance(by: .milliseconds(750))
        let list = controller.listWidget.pointer
        pumpMainLoop { !visibleRows(list).isEmpty }
        #expect(descendants(ofType: gtk_scrolled_window_get_type(), under: list).isEmpty,
                "rows scroll their pictures without a scrolled window (and its eleven widgets)")
        let strip = try #require(descendants(ofType: grshim_picture_strip_get_type(), under: list).first)
        #expect(gtk_widget_get_focusable(strip) == 0, "Tab goes from row to row, not into a strip")
        let wheel = try #require(scrollControllers(of: strip).first)
        #expect(!scroll(wheel, dx: 0, dy: 1), "a vertical turn over the strip goes on to the list")
        window.destroy()
    }

    /// Six 84-px pictures in a 200-px strip: sideways turns scroll it, within its content.
    @Test func aPictureStripScrollsSidewaysWithinItsPictures() throws {
        let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
        let strip = grshim_picture_strip_new(6)!
        for _ in 0..<6 {
            let image = gtk_image_new()!
            gtk_image_set_pixel_size(OpaquePointer(image), 84)
            gtk_image_set_from_icon_name(OpaquePointer(image), "image-missing")
            grshim_picture_strip_append(OpaquePointer(strip), image)
        }
        gtk_widget_set_size_request(strip, 200, -1)
        gtk_window_set_child(window, strip)
        gtk_window_set_default_size(window, 200, 100)
        gtk_window_present(window)
        pumpMainLoop { gtk_widget_get_width(strip) > 0 }
        let width = Double(gtk_widget_get_width(strip))
        let wheel = try #require(scrollControllers(of: strip).first)
        #expect(scroll(wheel, dx: 1, dy: 0), "a sideways turn scrolls the strip")
        #expect(grshim_picture_strip_get_offset(OpaquePointer(strip)) > 0)
        for _ in 0..<50 { _ = scroll(wheel, dx: 1, dy: 0) }
        let end = 6 * 84 + 5 * 6 - width
        #expect(grshim_picture_strip_get_offset(OpaquePointer(strip)) == end, "it stops at the last picture's edge")
        #expect(scroll(wheel, dx: -100, dy: 0))
        #expect(grshim_picture_strip_get_offset(OpaquePointer(strip)) == 0, "and at the first picture's")
        gtk_window_destroy(window)
    }
}
extension ScreenTests {
    /// What a screen reader meets in a row: the title as its name, the price and seller in its
    /// description, no decoration announced, and the like as a toggle pressed in while liked
    /// (what is saved, whatever a click did to it).
    @Test func aRowReadsAsItsTitleAndItsLikeIsAToggle() throws {
        let item = GoodsItemViewModel(goods: try #require(try services.store.goods(id: 4, viewer: nil)), likes: services, publishTime: PublishTime(now: Date()))
        let row = GoodsRowPreview()
        let pictures = PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/nonexistent"))
        row.bind(item, pictures: pictures)
        func role(_ widget: Widget) -> GtkAccessibleRole { gtk_accessible_get_accessible_role(OpaquePointer(widget.pointer)) }
        #expect(gtk_test_accessible_has_property(OpaquePointer(row.root.pointer), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) != 0)
        #expect(item.accessibleDescription.contains(item.nickname))
        let view = row.view
        #expect(([view.avatar, view.verified] + view.pictures).allSatisfy { role($0) == GTK_ACCESSIBLE_ROLE_PRESENTATION },
                "the avatar, the emblem and the pictures are decoration")
        #expect(!view.like.isActive)

        // Logged out, the like fails: the button the click pressed in comes back out.
        grshim_emit(row.like.pointer, "clicked")
        scheduler.advance(by: .seconds(1))
        #expect(!view.like.isActive && !item.isLiked.value, "a failed like leaves the toggle as the item is")

        services.session.account.value = Account(phone: "13800138000", nickname: "n", avatar: nil)
        grshim_emit(row.like.pointer, "clicked")
        #expect(!view.like.isActive, "while the like runs the toggle says what is saved")
        scheduler.advance(by: .seconds(1))
        #expect(item.isLiked.value && view.like.isActive, "liked: pressed in")
        // GTK 4.8 has no toggle-button role: a GtkToggleButton is a button with the pressed
        // state, which AT-SPI reads as a "toggle button".
        #expect(gtk_test_accessible_has_state(OpaquePointer(view.like.pointer), GTK_ACCESSIBLE_STATE_PRESSED) != 0)
        row.unbind()
    }
}
