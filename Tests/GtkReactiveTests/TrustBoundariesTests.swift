import Foundation
import GtkReactive
import Testing

/// The trust boundaries are pure: no display, no main loop.
@Suite("Trust boundaries")
struct TrustBoundariesTests {
    @Test(arguments: [
        "http://example.com/a.png", "https://example.com/a.png", "HTTPS://Example.COM/a.png",
        "https://example.com:8443/p/a.svg?x=1#y", "http://93.184.216.34/a.png", "http://[2606:2800:220:1::248]/a.png",
    ])
    func publicWebAddressesAreFetched(text: String) {
        #expect(WebAddressPolicy.fetchableURL(text) != nil)
        #expect(WebAddressPolicy.openableLink(text) != nil)
    }

    @Test(arguments: [
        "file:///etc/passwd", "file://localhost/etc/passwd", "ftp://example.com/a.png", "javascript:alert(1)",
        "JavaScript:alert(1)", "data:image/png;base64,AAAA", "goodsdesk://open", "x-custom:thing", "mailto:a@b.c",
        "about:blank", "resource:///org/gtk/x.png", "http:///no-host", "http://", "https://user:secret@example.com/a.png",
        "https://example.com@evil.example/a.png", "https://exa mple.com/", "https://example.com/\n", "", "images/a.svg", "/etc/passwd",
    ])
    func otherSchemesAndMalformedAddressesAreRefused(text: String) {
        #expect(WebAddressPolicy.fetchableURL(text) == nil)
        #expect(WebAddressPolicy.openableLink(text) == nil)
    }

    /// The app never fetches from this machine or a private network (a data file must not make it
    /// probe them); tests lift that for their local server.
    @Test(arguments: [
        "http://localhost/a.png", "http://LOCALHOST./a.png", "http://pics.localhost/a.png", "http://127.0.0.1:8000/a.png",
        "http://127.1/a.png", "http://2130706433/a.png", "http://0x7f.0.0.1/a.png", "http://0.0.0.0/a.png", "http://10.1.2.3/a.png",
        "http://172.16.0.1/a.png", "http://172.31.255.255/a.png", "http://192.168.1.1/a.png", "http://169.254.169.254/latest",
        "http://100.64.0.1/a.png", "http://[::1]/a.png", "http://[::]/a.png", "http://[fd00::1]/a.png", "http://[fe80::1]/a.png",
        "http://[::ffff:127.0.0.1]/a.png", "http://[::ffff:192.168.0.1]/a.png", "http://224.0.0.1/a.png",
    ])
    func privateHostsAreNotFetched(text: String) {
        #expect(WebAddressPolicy.fetchableURL(text) == nil)
        #expect(WebAddressPolicy.fetchableURL(text, allowingPrivateHosts: true) != nil)
        #expect(WebAddressPolicy.openableLink(text) != nil, "a browser may open them: the app does not fetch links")
    }

    @Test(arguments: ["172.15.0.1", "172.32.0.1", "192.169.0.1", "11.0.0.1", "8.8.8.8", "100.128.0.1", "localhost.example.com", "127.0.0.1.example.com"])
    func neighboursOfPrivateRangesArePublic(host: String) {
        #expect(!WebAddressPolicy.isPrivateHost(host))
    }

    @Test func linksAndFetchesShareTheSchemes() {
        #expect(WebAddressPolicy.allowedSchemes == ["http", "https"])
    }
}

@Suite("Path confinement")
struct PathConfinementTests {
    /// A data set folder with a picture, a sub folder, and a secret beside it (outside).
    struct Folders {
        let base: URL
        let dataSet: String
        let secret: String

        init() throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-confine-\(UUID().uuidString)")
            let dataSetURL = base.appendingPathComponent("data set")
            try FileManager.default.createDirectory(at: dataSetURL.appendingPathComponent("images/sub"), withIntermediateDirectories: true)
            try Data("a".utf8).write(to: dataSetURL.appendingPathComponent("images/a.svg"))
            try Data("b".utf8).write(to: dataSetURL.appendingPathComponent("images/sub/b.svg"))
            try Data("secret".utf8).write(to: base.appendingPathComponent("secret.txt"))
            dataSet = dataSetURL.path
            secret = base.appendingPathComponent("secret.txt").path
        }

