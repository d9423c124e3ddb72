import Foundation
import Reactive
import Testing
import TestSupport
import ViewModelKit

/// A screen for the stack with no view at all: a name and a view model.
@MainActor
private final class Page: NavigationScreen {
    let name: String
    let viewModel: ViewModel
    init(_ name: String, list: Bool = false) {
        self.name = name
        viewModel = list ? ListModel() : ViewModel(title: name)
    }
}

@MainActor
private final class ListModel: ViewModel, ListDetailPresenting {
    var detailPlaceholder: DetailPlaceholder { DetailPlaceholder(title: "Pick one") }
}

@MainActor
@Suite("The navigation stack, without a display")
struct NavigationStackTests {
    private let scope = Lifetime.make()
    private func names(_ stack: NavigationStack<Page>) -> [String] { stack.entries.map(\.screen.name) }

    /// Each change as "kind +added -removed…".
    private func record(_ stack: NavigationStack<Page>) -> Log<String> {
        let log = Log<String>()
        stack.changes.observe(during: scope.lifetime) { change in
            let added = change.added.map { " +\($0.name)" } ?? ""
            let removed = change.removed.map { " -\($0.name)" }.joined()
            log.append("\(change.kind)\(added)\(removed)")
        }
        return log
    }

    @Test func pushPopAndReplaceTheRootChangeTheStackAndSayWhat() {
        let stack = NavigationStack<Page>()
        let log = record(stack)
        stack.replaceRoot(with: Page("login"))
        stack.push(Page("list"))
        stack.push(Page("detail"))
        #expect(names(stack) == ["login", "list", "detail"])
        #expect(stack.canGoBack)
        #expect(stack.pop())
        #expect(names(stack) == ["login", "list"])
        stack.replaceRoot(with: Page("home"))
        #expect(names(stack) == ["home"])
        #expect(!stack.pop(), "the root stays")
        #expect(!stack.canGoBack)
        #expect(log.values == ["replaceRoot +login", "push +list", "push +detail", "pop -detail", "replaceRoot +home -list -login"],
                "the screens that leave are told topmost first")
    }

    @Test func aListOpeningAnotherItemReplacesTheOneBesideIt() {
        let stack = NavigationStack<Page>()
        let list = Page("list", list: true)
        stack.replaceRoot(with: list)
        #expect(stack.detail == nil)
        #expect(stack.main?.screen === list)
        let log = record(stack)
        stack.push(Page("a"), from: list.viewModel)
        stack.push(Page("a's seller"))
        #expect(names(stack) == ["list", "a", "a's seller"])
        #expect(stack.detail?.screen.name == "a's seller", "what stands beside the list is the top")
        #expect(stack.main?.screen === list, "the main pane keeps the list")
        #expect(stack.isBesideList(1) && stack.isBesideList(2) && !stack.isBesideList(0))
        stack.push(Page("b"), from: list.viewModel)
        #expect(names(stack) == ["list", "b"])
        #expect(log.values == ["push +a", "push +a's seller", "push +b -a's seller -a"])
    }

    @Test func aScreenBesideTheListOpensOnTopOfIt() {
        let stack = NavigationStack<Page>()
        let list = Page("list", list: true)
        stack.replaceRoot(with: list)
        let detail = Page("a")
        stack.push(detail, from: list.viewModel)
        stack.push(Page("comments"), from: detail.viewModel)
        #expect(names(stack) == ["list", "a", "comments"])
    }

    @Test func closingTheDetailLeavesTheList() {
        let stack = NavigationStack<Page>()
        let list = Page("list", list: true)
        stack.replaceRoot(with: Page("login"))
        stack.push(list)
        #expect(!stack.closeDetail(), "nothing beside the list yet")
        stack.push(Page("a"), from: list.viewModel)
        stack.push(Page("b"))
        let log = record(stack)
        #expect(stack.closeDetail())
        #expect(names(stack) == ["login", "list"])
        #expect(log.values == ["closeDetail -b -a"])
    }

    @Test func withoutAListNothingIsBesideAnything() {
        let stack = NavigationStack<Page>()
        stack.replaceRoot(with: Page("login"))
        stack.push(Page("help"))
        #expect(stack.listIndex == nil)
        #expect(stack.detail == nil)
        #expect(stack.main?.screen.name == "help")
        #expect(!stack.closeDetail())
    }

    @Test func anObserverThatNavigatesSeesTheStackAsItNowIs() {
        let stack = NavigationStack<Page>()
        var seen: [[String]] = []
        stack.changes.observe(during: scope.lifetime) { [unowned stack] change in
            seen.append(stack.entries.map(\.screen.name))
            if change.added?.name == "redirect" { stack.replaceRoot(with: Page("target")) }
        }
        stack.replaceRoot(with: Page("root"))
        stack.push(Page("redirect"))
        #expect(seen == [["root"], ["root", "redirect"], ["target"]])
        #expect(names(stack) == ["target"])
    }

    @Test func removeAllEndsEveryScreenAndTheScreensAreFreed() {
        let stack = NavigationStack<Page>()
        weak var first: Page?
        weak var second: Page?
        do {
            let a = Page("a"), b = Page("b")
            first = a
            second = b
            stack.replaceRoot(with: a)
            stack.push(b)
        }
        let log = record(stack)
        stack.removeAll()
        #expect(stack.entries.isEmpty)
        #expect(log.values == ["clear -b -a"])
        #expect(first == nil && second == nil, "the stack holds its screens, and nothing else does")
    }

    @Test func aSnapshotRunsFromTheRootToTheFirstScreenThatCannotBeSaved() {
        let stack = NavigationStack<Page>()
        let list = RouteKey<String>("list")
        stack.replaceRoot(with: Page("list"), destination: Destination(list, "13800000000"))
        stack.push(Page("unsaved"))
        stack.push(Page("detail"), destination: Destination(RouteKey<Int>("detail"), 7))
        let snapshot = stack.snapshot { entry in
            guard let destination = entry.destination else { return nil }
            return NavigationSnapshot.Screen(route: destination.route, argument: "\(destination.argument)")
        }
        #expect(snapshot.screens == [NavigationSnapshot.Screen(route: "list", argument: "13800000000")])
    }
}

