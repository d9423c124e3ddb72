import CGtk
import Foundation
import GtkTestSupport
import Synchronization
import GtkReactive
import PluginKit
import Reactive
import Testing
import ViewModelKit

/// A navigator that records what it is asked.
@MainActor
final class RecordingNavigator: Navigating {
    var requests: [String] = []
    func handle(_ request: NavigationRequest) {
        switch request {
        case let .open(destination, presentation): requests.append("open \(destination.route) \(presentation)")
        case .pop: requests.append("pop")
        default: requests.append("other")
        }
    }
}

@MainActor
@Suite("Typed routes in the registry")
struct TypedRouteRegistryTests {
    static let detail = RouteKey<Int>("goods.detail")

    @Test func typedAndStringRoutesShareOneNamespaceWithTheSameErrors() {
        let registry = PluginRegistry()
        #expect(registry.install(TestPlugin("typed") { try $0.registerRoute(Self.detail) { _, _ in nil } }).error == nil)
        #expect(registry.hasRoute("goods.detail") && registry.hasRoute(Self.detail))
        let byName = registry.install(TestPlugin("by-name") { try $0.registerRoute("goods.detail") { _, _ in nil } })
        #expect(byName.error == "registration failed: route goods.detail is already registered by typed")
        let otherType = registry.install(TestPlugin("other-type") { try $0.registerRoute(RouteKey<String>("goods.detail")) { _, _ in nil } })
        #expect(otherType.error == "registration failed: route goods.detail is already registered by typed", "the name is the identity, whatever the type")

        let reversed = PluginRegistry()
        reversed.install(TestPlugin("by-name") { try $0.registerRoute("goods.detail") { _, _ in nil } })
        #expect(reversed.install(TestPlugin("typed") { try $0.registerRoute(Self.detail) { _, _ in nil } }).error
            == "registration failed: route goods.detail is already registered by by-name")
    }

    @Test func aThrowingPluginsTypedRoutesGoWithIt() {
        let registry = PluginRegistry()
        registry.install(TestPlugin("broken") { registry in
            try registry.registerRoute(RouteKey<Void>("half.done")) { _, _ in nil }
            throw Failure()
        })
        #expect(!registry.hasRoute(RouteKey<Void>("half.done")))
    }

    @Test func aRouteRestorationIsFoundWhileSomePluginProvidesTheRoute() async {
        let registry = PluginRegistry()
        let restoration = RouteRestoration<Int>(save: { String($0) }, load: { SignalProducer(value: Int($0)) })
        registry.install(TestPlugin("app") { try $0.registerRestoration(restoration, for: Self.detail) })
        #expect(registry.restoration(ofRoute: Self.detail.name) == nil, "no plugin provides the route yet")
        registry.install(TestPlugin("detail") { try $0.registerRoute(Self.detail) { _, _ in nil } })
        #expect(registry.restoration(ofRoute: Self.detail.name)?.save(7) == "7")
        #expect(await registry.restoration(ofRoute: Self.detail.name)?.load("8").first() as? Int == 8)
        #expect(registry.restoration(ofRoute: "nowhere") == nil)
        let twice = registry.install(TestPlugin("again") { try $0.registerRestoration(restoration, for: Self.detail) })
        #expect(twice.error == "registration failed: the restoration of route goods.detail is already registered by app")
        registry.install(TestPlugin("broken") { registry in
            try registry.registerRoute(RouteKey<String>("half.kept")) { _, _ in nil }
            try registry.registerRestoration(.text, for: RouteKey<String>("half.kept"))
            throw Failure()
        })
        #expect(registry.restoration(ofRoute: "half.kept") == nil, "nothing of a failed plugin stays")
    }

    @Test func navigatingDefaultsAreRequests() {
        let navigator = RecordingNavigator()
        navigator.open(Self.detail, 3)
        navigator.open(Self.detail, 4, as: .replaceRoot)
        navigator.open(RouteKey<Void>("echo.screen"))
        navigator.pop()
        #expect(navigator.requests == ["open goods.detail push", "open goods.detail replaceRoot", "open echo.screen push", "pop"])
    }

    @Test func aDetachedNavigatorOpensNothingAndSaysSo() {
        let lines = Lines()
        let navigator = DetachedNavigator(log: { line in lines.append(line) })
        navigator.open(RouteKey<Void>("echo.screen"))
        navigator.pop()
        #expect(lines.values == ["no navigator for this screen; open echo.screen ignored",
                                 "no navigator for this screen; pop ignored"])
    }
}

