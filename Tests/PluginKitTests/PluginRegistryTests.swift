import CGtk
import Foundation
import GtkReactive
import GtkTestSupport
import PluginKit
import Testing
import ViewModelKit

final class ScreenA: ViewModel {}
final class ScreenB: ViewModel {}

@MainActor
final class TestPlugin: Plugin {
    let info: PluginInfo
    let body: (PluginRegistry) throws -> Void
    init(_ id: String, apiVersion: Int = pluginAPIVersion, body: @escaping (PluginRegistry) throws -> Void = { _ in }) {
        info = PluginInfo(id: id, name: id, version: "1.0", apiVersion: apiVersion)
        self.body = body
    }
    func register(in registry: PluginRegistry) throws { try body(registry) }
}

@MainActor
final class FakeController: Controller {
    let page: Widget
    let viewModel: ViewModel
    let chrome = ScreenChrome()
    init(_ viewModel: ViewModel) {
        self.viewModel = viewModel
        page = Widget(gtk_label_new(""))
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String { "broken on purpose" }
}

@MainActor
@Suite("Plugin registry")
struct PluginRegistryTests {
    @Test func aPluginBuiltForAnotherAPIIsRefused() {
        let registry = PluginRegistry()
        let entry = registry.install(TestPlugin("old", apiVersion: pluginAPIVersion + 1))
        #expect(entry.error?.contains("plugin API") == true)
    }

    @Test func duplicateIdsRoutesAndScreensAreRefusedWithTheOwnerNamed() {
        let registry = PluginRegistry()
        #expect(registry.install(TestPlugin("a") { try $0.registerRoute("goods.detail") { _, _ in nil } }).error == nil)
        #expect(registry.install(TestPlugin("a")).error?.contains("already loaded") == true)
        let second = registry.install(TestPlugin("b") { try $0.registerRoute("goods.detail") { _, _ in nil } })
        #expect(second.error?.contains("route goods.detail is already registered by a") == true)
        #expect(registry.install(TestPlugin("c") { try $0.registerScreen(for: ScreenA.self) { screen, _ in FakeController(screen) as any Controller } }).error == nil)
        let clash = registry.install(TestPlugin("d") { try $0.registerScreen(for: ScreenA.self) { screen, _ in FakeController(screen) as any Controller } })
        #expect(clash.error?.contains("already registered by c") == true)
    }

    @Test func aPluginWhoseRegistrationThrowsLeavesNothingBehind() {
        let registry = PluginRegistry()
        let entry = registry.install(TestPlugin("broken") { registry in
            try registry.registerRoute("half.done") { _, _ in nil }
            throw Failure()
        })
        #expect(entry.error == "registration failed: broken on purpose")
        #expect(!registry.hasRoute("half.done"))
        #expect(registry.entries.map(\.info.id) == ["broken"])
    }
}

@MainActor
@Suite("Plugin registry lookups", .serialized,
       .needsDisplay)
struct PluginLookupTests {
    init() throws { try startGTK() }

    @MainActor
    final class Chrome: AppChrome {
        let windowWidget = Widget(gtk_label_new(""))
        let lifetime = Lifetime.never
        let isActive = SignalProducer<Bool, Never>(value: true)
        func showToast(_ message: String) {}
        func open(uri: String) {}
    }

    @Test func screensAreFoundByViewModelTypeAndRoutesByName() {
        let registry = PluginRegistry()
        registry.install(TestPlugin("screens") { registry in
            try registry.registerScreen(for: ScreenA.self) { screen, _ in FakeController(screen) as any Controller }
            try registry.registerRoute("goods.detail") { argument, _ in
                (argument as? Int).map { FakeController(ViewModel(title: "detail \($0)")) }
            }
        })
        let context = ScreenContext(chrome: Chrome(), pictures: PictureLocator(dataSetDirectory: URL(fileURLWithPath: "/tmp")))
        let a = ScreenA()
        #expect(registry.controller(for: a, in: context)?.viewModel === a)
        #expect(registry.controller(for: ScreenB(), in: context) == nil)
        #expect(registry.controller(route: "goods.detail", argument: 7, in: context)?.viewModel.title.value == "detail 7")
        #expect(registry.controller(route: "nowhere", argument: 7, in: context) == nil)
    }
}

import Reactive