@Suite("The saved navigation on disk")
struct NavigationSnapshotFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func loaded(_ file: NavigationSnapshotFile) async -> NavigationSnapshot?? {
        await file.load().first()
    }

    @Test func aSavedSnapshotReadsBack() async throws {
        let file = NavigationSnapshotFile(url: try folder().appending(path: "state/navigation.json"))
        #expect(await loaded(file) == .some(nil), "no file: nothing to restore")
        let snapshot = NavigationSnapshot(screens: [
            .init(route: "goods.list", argument: "13800000000", state: ["query": "手机"]),
            .init(route: "goods.detail", argument: "42"),
        ])
        file.save(snapshot)
        file.flush()
        #expect(await loaded(file) == .some(snapshot))
    }

    @Test func damagedHostileOrNewerFilesRestoreNothingAndStayOnDisk() async throws {
        let url = try folder().appending(path: "navigation.json")
        let log = Log<String>()
        let file = NavigationSnapshotFile(url: url) { log.append($0) }
        let tooMany = String(repeating: #"{"route":"r","state":{}},"#, count: 40).dropLast()
        let cases: [String] = [
            "not json",
            #"{"version":2,"screens":[]}"#,
            #"{"version":1,"screens":[\#(tooMany)]}"#,
            #"{"version":1,"screens":[{"route":"r","argument":"\#(String(repeating: "x", count: 5000))","state":{}}]}"#,
            #"{"version":1}"#,
        ]
        for text in cases {
            try Data(text.utf8).write(to: url)
            #expect(await loaded(file) == .some(nil), "\(text.prefix(40))")
            #expect(FileManager.default.fileExists(atPath: url.path), "the file is kept")
        }
        #expect(log.values.count == cases.count, "each refusal is said once")
        try Data(count: NavigationSnapshotFile.maximumBytes + 10).write(to: url)
        #expect(await loaded(file) == .some(nil), "too large")
    }

    @Test func aSaveThatCannotBeWrittenIsLoggedNotThrown() throws {
        let blocker = try folder().appending(path: "file")
        try Data("x".utf8).write(to: blocker)
        let log = Log<String>()
        let file = NavigationSnapshotFile(url: blocker.appending(path: "navigation.json")) { log.append($0) }
        file.save(NavigationSnapshot(screens: []))
        file.flush()
        #expect(log.values.count == 1)
        #expect(log.values.first?.contains("could not be saved") == true)
    }
}