        var root: String { PathConfinement.realPath(dataSet) ?? "" }

        func link(_ name: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: dataSet + "/" + name, withDestinationPath: destination)
        }

        func remove() { try? FileManager.default.removeItem(at: base) }
    }

    @Test func filesInsideResolveToTheirRealPath() throws {
        let folders = try Folders()
        defer { folders.remove() }
        #expect(PathConfinement.resolve("images/a.svg", inFolder: folders.root) == .inside(folders.root + "/images/a.svg"))
        #expect(PathConfinement.resolve("./images/sub/../a.svg", inFolder: folders.root) == .inside(folders.root + "/images/a.svg"))
        #expect(PathConfinement.resolve("images//sub/b.svg", inFolder: folders.root) == .inside(folders.root + "/images/sub/b.svg"))
        #expect(PathConfinement.resolve("images/none.svg", inFolder: folders.root) == .missing)
    }

    @Test func dotDotEscapesAreRefused() throws {
        let folders = try Folders()
        defer { folders.remove() }
        #expect(PathConfinement.resolve("../secret.txt", inFolder: folders.root) == .outside)
        #expect(PathConfinement.resolve("images/../../secret.txt", inFolder: folders.root) == .outside)
        #expect(PathConfinement.resolve("images/../../../../../../etc/passwd", inFolder: folders.root) == .outside)
        #expect(PathConfinement.resolve("../none.txt", inFolder: folders.root) == .outside, "refused even when missing")
        #expect(PathConfinement.resolve("..", inFolder: folders.root) == .outside)
        #expect(PathConfinement.resolve(".", inFolder: folders.root) == .outside, "the folder itself is no picture")
        #expect(PathConfinement.resolve("", inFolder: folders.root) == .outside)
    }

    @Test func absolutePathsAreRefused() throws {
        let folders = try Folders()
        defer { folders.remove() }
        #expect(PathConfinement.resolve(folders.secret, inFolder: folders.root) == .outside)
        #expect(PathConfinement.resolve("/etc/passwd", inFolder: folders.root) == .outside)
        #expect(PathConfinement.resolve(folders.root + "/images/a.svg", inFolder: folders.root) == .outside, "even one inside: data uses relative paths")
    }

    @Test func symbolicLinksPointingOutAreRefused() throws {
        let folders = try Folders()
        defer { folders.remove() }
        try folders.link("out.svg", to: folders.secret)
        try folders.link("up", to: "..")
        try folders.link("etc", to: "/etc")
        try folders.link("dangling.svg", to: "../none.svg")
        #expect(PathConfinement.resolve("out.svg", inFolder: folders.root) == .outside)
        #expect(PathConfinement.resolve("up/secret.txt", inFolder: folders.root) == .outside)
        #expect(PathConfinement.resolve("etc/passwd", inFolder: folders.root) == .outside)
        #expect(PathConfinement.resolve("dangling.svg", inFolder: folders.root) == .missing, "nothing to read, so nothing shown")
    }

    @Test func symbolicLinksStayingInsideAreFollowed() throws {
        let folders = try Folders()
        defer { folders.remove() }
        try folders.link("alias.svg", to: "images/a.svg")
        try folders.link("pictures", to: "images")
        #expect(PathConfinement.resolve("alias.svg", inFolder: folders.root) == .inside(folders.root + "/images/a.svg"))
        #expect(PathConfinement.resolve("pictures/sub/b.svg", inFolder: folders.root) == .inside(folders.root + "/images/sub/b.svg"))
    }

    @Test func aFolderReachedThroughALinkIsComparedByItsRealPath() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let alias = folders.base.appendingPathComponent("alias").path
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: folders.dataSet)
        let root = try #require(PathConfinement.realPath(alias))
        #expect(root == folders.root)
        #expect(PathConfinement.resolve("images/a.svg", inFolder: root) == .inside(folders.root + "/images/a.svg"))
        // A sibling whose name starts with the folder's is not inside it (components, not prefixes).
        try FileManager.default.createDirectory(atPath: folders.dataSet + "2", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: folders.dataSet + "2/x.svg"))
        try folders.link("sibling.svg", to: folders.dataSet + "2/x.svg")
        #expect(PathConfinement.resolve("sibling.svg", inFolder: folders.root) == .outside)
    }
}
