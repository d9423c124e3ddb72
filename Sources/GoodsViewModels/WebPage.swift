/// A web page to show in the app (`GoodsRoutes.web`): the address as the data gives it — a web
/// address, or a page of the data set (a path relative to its folder) — and a title to show
/// until the page names itself. The screen that shows it decides what it may load.
public struct WebPage: Sendable, Equatable, Hashable {
    /// A web address (`https://…`) or a path relative to the data set (`web/banner-1.html`).
    public var address: String
    /// The title to show before the page's own `<title>` arrives (a banner's title).
    public var title: String

    public init(address: String, title: String) {
        self.address = address
        self.title = title
    }

    /// Whether the address is an `http`/`https` address (what the desktop's browser may be
    /// given), rather than a page of the data set. Spelling only: the screen and the window
    /// still check it before loading or handing it over.
    public var isWebAddress: Bool {
        guard let colon = address.firstIndex(of: ":") else { return false }
        let scheme = address[..<colon].lowercased()
        return (scheme == "http" || scheme == "https") && address[colon...].hasPrefix("://")
    }

    /// Whether the address names a page of the data set: a relative path, no scheme.
    public var isLocalPage: Bool {
        guard !address.isEmpty, !address.hasPrefix("/") else { return false }
        guard let colon = address.firstIndex(of: ":") else { return true }
        // A colon after the first slash is part of a path (`web/a:b.html`), not a scheme.
        if let slash = address.firstIndex(of: "/"), slash < colon { return true }
        return false
    }
}
