import Dispatch
import Foundation
import GtkReactive
import PluginKit
import Synchronization
import TestSupport
import Testing

@Suite("Picture locations")
struct PictureLocatorTests {
    let folder: URL
    let log = Log<String>()
    let locator: PictureLocator

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-locator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data("<svg/>".utf8).write(to: folder.appendingPathComponent("images/a.svg"))
        try Data("secret".utf8).write(to: folder.appendingPathComponent("../\(folder.lastPathComponent)-secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("images/out.svg").path, withDestinationPath: "/etc/hostname")
        let log = self.log
        locator = PictureLocator(dataSetDirectory: folder, log: { log.append($0) })
    }

    @Test func aRelativePathInsideIsAFile() throws {
        let real = try #require(PathConfinement.realPath(folder.path))
        #expect(locator.source(for: "images/a.svg") == .file(real + "/images/a.svg"))
        #expect(locator.path(for: "images/a.svg") == real + "/images/a.svg")
        #expect(locator.source(for: "images/none.svg") == nil)
        #expect(locator.source(for: nil) == nil)
        #expect(locator.source(for: "") == nil)
        #expect(log.values.isEmpty, "nothing refused, nothing logged")
    }

    @Test(arguments: [
        "/etc/passwd", "../\(UUID().uuidString).txt", "images/../../x.svg", "images/out.svg", "file:///etc/passwd",
        "ftp://example.com/a.png", "javascript:alert(1)", "goodsdesk:thing", "http://127.0.0.1/a.png", "http://localhost/a.png",
    ])
    func refusedLocationsShowThePlaceholderAndAreLoggedOnce(location: String) {
        for _ in 0..<5 { #expect(locator.source(for: location) == nil) }
        #expect(locator.path(for: location) == nil)
        #expect(log.values.count == 1, "one line per location, not one per bind: \(log.values)")
        #expect(log.values.first?.contains(location) == true)
    }

    @Test func eachRefusedLocationIsLoggedOnItsOwn() {
        _ = locator.source(for: "/a")
        _ = locator.source(for: "/b")
        _ = locator.source(for: "/a")
        #expect(log.values.count == 2)
    }

    /// Locations resolved ahead (off the GTK thread) are answered from memory at bind time:
    /// the refusal was logged by the background resolution, and binding does not log it again.
    @Test func locationsResolvedAheadAreNotResolvedAgain() {
        locator.resolveAhead(["/etc/passwd", "images/a.svg"])
        #expect(log.waitForValue())
        #expect(log.values.count == 1, "resolved in the background: \(log.values)")
        #expect(locator.source(for: "/etc/passwd") == nil)
        #expect(locator.path(for: "images/a.svg")?.hasSuffix("/images/a.svg") == true)
        #expect(log.values.count == 1, "answered from memory, not resolved (and logged) again")
    }

    @Test func publicWebAddressesAreFetchedByTheLoader() throws {
        let url = try #require(URL(string: "https://example.com/a.png"))
        #expect(locator.source(for: "https://example.com/a.png") == .url(url))
        #expect(locator.path(for: "https://example.com/a.png") == nil, "a URL is no local file")
        #expect(log.values.isEmpty)
    }

    @Test func aLoaderForALocalServerLetsPrivateHostsThrough() throws {
        let loader = PictureLoader(cacheDirectory: folder.appendingPathComponent("cache"), allowingPrivateHosts: true)
        let local = PictureLocator(dataSetDirectory: folder, loader: loader, log: { _ in })
        let url = try #require(URL(string: "http://127.0.0.1:8000/a.png"))
        #expect(local.source(for: url.absoluteString) == .url(url))
    }

    /// A scheme (a letter, then letters, digits, `+`, `-`, `.`) and a colon make a URL, refused
    /// unless http/https; anything else is a path (here: missing, so nothing shown, nothing logged).
    @Test(arguments: [("images/none.svg", false), ("images:a.svg", true), ("a+b.c-d:x", true), ("1abc:x", false), (":x", false), ("images/a:b.svg", false)])
    func whatCountsAsAURL(location: String, isURL: Bool) {
        #expect(locator.source(for: location) == nil)
        #expect(log.values.count == (isURL ? 1 : 0), "\(log.values)")
    }
}
