import Foundation

/// Which pages an in-app web view may show, for links that come from untrusted data (a data
/// set's banners): `http`/`https` pages (`WebAddressPolicy`'s web addresses), and the data set's
/// own local pages — files confined to its folder (`PathConfinement`: after `..` and symbolic
/// links). Everything else (`file:` outside the folder, `data:`, `javascript:`, `about:`, custom
/// schemes) is refused. A request for a new window never opens one: a web address goes to the
/// desktop's browser, anything else is refused. Pure: tested without a display.
public struct WebNavigationPolicy: Sendable, Equatable {
    /// What to do with a navigation.
    public enum Decision: Sendable, Equatable {
        /// Show it in the view (the URL to load).
        case load(URL)
        /// Hand it to the desktop's browser (a web address asked for in a new window).
        case openInBrowser(URL)
        /// Show nothing of it: not a web address nor a page inside the folder.
        case refuse
    }

    /// The folder local pages must be inside, resolved (`realpath`); nil: no local pages (also
    /// when the folder does not exist).
    public let folderRealPath: String?

    /// Local pages confined to `folder` (nil: web pages only).
    public init(localFolder folder: URL?) {
        folderRealPath = folder.flatMap { PathConfinement.realPath($0.path) }
    }

    /// The page to open for `link` as the data gives it: a web address, a path relative to the
    /// folder, or a `file:` URL inside it; nil when it is refused or the file is missing.
    public func initialPage(for link: String) -> URL? {
        if case let .load(url) = decide(link, newWindow: false) { return url }
        return nil
    }

    /// The decision for a navigation to `address` (what the web view asks about: an absolute
    /// URL, or a relative path from the data), in the view or (`newWindow`) in a new window.
    public func decide(_ address: String, newWindow: Bool) -> Decision {
        if let web = WebAddressPolicy.openableLink(address) { return newWindow ? .openInBrowser(web) : .load(web) }
        guard !newWindow, let local = localPage(address) else { return .refuse }
        return .load(local)
    }

    /// Whether `address` is one of the folder's local pages (a `file:` URL or a relative path).
    public func isLocalPage(_ address: String) -> Bool { localPage(address) != nil }

    /// The `file:` URL of the page `address` names inside the folder, or nil.
    func localPage(_ address: String) -> URL? {
        guard let folder = folderRealPath, !address.isEmpty else { return nil }
        let relative: String
        var suffix = ""
        if let url = URL(string: address), let scheme = url.scheme {
            // An absolute file: URL (with no host, or localhost) whose path is inside the folder.
            guard scheme.lowercased() == "file", url.host == nil || url.host == "" || url.host == "localhost" else { return nil }
            let path = url.path
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            guard path.hasPrefix(prefix) else { return nil }
            relative = String(path.dropFirst(prefix.count))
            if let fragment = url.fragment { suffix = "#" + fragment }
        } else {
            // A path relative to the folder, as a data set writes it; a fragment may follow.
            guard !hasScheme(address) else { return nil }
            let parts = address.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            relative = parts.first.map { String($0).removingPercentEncoding ?? String($0) } ?? ""
            if parts.count == 2 { suffix = "#" + parts[1] }
        }
        guard case let .inside(real) = PathConfinement.resolve(relative, inFolder: folder) else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
        return URL(string: URL(fileURLWithPath: real).absoluteString + suffix) ?? URL(fileURLWithPath: real)
    }

    /// Whether `text` starts with a URL scheme (`mailto:`, `javascript:`…): RFC 3986's letter,
    /// then letters, digits, `+`, `-`, `.`, then a colon.
    private func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon].unicodeScalars
        guard let first = scheme.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }
}
