import CGtk
import GoodsViewModels
import GtkReactive
import GtkShim
import PluginKit
import Reactive
import ViewModelKit
import Localization

/// Binds the goods list's ViewManagers to the GoodsViewModel (the seeds' home controller).
@MainActor
public final class GoodsListController: Controller {
    public let viewModel: ViewModel
    public let goods: GoodsViewModel
    let view: GoodsListViewManager

    /// The list widget (a `GtkListView`), for keyboard focus and for tests.
    public var listWidget: Widget { view.list }
    public var page: Widget { view.page }
    public let headerButtons: HeaderButtons = [.refresh, .logout]
    /// The rows the list model shows, by position.
    private var items = ItemList<GoodsItemViewModel>()
    private let dotClicks = SerialDisposable()

    /// The footer's text for a footer state (the seeds' strings).
    nonisolated static func footerText(_ state: FooterState) -> String {
        switch state {
        case .loading: return tr("加载更多...")
        case .noMore: return tr("没有更多了")
        case .idle, .loadMore: return ""
        }
    }

    public init(viewModel: GoodsViewModel, context: ScreenContext) {
        let window = context.chrome
        let pictures = context.pictures
        goods = viewModel
        self.viewModel = viewModel
        view = GoodsListViewManager()
        let lifetime = view.lifetime
        lifetime += dotClicks

        view.bindRow = { [weak self] row, position in
            guard let self, items.indices.contains(position) else { return }
            row.bind(items[position], pictures: pictures)
        }
        viewModel.itemChanges.take(during: lifetime).startWithValues { [weak self] change in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.items = change.items
                // The new rows' picture paths, checked against the data set's folder off the GTK thread.
                pictures.resolveAhead(change.items[change.added].flatMap { [$0.avatar].compactMap { $0 } + $0.images })
                let ids = change.items[change.added].map(\.id)
                if change.isReplacement { self.view.replaceRows(ids: ids) } else { self.view.appendRows(ids: ids) }
            }
        }
        view.footer.labelText(during: lifetime) <~ viewModel.footer.map(Self.footerText)
        view.reachedEnd.take(during: lifetime)
            .observeValues { [weak viewModel] in MainActor.assumeIsolated { viewModel?.loadNextPage() } }
        view.rowActivated.take(during: lifetime).observeValues { [weak self] position in
            MainActor.assumeIsolated {
                guard let self, self.items.indices.contains(position) else { return }
                self.goods.select(self.items[position])
            }
        }

        viewModel.banners.producer.take(during: lifetime).startWithValues { [weak self] banners in
            MainActor.assumeIsolated { self?.showBanners(banners.map { pictures.path(for: $0.image) }) }
        }
        viewModel.bannerIndex.producer.take(during: lifetime)
            .startWithValues { [weak self] index in MainActor.assumeIsolated { self?.view.showBanner(index) } }
        view.bannerButton.events("clicked", during: lifetime).observeValues { [weak viewModel, weak window] in
            MainActor.assumeIsolated {
                guard let link = viewModel?.currentBannerLink else { return }
                window?.open(uri: link)
            }
        }

        window.refreshButton.events("clicked", during: lifetime)
            .observeValues { [weak viewModel] in MainActor.assumeIsolated { viewModel?.refreshAll() } }
        window.logoutItem.events("clicked", during: lifetime).observeValues { [weak viewModel, weak window] in
            MainActor.assumeIsolated {
                window?.closeMenu()
                viewModel?.logout()
            }
        }
        Signal.merge(viewModel.notices, viewModel.errors).take(during: lifetime)
            .observeValues { [weak window] message in MainActor.assumeIsolated { window?.showToast(message) } }
    }

    private func showBanners(_ paths: [String?]) {
        view.setBanners(paths)
        let lifetime = Lifetime.make()
        for index in paths.indices {
            view.dot(index)?.events("clicked", during: lifetime.lifetime)
                .observeValues { [weak goods] in MainActor.assumeIsolated { goods?.showBanner(at: index) } }
        }
        dotClicks.inner = lifetime.token
        view.showBanner(goods.bannerIndex.value)
    }

    public func didShow() {
        if items.isEmpty { goods.refreshAll() }
        gtk_widget_grab_focus(view.list.pointer)
    }
}
