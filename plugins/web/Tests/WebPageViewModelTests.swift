import Foundation
import GoodsViewModels
import GtkReactive
import Reactive
import Synchronization
import TestSupport
import Testing
import ViewModelKit

/// A data set folder with one local page (`web/banner-1.html`), and a file outside it.
struct Folder {
    let root: URL
    let dataSet: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("web-plugin-tests-\(UUID().uuidString)")
        dataSet = root.appendingPathComponent("dataset")
        try FileManager.default.createDirectory(at: dataSet.appendingPathComponent("web"), withIntermediateDirectories: true)
        try Data("<title>广告一</title>".utf8).write(to: dataSet.appendingPathComponent("web/banner-1.html"))
        try Data("secret".utf8).write(to: root.appendingPathComponent("outside.html"))
        try FileManager.default.createSymbolicLink(atPath: dataSet.appendingPathComponent("web/escape.html").path,
                                                   withDestinationPath: root.appendingPathComponent("outside.html").path)
    }

    var policy: WebNavigationPolicy { WebNavigationPolicy(localFolder: dataSet) }
    var realDataSet: String { PathConfinement.realPath(dataSet.path) ?? dataSet.path }
}

@MainActor
struct WebPageViewModelTests {
    @Test func aLocalPageLoadsFromInsideTheDataSetAndCannotGoToTheBrowser() throws {
        let folder = try Folder()
        let web = WebPageViewModel(page: WebPage(address: "web/banner-1.html", title: "广告一"), policy: folder.policy)
        #expect(web.initialAddress?.isFileURL == true)
        #expect(web.initialAddress?.path == folder.realDataSet + "/web/banner-1.html")
        #expect(web.refusal.isEmpty)
        #expect(web.title.value == "广告一", "the banner's title until the page names itself")
        #expect(!web.openInBrowser.isEnabled.value, "the desktop is handed http and https only")
        #expect(!web.allowsScripts, "the data set's pages run no scripts")
        #expect(WebPageViewModel(page: WebPage(address: "https://example.org/", title: ""), policy: folder.policy).allowsScripts)
    }

    @Test func theTitleAndProgressFollowTheWebView() throws {
        let web = WebPageViewModel(page: WebPage(address: "https://example.org/a", title: "广告"), policy: try Folder().policy)
        #expect(!web.showsProgress.value)
        web.loadingChanged(true)
        web.progressChanged(0.4)
        #expect(web.showsProgress.value && web.progress.value == 0.4)
        web.pageTitleChanged("")
        #expect(web.title.value == "广告", "an empty <title> keeps the one shown")
        web.pageTitleChanged("Example")
        web.progressChanged(1.5)
        web.loadingChanged(false)
        #expect(web.title.value == "Example" && web.progress.value == 1 && !web.showsProgress.value)
    }

    @Test func openInBrowserHandsOverTheWebPageShown() throws {
        let web = WebPageViewModel(page: WebPage(address: "https://example.org/a", title: "广告"), policy: try Folder().policy)
        let links = Log<URL>()
        web.browserLinks.observeValues { links.append($0) }
        #expect(web.openInBrowser.isEnabled.value)
        web.addressChanged("https://example.org/b")
        web.openInBrowser.apply().start()
        #expect(links.values.map(\.absoluteString) == ["https://example.org/b"])
        web.addressChanged("file:///x")
        #expect(!web.openInBrowser.isEnabled.value)
    }

    @Test func closeGoesBack() throws {
        let web = WebPageViewModel(page: WebPage(address: "https://example.org/", title: ""), policy: try Folder().policy)
        #expect(web.title.value == WebPageViewModel.defaultTitle)
        let requests = Log<String>()
        web.navigation.observeValues { if case .pop = $0 { requests.append("pop") } else { requests.append("other") } }
        web.close.apply().start()
        #expect(requests.values == ["pop"])
    }

    @Test func refusedAddressesSayWhyAndLoadNothing() throws {
        let folder = try Folder()
        for address in ["../outside.html", "/etc/passwd", "file:///etc/passwd", "web/escape.html", "javascript:alert(1)",
                        "data:text/html,<b>x</b>", "ftp://example.org/a", "web/missing.html", "app:settings"] {
            let web = WebPageViewModel(page: WebPage(address: address, title: "广告"), policy: folder.policy)
            #expect(web.initialAddress == nil, "\(address) must not load")
            #expect(web.refusal.contains(address.prefix(20)), "\(address): \(web.refusal)")
        }
    }

    @Test func navigationsAreDecidedByThePolicy() throws {
        let folder = try Folder()
        let web = WebPageViewModel(page: WebPage(address: "web/banner-1.html", title: "广告"), policy: folder.policy)
        let errors = Log<String>(), links = Log<URL>()
        web.errors.observeValues { errors.append($0) }
        web.browserLinks.observeValues { links.append($0) }
        let inside = URL(fileURLWithPath: folder.realDataSet + "/web/banner-1.html").absoluteString
        #expect(web.allowsNavigation(to: inside, newWindow: false))
        #expect(web.allowsNavigation(to: inside + "#top", newWindow: false))
        #expect(web.allowsNavigation(to: "https://example.org/", newWindow: false))
        #expect(errors.values.isEmpty && links.values.isEmpty)
        #expect(!web.allowsNavigation(to: "https://example.org/new", newWindow: true))
        #expect(links.values.map(\.absoluteString) == ["https://example.org/new"], "a new window's web page goes to the browser")
        #expect(!web.allowsNavigation(to: inside, newWindow: true), "a local page never opens a window")
        #expect(!web.allowsNavigation(to: folder.root.appendingPathComponent("outside.html").absoluteString, newWindow: false))
        #expect(!web.allowsNavigation(to: "mailto:a@example.org", newWindow: false))
        #expect(errors.values.count == 3, "each refusal says so: \(errors.values)")
        web.loadFailed(message: "Frame load interrupted", isInterruption: true)
        #expect(errors.values.count == 3, "a refusal's interruption is not a second message")
        web.loadFailed(message: "Could not resolve host", isInterruption: false)
        #expect(errors.values.last?.contains("Could not resolve host") == true)
    }
}