/// Log lines, from any thread.
final class Lines: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var values: [String] { storage.withLock { $0 } }
}

@MainActor
@Suite("Typed route lookups", .serialized,
       .needsDisplay)
struct TypedRouteLookupTests {
    init() throws { try startGTK() }

    @Test func aTypedRouteGetsItsArgumentTypedAndAnythingElseFindsNoScreen() {
        let registry = PluginRegistry()
        registry.install(TestPlugin("typed") { registry in
            // The factory's argument is an Int: no downcast, no other type can reach it.
            try registry.registerRoute(TypedRouteRegistryTests.detail) { id, _ in FakeController(ViewModel(title: "detail \(id + 1)")) }
        })
        let navigator = RecordingNavigator()
        let context = ScreenContext(chrome: PluginLookupTests.Chrome(), pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/tmp")),
                                    navigator: navigator)
        #expect(registry.controller(route: TypedRouteRegistryTests.detail, argument: 6, in: context)?.viewModel.title.value == "detail 7")
        #expect(registry.controller(for: Destination(TypedRouteRegistryTests.detail, 1), in: context)?.viewModel.title.value == "detail 2")
        #expect(registry.controller(route: "goods.detail", argument: 6, in: context)?.viewModel.title.value == "detail 7", "the string API reaches it too")
        #expect(registry.controller(route: "goods.detail", argument: "6", in: context) == nil, "an untyped request of the wrong type finds no screen")
        #expect(registry.controller(for: Destination(RouteKey<Void>("nowhere")), in: context) == nil)
    }

    @Test func aMenuActionOpensItsOwnScreenThroughTheContextsNavigator() throws {
        let echo = RouteKey<Void>("org.example.echo.screen")
        let registry = PluginRegistry()
        registry.install(TestPlugin("org.example.echo") { registry in
            try registry.registerRoute(echo) { _, _ in FakeController(ViewModel(title: "Echo")) }
            try registry.registerAction(AppAction(id: "echo.open", title: "Your first screen") { $0.navigator.open(echo) })
        })
        let navigator = RecordingNavigator()
        let context = ScreenContext(chrome: PluginLookupTests.Chrome(), pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/tmp")),
                                    navigator: navigator)
        let action = try #require(registry.actions.first)
        action.perform(context)
        #expect(navigator.requests == ["open org.example.echo.screen push"])
        #expect(registry.hasRoute(echo))
    }

    @Test func aMenuActionMadeWithOpensPushesThatRoute() {
        let action = AppAction(id: "echo.open", title: "Your first screen", accelerator: "<Control>e",
                               opens: RouteKey<Void>("org.example.echo.screen"))
        #expect(action.id == "echo.open" && action.title == "Your first screen" && action.accelerator == "<Control>e")
        #expect(AppAction(id: "a", title: "A", opens: RouteKey<Void>("a.screen")).accelerator == nil)
        let navigator = RecordingNavigator()
        action.perform(ScreenContext(chrome: PluginLookupTests.Chrome(), pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/tmp")),
                                     navigator: navigator))
        #expect(navigator.requests == ["open org.example.echo.screen push"])
    }

    @Test func theTwoArgumentContextHasADetachedNavigator() {
        let context = ScreenContext(chrome: PluginLookupTests.Chrome(), pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/tmp")))
        #expect(context.navigator is DetachedNavigator)
    }
}

