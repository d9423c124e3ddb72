import CGtk
import Foundation
import GtkReactive
import GtkTestSupport
import Reactive
import Testing

/// An HTTP server on 127.0.0.1 (Python's http.server in a subprocess), serving the cases the
/// picture loader must tell apart. Every request's path is appended to a log file the test reads.
final class PictureServer {
    static let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>"#.utf8)

    private static let script = #"""
    import http.server, signal, sys, time
    # Started from a Dispatch thread, the server inherits its blocked signals: unblock them.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, range(1, signal.NSIG))
    log = open(sys.argv[1], "a", buffering=1)
    SVG = sys.argv[2].encode()
    MB = 1024 * 1024

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args): pass
        def head(self, status, kind, length=None, extra=()):
            self.send_response(status)
            if kind: self.send_header("Content-Type", kind)
            if length is None:
                self.send_header("Connection", "close")
                self.close_connection = True
            else:
                self.send_header("Content-Length", str(length))
            for key, value in extra: self.send_header(key, value)
            self.end_headers()
        def body(self, kind, data, status=200):
            self.head(status, kind, len(data))
            self.wfile.write(data)
        def stream(self, total):
            try:
                sent = 0
                while sent < total:
                    chunk = min(64 * 1024, total - sent)
                    self.wfile.write(b"\0" * chunk)
                    sent += chunk
            except (BrokenPipeError, ConnectionResetError):
                log.write("stopped " + self.path + "\n")
        def do_GET(self):
            log.write(self.path + "\n")
            path = self.path.split("?")[0]
            if path.startswith("/pic"): self.body("image/svg+xml", SVG)
            elif path == "/page.html": self.body("text/html; charset=utf-8", b"<html></html>")
            elif path == "/untyped": self.body(None, SVG)
            elif path == "/missing": self.body("text/html", b"not found", status=404)
            elif path == "/sized":
                size = int(self.path.split("?")[1])
                self.head(200, "image/png", size)
                self.stream(size)
            elif path == "/streamed":
                size = int(self.path.split("?")[1])
                self.head(200, "image/png")
                self.stream(size)
            elif path == "/redirect": self.head(302, None, 0, [("Location", "/pic-redirected.svg")])
            elif path == "/redirect-file": self.head(302, None, 0, [("Location", "file:///etc/passwd")])
            elif path == "/redirect-loop": self.head(302, None, 0, [("Location", "/redirect-loop")])
            elif path == "/slow":
                self.head(200, "image/png", 1000 * MB)
                try:
                    while True:
                        self.wfile.write(b"\0")
                        self.wfile.flush()
                        time.sleep(0.02)
                except (BrokenPipeError, ConnectionResetError):
                    log.write("stopped /slow\n")
            else: self.body("text/html", b"not found", status=404)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#

    private let process = Process()
    private let logFile: URL
    let port: Int

    init() throws {
        logFile = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", Self.script, logFile.path, String(decoding: Self.svg, as: UTF8.self)]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The server prints its port once it listens (or exits, and the read ends empty).
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw ServerError(message: "the test server did not start: \(line)")
        }
        self.port = port
    }

    struct ServerError: Error { let message: String }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/invalid")
    }

    /// The paths requested so far, and "stopped PATH" where the client went away mid-body.
    var log: [String] {
        ((try? String(contentsOf: logFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func requests(_ path: String) -> Int { log.filter { $0 == path }.count }

    deinit {
        // SIGKILL, which no signal mask holds back; not waitUntilExit, which spins a run loop off
        // the main thread here. Foundation reaps the child.
        kill(process.processIdentifier, SIGKILL)
        try? FileManager.default.removeItem(at: logFile)
    }
}

/// Fetching runs on the GLib main loop (libsoup), so these tests iterate it; no display needed.
@MainActor
@Suite("Picture fetching", .serialized)
struct PictureFetchTests {
    let server: PictureServer
    let cache: URL

    init() throws {
        server = try PictureServer()
        cache = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-fetch-\(UUID().uuidString)")
    }

    func loader(_ limits: PictureLoader.Limits = PictureLoader.Limits()) -> PictureLoader {
        PictureLoader(cacheDirectory: cache, timeout: 5, limits: limits, allowingPrivateHosts: true)
    }

    /// The outcome of one fetch.
    func fetch(_ path: String, with loader: PictureLoader? = nil) -> Result<Data, PictureFetchError>? {
        let result = Box<Result<Data, PictureFetchError>?>(nil)
        let run = (loader ?? self.loader()).fetch(server.url(path)).startWithResult { result.value = $0 }
        pumpMainLoop(timeout: .seconds(10)) { result.value != nil }
        run.dispose()
        return result.value
    }

    /// What `localPath` sends before it completes (nil while it has not completed).
    func localPaths(_ path: String, with loader: PictureLoader? = nil) -> [String]? {
        let paths = Box<[String]>([]), done = Box(false)
        let run = (loader ?? self.loader()).localPath(for: server.url(path)).observe(on: MainLoopScheduler.shared)
            .start(.init(value: { paths.value.append($0) }, completed: { done.value = true }))
        pumpMainLoop(timeout: .seconds(10)) { done.value }
        run.dispose()
        return done.value ? paths.value : nil
    }

    var cachedFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).sorted()
    }

    @Test func anImageIsFetched() throws {
        #expect(try fetch("/pic.svg")?.get() == PictureServer.svg)
    }

    @Test func aMissingPictureFailsWithItsStatus() {
        #expect(fetch("/missing") == .failure(.status(404)))
    }

    @Test func aPageIsNotAPicture() {
        #expect(fetch("/page.html") == .failure(.notAnImage("text/html")))
        #expect(fetch("/untyped") == .failure(.notAnImage("no content type")))
    }

    @Test func morePicturesThanTheLimitAreRefusedAndReadingStops() throws {
        // The default limit, 10 MB: a body streamed without a length stops being read beyond it.
        #expect(fetch("/streamed?\(11 * 1024 * 1024)") == .failure(.tooLarge))
        // A declared length over the limit is refused before reading; exactly the limit passes.
        var limits = PictureLoader.Limits()
        limits.pictureBytes = 100_000
        #expect(fetch("/sized?100001", with: loader(limits)) == .failure(.tooLarge))
        #expect(fetch("/streamed?100001", with: loader(limits)) == .failure(.tooLarge))
        #expect(try fetch("/sized?100000", with: loader(limits))?.get().count == 100_000)
        #expect(try fetch("/streamed?100000", with: loader(limits))?.get().count == 100_000)
    }

    @Test func redirectsAreFollowedOnlyToAllowedAddresses() throws {
        #expect(try fetch("/redirect")?.get() == PictureServer.svg)
        #expect(server.requests("/pic-redirected.svg") == 1)
        #expect(fetch("/redirect-file") == .failure(.refused("file:///etc/passwd")))
        #expect(fetch("/redirect-loop") == .failure(.tooManyRedirects))
        #expect(server.requests("/redirect-loop") == 1 + PictureLoader.Limits().redirects)
    }

    @Test func privateHostsAreNotFetchedByDefault() {
        let strict = PictureLoader(cacheDirectory: cache)
        #expect(fetch("/pic.svg", with: strict) == .failure(.refused(server.url("/pic.svg").absoluteString)))
        #expect(localPaths("/pic.svg", with: strict) == [])
        #expect(server.log.isEmpty, "no request reached the server")
    }

    @Test func aFetchedPictureIsCachedAndServedFromTheCache() throws {
        let loader = loader()
        let path = try #require(localPaths("/pic-cached.svg", with: loader)?.first)
        #expect(path == loader.cacheFile(for: server.url("/pic-cached.svg")).path)
        #expect(FileManager.default.contents(atPath: path) == PictureServer.svg)
        #expect(localPaths("/pic-cached.svg", with: loader) == [path])
        #expect(server.requests("/pic-cached.svg") == 1, "the second came from the cache")
    }

    @Test func anExpiredPictureIsFetchedAgain() throws {
        let loader = loader()
        let path = try #require(localPaths("/pic-old.svg", with: loader)?.first)
        let old = Date().addingTimeInterval(-loader.limits.expiry - 60)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        #expect(localPaths("/pic-old.svg", with: loader) == [path])
        #expect(server.requests("/pic-old.svg") == 2)
        let written = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(written.map { $0 > old } == true, "written anew")
    }

    @Test func nothingIsCachedForWhatFails() {
        var limits = PictureLoader.Limits()
        limits.pictureBytes = 1000
        let loader = loader(limits)
        for path in ["/page.html", "/untyped", "/missing", "/streamed?2000", "/sized?2000", "/redirect-file"] {
            #expect(localPaths(path, with: loader) == [], "\(path)")
        }
        #expect(cachedFiles.isEmpty)
    }

    @Test func theCacheKeepsWithinItsLimitDroppingTheOldestFirst() throws {
        var limits = PictureLoader.Limits()
        limits.cacheBytes = PictureServer.svg.count * 2
        let loader = loader(limits)
        var paths: [String] = []
        for index in 1...3 {
            paths.append(try #require(localPaths("/pic-\(index).svg", with: loader)?.first))
        }
        #expect(!FileManager.default.fileExists(atPath: paths[0]), "the oldest went")
        #expect(FileManager.default.fileExists(atPath: paths[1]))
        #expect(FileManager.default.fileExists(atPath: paths[2]))
        #expect(cachedFiles.count == 2)
    }

    @Test func disposingAFetchCancelsItsConnection() {
        let loader = loader()
        let seen = Box<[String]>([])
        let run = loader.localPath(for: server.url("/slow")).observe(on: MainLoopScheduler.shared)
            .startWithValues { seen.value.append($0) }
        pumpMainLoop(timeout: .seconds(10)) { server.requests("/slow") == 1 }
        #expect(server.requests("/slow") == 1, "the fetch started")
        run.dispose()
        pumpMainLoop(timeout: .seconds(10)) { server.requests("stopped /slow") == 1 }
        #expect(server.requests("stopped /slow") == 1, "the server saw the client go away")
        #expect(seen.value.isEmpty)
        #expect(cachedFiles.isEmpty)
    }

    @Test func fetchingNeverBlocksTheCaller() {
        let started = ContinuousClock.now
        let run = loader().fetch(server.url("/slow")).start()
        #expect(ContinuousClock.now - started < .milliseconds(100))
        run.dispose()
    }
}

/// A picture binding over the network: widgets, so a display.
@MainActor
@Suite("Picture binding over HTTP", .serialized, .needsDisplay)
struct PictureBindingFetchTests {
    let fetching: PictureFetchTests

    init() throws {
        try startGTK()
        fetching = try PictureFetchTests()
    }

    @Test func aNewValueCancelsTheFetchOfThePreviousOne() throws {
        let server = fetching.server
        let image = Widget(gtk_image_new())
        let (lifetime, token) = Lifetime.make()
        let source = MutableProperty<PictureSource?>(nil)
        image.picture(placeholder: "avatar-default-symbolic", loader: fetching.loader(), during: lifetime) <~ source
        source.value = .url(server.url("/slow"))
        pumpMainLoop(timeout: .seconds(10)) { server.requests("/slow") == 1 }
        #expect(gtk_image_get_icon_name(OpaquePointer(image.raw)).map { String(cString: $0) } == "avatar-default-symbolic")
        source.value = .url(server.url("/pic-bound.svg"))
        pumpMainLoop(timeout: .seconds(10)) { server.requests("stopped /slow") == 1 && gtk_image_get_icon_name(OpaquePointer(image.raw)) == nil }
        #expect(server.requests("stopped /slow") == 1, "the first fetch was cancelled")
        #expect(gtk_image_get_icon_name(OpaquePointer(image.raw)) == nil, "the second picture shows")
        #expect(gtk_image_get_storage_type(OpaquePointer(image.raw)) != GTK_IMAGE_EMPTY)
        withExtendedLifetime(token) {}
    }

    @Test func endingTheBindingCancelsItsFetch() {
        let server = fetching.server
        let image = Widget(gtk_image_new())
        let (lifetime, token) = Lifetime.make()
        image.picture(loader: fetching.loader(), during: lifetime) <~ SignalProducer(value: PictureSource.url(server.url("/slow")))
        pumpMainLoop(timeout: .seconds(10)) { server.requests("/slow") == 1 }
        token.dispose()
        pumpMainLoop(timeout: .seconds(10)) { server.requests("stopped /slow") == 1 }
        #expect(server.requests("stopped /slow") == 1)
    }
}
