import CGtk
import Reactive

/// An `AdwCarousel`: pages side by side, one in view, moved between by swiping, dragging or
/// the scroll wheel (and by `scroll(toPage:)`); `reactive.pageChanged` says where a move ended.
open class Carousel: Widget {
    override open class var gtkType: GType { adw_carousel_get_type() }

    /// A new, empty carousel.
    public convenience init() { self.init(adw_carousel_new()) }

    /// Adds `page` at the end.
    public func append(_ page: Widget) { adw_carousel_append(pointer.opaque, page.pointer) }

    /// Removes `page` (one of its pages).
    public func remove(_ page: Widget) { adw_carousel_remove(pointer.opaque, page.pointer) }

    /// How many pages it has.
    public var pageCount: Int { Int(adw_carousel_get_n_pages(pointer.opaque)) }

    /// The page nearest to the current position (0 when empty); while it moves, the one it
    /// passes.
    public var currentPage: Int {
        let position = adw_carousel_get_position(pointer.opaque)
        return max(0, min(pageCount - 1, Int(position.rounded())))
    }

    /// Moves to the page at `index` (an index out of range is ignored), animated or at once.
    public func scroll(toPage index: Int, animated: Bool = true) {
        guard index >= 0, index < pageCount, let page = adw_carousel_get_nth_page(pointer.opaque, UInt32(index)) else { return }
        adw_carousel_scroll_to(pointer.opaque, page, animated ? 1 : 0)
    }

    /// Whether the user can swipe, drag or scroll it.
    public var isInteractive: Bool {
        get { adw_carousel_get_interactive(pointer.opaque) != 0 }
        set { adw_carousel_set_interactive(pointer.opaque, newValue ? 1 : 0) }
    }
}

extension ReactiveWidget where Base: Carousel {
    /// The page a move ended on (`page-changed`): after a swipe, a drag, a wheel turn or a
    /// `scroll(toPage:)`. A page set by code is reported too; whoever set it skips its own echo.
    public var pageChanged: SignalProducer<Int, Never> {
        producer { widget, _, send in
            [SignalConnection(UnsafeMutableRawPointer(widget), signal: "page-changed", receivingUInt: { send(Int($0)) })]
        }
    }
}
