import CGtk

/// An `AdwCarouselIndicatorDots`: a dot per page of a carousel, the current one larger,
/// following the carousel's position as it moves. Drawn only: it takes no clicks and is not
/// announced, so pages are reached by other controls too.
open class CarouselIndicatorDots: Widget {
    override open class var gtkType: GType { adw_carousel_indicator_dots_get_type() }

    /// New dots for `carousel` (none when nil).
    public convenience init(carousel: Carousel? = nil) {
        self.init(adw_carousel_indicator_dots_new())
        self.carousel = carousel
    }

    /// The carousel it follows.
    public var carousel: Carousel? {
        get { adw_carousel_indicator_dots_get_carousel(pointer.opaque).map { Carousel(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self)) } }
        set { adw_carousel_indicator_dots_set_carousel(pointer.opaque, newValue.map { $0.pointer.opaque }) }
    }
}
