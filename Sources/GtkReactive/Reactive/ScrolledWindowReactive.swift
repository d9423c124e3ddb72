import Reactive

extension ReactiveWidget where Base: ScrolledWindow {
    /// Whether the view is scrolled down by more than `pages` screens: the current state
    /// first, then each change (a scroll-to-top button shows on it).
    public func isScrolledPast(pages: Double = 1) -> SignalProducer<Bool, Never> {
        ListEvents.scrolledPast(of: base.pointer, pages: pages)
    }
}
