import GtkReactive
import Reactive
import ViewModelKit

/// The goods list screen's widgets, from `goods-list.ui`: the banners (an AdwCarousel inside the
/// 广告 button, its indicator dots and the 第N个广告 buttons of `carousel-dot.ui` over them), the
/// 推荐商品 section, the list (clamped to a readable width) or a status page in its place, and
/// the footer. It owns widgets, offers targets into them and signals out of them; it knows no
/// view model. The list's rows are bound by the controller (`list.reactive.items`).
@MainActor
public final class GoodsListViewManager: ScreenView {
    /// The width the banners are decoded at, at least (the window's default width): GTK 4.8's
    /// cairo renderer copies a picture's whole texture on every frame that draws it, so they
    /// are decoded at the width shown rather than their own.
    static let minimumBannerWidth = 420
    /// The seeds' banner size: the pages keep its aspect before their pictures arrive.
    static let bannerAspect = (width: 375, height: 238)

    let layout: GoodsListLayout
    public let page: Box
    /// The banners' area (hidden while there are none).
    let bannerArea: Clamp
    /// The carousel as a whole (`广告`): a click opens the banner shown.
    let banner: Button
    let carousel: Carousel
    /// The 第N个广告 buttons, one per page.
    let dots: Box
    let section: Label
    /// The 推荐商品 header's area (hidden while the list is empty).
    let sectionArea: Clamp
    /// In the list's place while the first page loads, with a spinner.
    let loadingStatus: StatusPage
    let loadingSpinner: Spinner
    /// In the list's place when there are no goods.
    let emptyStatus: StatusPage
    /// In the list's place when the first page failed, with `retry`.
    let errorStatus: StatusPage
    /// 重试 on the error status page.
    let retry: Button
    /// The rows and 回到顶部 over them: in place of the status pages.
    let listArea: Widget
    let scroller: ScrolledWindow
    let list: ListView
    /// 回到顶部 over the rows' bottom-right corner: shown once they are scrolled down by more
    /// than a screen (the demo's rule); it scrolls them back to the first row.
    let scrollTop: Button
    /// 正在加载更多的数据... or 已经到底了 under the rows (see `footerContent`).
    let footer: Label
    /// 点击或上拉加载更多 under the rows, a flat button (see `footerContent`).
    let footerMore: Button
    /// 重试 under the rows, when a later page failed.
    let footerRetry: Button

    private var footerState = (content: (text: "", isButton: false), isShown: false)
    private var pages: [Picture] = []
    private var dotButtons: [Button] = []
    /// The dots' layouts, held while the dots show.
    private var dotLayouts: [CarouselDotLayout] = []
    private var dotNames: [String] = []
    private var pageTitles: [String] = []
    /// The banner the view model shows: the carousel is moved there, and a move the carousel
    /// reports to it is its own echo, not the user's.
    private var shownIndex = 0
    /// Set while this view moves the carousel itself: what the carousel reports meanwhile is
    /// not the user's.
    private var isScrolling = false
    /// Counts the banner sets, so a picture decoded for an older set is dropped.
    private var bannerGeneration = 0
    private let (dotClickSignal, dotClickInput) = Signal<Int, Never>.pipe()
    private let (swipeSignal, swipeInput) = Signal<Int, Never>.pipe()

    /// Ends when the view manager is released.
    public var lifetime: Lifetime { layout.lifetime }

    public init() {
        let layout = GoodsListLayout()
        self.layout = layout
        page = layout.page
        bannerArea = layout.bannerClamp
        banner = layout.banner
        carousel = layout.carousel
        dots = layout.dots
        section = layout.section
        sectionArea = layout.sectionClamp
        loadingStatus = layout.loadingStatus
        loadingSpinner = layout.loadingSpinner
        emptyStatus = layout.emptyStatus
        errorStatus = layout.errorStatus
        retry = layout.retry
        listArea = layout.listArea
        scroller = layout.scroller
        list = layout.list
        scrollTop = layout.scrollTop
        footer = layout.footer
        footerMore = layout.footerMore
        footerRetry = layout.footerRetry

        scrollTop.reactive.isVisible <~ scroller.reactive.isScrolledPast(pages: 1).take(during: layout.lifetime)
        scrollTop.reactive.clicked.observe(with: self) { $0.scrollToTop() }
        carousel.reactive.pageChanged.observe(with: self) { view, index in
            guard !view.isScrolling, index != view.shownIndex else { return }
            view.swipeInput.send(value: index)
        }
    }

    isolated deinit {
        dotClickInput.sendCompleted()
        swipeInput.sendCompleted()
    }

    /// The position of each dot clicked.
    var dotClicks: Signal<Int, Never> { dotClickSignal }

