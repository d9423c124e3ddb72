import CGtk
import GtkReactive
import GtkShim
import PluginKit
import Reactive

/// The goods list screen's widgets: carousel, section title, the virtualised list and footer.
/// Rows come from a list-item factory: `setup` builds a row ViewManager once, `bind`/`unbind`
/// attach and detach a row view model, `teardown` releases the row.
@MainActor
final class GoodsListViewManager {
    let page: Widget
    let list: Widget
    let footer: Widget
    let bannerButton: Widget
    private let widgets: UnsafeMutablePointer<GoodsListWidgets>
    private let model: OpaquePointer
    private let factory: OpaquePointer
    private var rows: [UnsafeMutableRawPointer: GoodsRowViewManager] = [:]
    private var bannerGeneration = 0
    private let token = Lifetime.make().token
    var lifetime: Lifetime { token.lifetime }

    /// Hands a row ViewManager the row view model at a position.
    var bindRow: (GoodsRowViewManager, Int) -> Void = { _, _ in }

    init() {
        model = gtk_string_list_new(nil)
        factory = gtk_signal_list_item_factory_new()
        widgets = .allocate(capacity: 1)
        // The list view takes its own references to the model and factory.
        widgets.initialize(to: goods_list_page_new(model, factory))
        let built = widgets.pointee
        page = Widget(built.root)
        list = Widget(built.list)
        footer = Widget(built.footer)
        bannerButton = Widget(built.banner_button)
        connectFactory()
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(model))
        g_object_unref(UnsafeMutableRawPointer(factory))
        widgets.deinitialize(count: 1)
        widgets.deallocate()
    }

    private func connectFactory() {
        let raw = UnsafeMutableRawPointer(factory)
        lifetime += SignalConnection(raw, signal: "setup", receiving: { [weak self] item in
            guard let self, let item else { return }
            let row = GoodsRowViewManager()
            rows[item] = row
            gtk_list_item_set_child(OpaquePointer(item), row.root.pointer)
        })
        lifetime += SignalConnection(raw, signal: "bind", receiving: { [weak self] item in
            guard let self, let item, let row = rows[item] else { return }
            bindRow(row, Int(gtk_list_item_get_position(OpaquePointer(item))))
        })
        lifetime += SignalConnection(raw, signal: "unbind", receiving: { [weak self] item in
            guard let self, let item else { return }
            rows[item]?.unbind()
        })
        lifetime += SignalConnection(raw, signal: "teardown", receiving: { [weak self] item in
            guard let self, let item else { return }
            rows.removeValue(forKey: item)?.unbind()
        })
    }

    /// Shows rows for `ids` instead of those shown.
    func replaceRows(ids: [Int]) {
        splice(at: 0, removing: shownCount, ids)
    }

    /// Adds rows for `ids` after those shown; the rows before them are left alone.
    func appendRows(ids: [Int]) {
        guard !ids.isEmpty else { return }
        splice(at: shownCount, removing: 0, ids)
    }

    /// The number of rows in the list model.
    private(set) var shownCount = 0

    private func splice(at position: Int, removing removals: Int, _ ids: [Int]) {
        ids.map(Int32.init).withUnsafeBufferPointer {
            goods_string_list_splice(model, guint(position), guint(removals), $0.baseAddress, guint(ids.count))
        }
        shownCount += ids.count - removals
    }

    /// The list came within a screen of its end, by scrolling or because its content changed
    /// (a page too short to fill the view): time to load the next page. Scrolling sends it once on
    /// entering that zone; a content change sends it whenever the view is still inside. Waiting
    /// for the exact bottom edge missed loads: moving to the last row by keyboard can stop a few
    /// pixels short of it, and then nothing ever sends again.
    ///
    /// The adjustment changes inside GTK's size allocation, so the check runs just after it, on
    /// the main loop: what the load changes (the footer's text) must not resize widgets while
    /// GTK is allocating them.
    var reachedEnd: Signal<Void, Never> {
        let (signal, input) = Signal<Void, Never>.pipe()
        guard let scroller = widgets.pointee.scroller,
              let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)) else { return signal }
        let zone = NearEndZone()
        let handle = UnsafeMutableRawPointer(adjustment)
        let evaluate: @MainActor () -> Void = { [weak self] in
            let contentChanged = zone.contentChanged
            zone.isPending = false
            zone.contentChanged = false
            guard let self, !self.lifetime.hasEnded else { return }
            let adjustment = handle.assumingMemoryBound(to: GtkAdjustment.self)
            let remaining = gtk_adjustment_get_upper(adjustment)
                - (gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment))
            let inside = self.shownCount > 0 && remaining <= gtk_adjustment_get_page_size(adjustment)
            if inside && (contentChanged || !zone.isInside) { input.send(value: ()) }
            zone.isInside = inside
        }
        func check(contentChanged: Bool) -> @MainActor () -> Void {
            {
                zone.contentChanged = zone.contentChanged || contentChanged
                guard !zone.isPending else { return }
                zone.isPending = true
                MainLoopScheduler.shared.schedule { MainActor.assumeIsolated { evaluate() } }
            }
        }
        lifetime += SignalConnection(handle, signal: "value-changed", check(contentChanged: false))
        lifetime += SignalConnection(handle, signal: "changed", check(contentChanged: true))
        return signal
    }

    /// A row was activated (clicked or Enter); sends its position.
    var rowActivated: Signal<Int, Never> {
        let (signal, input) = Signal<Int, Never>.pipe()
        lifetime += SignalConnection(list.raw, signal: "activate", receiving: { position in
            input.send(value: Int(bitPattern: position) & 0xFFFF_FFFF)
        })
        return signal
    }

    /// Replaces the carousel's banners with these picture paths. The pages appear at once; each
    /// picture is decoded off the GTK thread (through the shared texture cache) and shows when
    /// ready, unless newer banners replaced these meanwhile.
    func setBanners(_ paths: [String?]) {
        goods_carousel_set_pages(widgets, guint(paths.count))
        bannerGeneration += 1
        let generation = bannerGeneration
        // At the width shown: GTK 4.8's cairo renderer copies a picture's whole texture on
        // every frame that draws it.
        let width = Int(goods_carousel_picture_width(widgets.pointee.carousel))
        for (index, path) in paths.enumerated() {
            guard let path else { continue }
            TextureCache.shared.texture(for: .init(path: path, width: width, height: 0)) { [weak self] texture in
                guard let self, let texture, generation == self.bannerGeneration else { return }
                goods_carousel_set_page_texture(self.widgets, guint(index), texture.pointer)
            }
        }
    }

    func showBanner(_ index: Int) { goods_carousel_show(widgets, guint(max(0, index))) }

    /// The dot button at `index`.
    func dot(_ index: Int) -> Widget? { goods_carousel_dot(widgets, guint(index)).map { Widget($0) } }
}

/// Whether the list's view is within a screen of its end (`reachedEnd`'s memory).
@MainActor
private final class NearEndZone {
    var isInside = false
    /// A check is scheduled; more changes before it runs join it.
    var isPending = false
    /// One of the changes the scheduled check covers was of the content.
    var contentChanged = false
}