@Suite("Restoring the saved navigation")
struct NavigationRestorationTests {
    struct Item: Sendable, Equatable { let id: Int }
    static let list = RouteKey<String>("list")
    static let detail = RouteKey<Item>("detail")

    /// The list's argument is kept as it is; an item is found again by id, if it still exists.
    static let restorations: @Sendable (String) -> AnyRouteRestoration? = { route in
        switch route {
        case list.name: AnyRouteRestoration(RouteRestoration<String>.text)
        case detail.name:
            AnyRouteRestoration(RouteRestoration<Item>(
                save: { String($0.id) },
                load: { text in SignalProducer(value: Int(text).flatMap { $0 < 100 ? Item(id: $0) : nil }) }))
        default: nil
        }
    }

    private func restored(_ screens: [NavigationSnapshot.Screen]) async -> NavigationRestoration? {
        await NavigationRestoration.restore(NavigationSnapshot(screens: screens), restorations: Self.restorations).first()
    }

    @Test func everyScreenComesBackTypedWithItsState() async throws {
        let result = try #require(await restored([
            .init(route: "list", argument: "13800000000", state: ["query": "手机"]),
            .init(route: "detail", argument: "42"),
        ]))
        #expect(result.stop == nil)
        #expect(result.screens.count == 2)
        #expect(result.screens[0].destination.argument(for: Self.list) == "13800000000")
        #expect(result.screens[0].state == ["query": "手机"])
        #expect(result.screens[1].destination.argument(for: Self.detail) == Item(id: 42))
        #expect(AnyRouteRestoration(RouteRestoration<Item>(save: { String($0.id) }, load: { _ in .empty })).save(Item(id: 7)) == "7")
        #expect(AnyRouteRestoration(RouteRestoration<Item>(save: { String($0.id) }, load: { _ in .empty })).save("not an item") == nil)
    }

    @Test func aMissingRouteStopsThereAndSaysWhich() async throws {
        let result = try #require(await restored([
            .init(route: "list", argument: "a"), .init(route: "gone.plugin", argument: "1"), .init(route: "detail", argument: "1"),
        ]))
        #expect(result.screens.map(\.destination.route) == ["list"])
        #expect(result.stop == .missingRoute("gone.plugin"))
    }

    @Test func anArgumentNotFoundAgainStopsThere() async throws {
        for argument in ["999", "not a number", ""] {
            let result = try #require(await restored([.init(route: "list", argument: "a"), .init(route: "detail", argument: argument)]))
            #expect(result.screens.count == 1)
            #expect(result.stop == .argumentNotFound("detail"))
        }
        let silent: @Sendable (String) -> AnyRouteRestoration? = { _ in
            AnyRouteRestoration(RouteRestoration<Int>(save: { String($0) }, load: { _ in .empty }))
        }
        let result = await NavigationRestoration.restore(NavigationSnapshot(screens: [.init(route: "x")]), restorations: silent).first()
        #expect(result?.stop == .argumentNotFound("x"), "a load that ends with no answer is an answer too")
    }

    @Test func theLookupsRunSideBySideAndAreTakenFromTheRootUp() {
        let scheduler = TestScheduler()
        // Each lookup answers after its own delay: the root's is the slowest.
        let slow: @Sendable (String) -> AnyRouteRestoration? = { route in
            let delay: Duration = route == "list" ? .seconds(3) : .seconds(1)
            return AnyRouteRestoration(RouteRestoration<String>(save: { $0 }, load: { text in
                SignalProducer(value: text).delay(delay, on: scheduler)
            }))
        }
        let snapshot = NavigationSnapshot(screens: [.init(route: "list", argument: "a"), .init(route: "detail", argument: "b")])
        let results = Log<NavigationRestoration>()
        NavigationRestoration.restore(snapshot, restorations: slow).startWithValues { results.append($0) }
        scheduler.advance(by: .seconds(2))
        #expect(results.values.isEmpty, "the root's answer is still to come")
        scheduler.advance(by: .seconds(1))
        #expect(results.values.count == 1, "after the slowest lookup, not after the sum of them")
        #expect(results.values.first?.screens.map(\.destination.route) == ["list", "detail"])
        #expect(results.values.first?.screens.first?.destination.argument(for: Self.list) == "a")
    }
}