    /// The page the user swiped, dragged or scrolled the carousel to (never a move this view
    /// made itself: no echo of `shownBanner`).
    var swipes: Signal<Int, Never> { swipeSignal }

    /// The footer: its text in the label, or on the flat button when it is one (点击或上拉加载更多);
    /// only one of them shows, and neither while `footerIsShown` is false.
    var footerContent: BindingTarget<(text: String, isButton: Bool)> {
        BindingTarget(with: self) { view, content in
            view.footerState.content = content
            view.showFooter()
        }
    }

    /// Whether the footer shows at all (under the rows, and under the first page's spinner).
    var footerIsShown: BindingTarget<Bool> {
        BindingTarget(with: self) { view, isShown in
            view.footerState.isShown = isShown
            view.showFooter()
        }
    }

    private func showFooter() {
        let (content, isShown) = footerState
        if content.isButton { footerMore.label = content.text } else { footer.text = content.text }
        footerMore.isVisible = isShown && content.isButton
        footer.isVisible = isShown && !content.isButton
    }

    /// Scrolls the rows back to the first (回到顶部). The keyboard focus, if it was on the
    /// button (which hides at the top), goes to the list, so it is not lost.
    func scrollToTop() {
        let hadFocus = scrollTop.containsFocus
        list.scrollToItem(at: 0)
        scroller.verticalOffset = 0
        if hadFocus { _ = list.grabFocus() }
    }

    /// The banners' pictures (file paths; nil shows nothing): a page and a dot each, in place
    /// of those shown. The pages appear at once (at the banners' aspect); each picture is
    /// decoded off the GTK thread, through the shared texture cache, and shows when ready
    /// unless newer banners came.
    var bannerPictures: BindingTarget<[String?]> {
        BindingTarget(with: self) { $0.setBanners($1) }
    }

    /// The dots' accessible names, by position.
    var bannerNames: BindingTarget<[String]> {
        BindingTarget(with: self) { view, names in
            view.dotNames = names
            view.nameDots()
        }
    }

    /// The banners' titles, by position: each page's accessible name.
    var bannerTitles: BindingTarget<[String]> {
        BindingTarget(with: self) { view, titles in
            view.pageTitles = titles
            view.namePages()
        }
    }

    /// The banner shown: the carousel moves to it, its dot is marked `.current` and selected.
    var shownBanner: BindingTarget<Int> {
        BindingTarget(with: self) { $0.showBanner($1) }
    }

    private func setBanners(_ paths: [String?]) {
        isScrolling = true
        for picture in pages { carousel.remove(picture) }
        isScrolling = false
        dots.removeAll()
        dotLayouts = []
        bannerGeneration += 1
        let generation = bannerGeneration
        let width = max(min(banner.allocatedWidth, 378), Self.minimumBannerWidth) * banner.scaleFactor
        pages = paths.indices.map { _ in
            let picture = Picture(contentFit: .contain, canShrink: true)
            picture.showEmpty(width: Self.bannerAspect.width, height: Self.bannerAspect.height)
            picture.expandsHorizontally = true
            isScrolling = true
            carousel.append(picture)
            isScrolling = false
            return picture
        }
        dotButtons = paths.indices.map { index in
            let layout = CarouselDotLayout()
            dotLayouts.append(layout)
            let dot = layout.dot
            dots.append(dot)
            let input = dotClickInput
            dot.reactive.clicked.startWithValues { input.send(value: index) }
            return dot
        }
        nameDots()
        namePages()
        for (index, path) in paths.enumerated() {
            guard let path else { continue }
            TextureCache.shared.texture(for: .init(path: path, width: width, height: 0)) { [weak self] texture in
                guard let self, let texture, generation == bannerGeneration, pages.indices.contains(index) else { return }
                pages[index].show(texture)
            }
        }
        showBanner(shownIndex, animated: false)
    }

    private func nameDots() {
        for (dot, name) in zip(dotButtons, dotNames) { dot.setAccessibleLabel(name) }
    }

    private func namePages() {
        for (page, title) in zip(pages, pageTitles) { page.setAccessibleLabel(title) }
    }

    private func showBanner(_ index: Int, animated: Bool = true) {
        shownIndex = max(0, index)
        if carousel.currentPage != shownIndex || !animated {
            isScrolling = true
            carousel.scroll(toPage: shownIndex, animated: animated && carousel.isMapped)
            isScrolling = false
        }
        for (position, dot) in dotButtons.enumerated() {
            let isCurrent = position == shownIndex
            if isCurrent { dot.addCSSClass("current") } else { dot.removeCSSClass("current") }
            dot.setAccessibleSelected(isCurrent)
        }
    }
}
