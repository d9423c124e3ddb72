import GtkReactive
import Reactive

/// The goods list screen's widgets, from `goods-list.ui`: the banner carousel and its dots
/// (`carousel-dot.ui`), the 推荐商品 section, the list and its footer. It owns widgets, offers
/// targets into them and signals out of them; it knows no view model. The list's rows are
/// bound by the controller (`list.reactive.items`).
@MainActor
final class GoodsListViewManager {
    /// The width the banners are decoded at, at least (the window's default width): GTK 4.8's
    /// cairo renderer copies a picture's whole texture on every frame that draws it, so they
    /// are decoded at the width shown rather than their own.
    static let minimumBannerWidth = 420

    let layout: UILayout
    let page: Box
    /// The carousel as a whole: a click opens the banner shown.
    let banner: Button
    let carousel: Stack
    let dots: Box
    let section: Label
    let scroller: ScrolledWindow
    let list: ListView
    let footer: Label

    private var pictures: [Picture] = []
    private var dotButtons: [Button] = []
    /// The dots' layouts, held while the dots show.
    private var dotLayouts: [UILayout] = []
    private var dotNames: [String] = []
    private var shownIndex = 0
    /// Counts the banner sets, so a picture decoded for an older set is dropped.
    private var bannerGeneration = 0
    private let (dotClickSignal, dotClickInput) = Signal<Int, Never>.pipe()

    /// Ends when the view manager is released.
    var lifetime: Lifetime { layout.lifetime }

    init() {
        let layout = UILayout.loading("goods-list.ui", in: .goodsUI)
        self.layout = layout
        page = layout[Box.self, "page"]
        banner = layout[Button.self, "banner"]
        carousel = layout[Stack.self, "carousel"]
        dots = layout[Box.self, "dots"]
        section = layout[Label.self, "section"]
        scroller = layout[ScrolledWindow.self, "scroller"]
        list = layout[ListView.self, "list"]
        footer = layout[Label.self, "footer"]
    }

    isolated deinit { dotClickInput.sendCompleted() }

    /// The position of each dot clicked.
    var dotClicks: Signal<Int, Never> { dotClickSignal }

    /// The banners' pictures (file paths; nil shows nothing): a page and a dot each, in place
    /// of those shown. The pages appear at once; each picture is decoded off the GTK thread,
    /// through the shared texture cache, and shows when ready unless newer banners came.
    var bannerPictures: BindingTarget<[String?]> {
        BindingTarget(mainActorLifetime: lifetime) { [weak self] in self?.setBanners($0) }
    }

    /// The dots' accessible names, by position.
    var bannerNames: BindingTarget<[String]> {
        BindingTarget(mainActorLifetime: lifetime) { [weak self] names in
            guard let self else { return }
            dotNames = names
            nameDots()
        }
    }

    /// The banner shown (its dot is marked `.current`).
    var shownBanner: BindingTarget<Int> {
        BindingTarget(mainActorLifetime: lifetime) { [weak self] index in self?.showBanner(index) }
    }

    private func setBanners(_ paths: [String?]) {
        for picture in pictures { carousel.remove(picture) }
        dots.removeAll()
        dotLayouts = []
        bannerGeneration += 1
        let generation = bannerGeneration
        let width = max(carousel.allocatedWidth, Self.minimumBannerWidth) * carousel.scaleFactor
        pictures = paths.indices.map { index in
            let picture = Picture(contentFit: .cover, canShrink: true)
            carousel.add(picture, named: "banner-\(index)")
            return picture
        }
        dotButtons = paths.indices.map { index in
            let layout = UILayout.loading("carousel-dot.ui", in: .goodsUI)
            dotLayouts.append(layout)
            let dot = layout[Button.self, "dot"]
            dots.append(dot)
            let input = dotClickInput
            dot.reactive.clicked.startWithValues { input.send(value: index) }
            return dot
        }
        nameDots()
        for (index, path) in paths.enumerated() {
            guard let path else { continue }
            TextureCache.shared.texture(for: .init(path: path, width: width, height: 0)) { [weak self] texture in
                guard let self, let texture, generation == bannerGeneration, pictures.indices.contains(index) else { return }
                pictures[index].show(texture)
            }
        }
        showBanner(shownIndex)
    }

    private func nameDots() {
        for (dot, name) in zip(dotButtons, dotNames) { dot.setAccessibleLabel(name) }
    }

    private func showBanner(_ index: Int) {
        shownIndex = max(0, index)
        carousel.visibleIndex = shownIndex
        for (position, dot) in dotButtons.enumerated() {
            if position == shownIndex { dot.addCSSClass("current") } else { dot.removeCSSClass("current") }
        }
    }
}
