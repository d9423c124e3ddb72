// swift-tools-version:6.0
// GoodsDesk: a GTK 4 desktop app and the MVVM framework it is built from.
// One target per layer; see DESIGN notes in README.md. No outside packages.
import Foundation
import PackageDescription

/// libsoup's include folders, from pkg-config (`-I` flags only). libsoup is built against but not
/// linked (the shim opens it with GModule on the first fetch), so CSoup cannot name it as its
/// `pkgConfig:` — that would link it into every program — and only GtkShim's C sees these.
func soupIncludes() -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags-only-I", "libsoup-3.0"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return [] }
    process.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}

// GTK and libadwaita come through CGtk's `pkgConfig: "libadwaita-1"` (its .pc requires gtk4):
// SwiftPM gives every target that depends on CGtk, directly or through GtkReactive, in this
// package or another, the include folders and libraries, so no target (and no app's package)
// passes `-Xcc -I` flags of its own. SwiftPM warns that it drops GLib's `-pthread`/`-msse`
// cflags ("prohibited flag(s)"): they are not needed, and the rest of the flags apply.
// libadwaita (Adwaita's style manager: dark style, named colours) comes with GTK, in CGtk: only the
// GTK side of the layers sees it.
let gtkC: [CSetting] = [.unsafeFlags(soupIncludes())]

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "GoodsDesk",
    products: [
        // The framework: generic, no GoodsDesk in them; a third party can depend on each.
        .library(name: "Reactive", targets: ["Reactive"]),
        // For an app's tests: records signals and producers on virtual time.
        .library(name: "ReactiveTesting", targets: ["ReactiveTesting"]),
        .library(name: "Localization", targets: ["Localization"]),
        .library(name: "ViewModelKit", targets: ["ViewModelKit"]),
        .library(name: "GtkReactive", targets: ["GtkReactive", "GtkShim"]),
        .library(name: "PluginKit", targets: ["PluginKit"]),
        // The window shell: window, navigator, panes, chrome, toasts, back keys, actions.
        .library(name: "AppShell", targets: ["AppShell"]),
        // Compiles a target's .ui files (listed in its *.gresource.xml) into the target, with a
        // typed layout per file.
        .plugin(name: "EmbedGResource", targets: ["EmbedGResource"]),
        // The typed layouts' generator, which build-plugins.sh runs for plugins too.
        .executable(name: "layout-codegen", targets: ["layout-codegen"]),
        // The app.
        .executable(name: "goodsdesk", targets: ["goodsdesk"]),
        .executable(name: "reactive-bench", targets: ["reactive-bench"]),
        .executable(name: "goodsdesk-data", targets: ["goodsdesk-data"]),
        .executable(name: "goodsdesk-bench", targets: ["goodsdesk-bench"]),
    ],
    targets: [
        // The FRP core: pure Swift, no GTK, no Foundation.
        .target(name: "Reactive", swiftSettings: strict),
        // The test recorder (values and their virtual times) for any package's tests: pure.
        .target(name: "ReactiveTesting", dependencies: ["Reactive"], swiftSettings: strict),
        // Heap accounting for the benchmark (glibc's mallinfo2 is not imported into Swift).
        .target(name: "HeapStats"),
        .executableTarget(name: "reactive-bench", dependencies: ["Reactive", "HeapStats"], swiftSettings: strict),
        // Text in the user's language through gettext (libintl, from the C library), any domain: pure, no GTK.
        .systemLibrary(name: "CIntl"),
        .target(name: "Localization", dependencies: ["CIntl"], swiftSettings: strict),
        // The seeds' base view model, paged lists and navigation requests: pure, no GTK.
        .target(name: "ViewModelKit", dependencies: ["Reactive"], swiftSettings: strict),
        // Models, the demo data format, SQLite persistence and services: pure, no GTK.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "GoodsDomain", dependencies: ["Reactive", "CSQLite", "Localization"], swiftSettings: strict),
        // The screens' view models: login, goods list, goods row. Pure, tested headlessly.
        .target(name: "GoodsViewModels", dependencies: ["ViewModelKit", "GoodsDomain", "Localization"], swiftSettings: strict),
        // GTK and libadwaita: the system libraries, and the C shim that builds the views.
        .systemLibrary(name: "CGtk", pkgConfig: "libadwaita-1", providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]),
        // libsoup 3's headers, for the shim's fetches (the library itself is opened at run time).
        .systemLibrary(name: "CSoup", providers: [.apt(["libsoup-3.0-dev"])]),
        .target(name: "GtkShim", dependencies: ["CGtk", "CSoup"], cSettings: gtkC),
        // The Swift face of GTK: signal connections, binding targets, the main-loop scheduler.
        .target(name: "GtkReactive", dependencies: ["Reactive", "ViewModelKit", "GtkShim", "CGtk"], swiftSettings: strict),
        // The plugin API: plugin info, the registry of screens, routes and data sources (of any
        // content type), controllers. Generic: the host app's name and symbols are a `PluginHost`.
        // Programs that link it export their symbols, so plugins loaded at run time bind to the
        // app's own copy of every layer (a plugin links none of them itself).
        // Its build identifier (a hash of the library targets' sources) comes from the BuildIdentifier plugin.
        .target(name: "PluginKit", dependencies: ["ViewModelKit", "GtkReactive", "Reactive", "CGtk", "Localization"],
                swiftSettings: strict, linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])],
                plugins: ["BuildIdentifier"]),
        .plugin(name: "BuildIdentifier", capability: .buildTool()),
        // Compiles a target's `*.gresource.xml` (its `.ui` layouts) into the target as
        // `UIResourceBundle.module`: the layouts live in the binary, installed or not. And through
        // layout-codegen, one `TypedLayout` per `.ui` file, whose outlets the compiler checks.
        .plugin(name: "EmbedGResource", capability: .buildTool(), dependencies: ["layout-codegen"]),
        // Reads a GResource manifest's .ui files (Foundation's XMLParser) and writes their typed
        // layouts (`login.ui` → `LoginLayout`, `phone: Entry`). A build tool: no GTK.
        .executableTarget(name: "layout-codegen", swiftSettings: strict),
        // The version and the application id from VERSION and APP_ID (meson reads the same files).
        .plugin(name: "ProjectFacts", capability: .buildTool()),
        // The window shell any app on the framework uses: the window (libadwaita: toasts over a
        // leaflet of list | detail panes), the navigator over ViewModelKit's NavigationStack, the
        // screens' chrome, back keys, the actions and their shortcuts, the screens kept across runs.
        .target(name: "AppShell", dependencies: ["PluginKit", "GtkReactive", "ViewModelKit", "Reactive"],
                exclude: ["AppShell.gresource.xml"], swiftSettings: strict, plugins: ["EmbedGResource"]),
        // Controllers and ViewManagers per feature, and the window that shows them.
        .target(name: "GoodsUI", dependencies: ["GoodsViewModels", "AppShell", "PluginKit", "GtkReactive", "GtkShim", "CGtk", "Localization"],
                exclude: ["GoodsUI.gresource.xml"], swiftSettings: strict, plugins: ["EmbedGResource", "ProjectFacts"]),
        // No CGtk or GtkShim: the app's entry point goes through GtkReactive (CGtk's pkg-config
        // flags reach it through GtkReactive, for the headers GtkReactive's interface names).
        .executableTarget(name: "goodsdesk", dependencies: ["GoodsUI", "GtkReactive", "ViewModelKit", "Localization"], swiftSettings: strict),
        // Test helper: hosts the main queue in a GLib loop as the app does (see MainLoopTests).
        .executableTarget(name: "mainloop-probe", dependencies: ["GtkShim", "CGtk"], swiftSettings: strict),
        // Test helper: loads plugins in a child process, for the ones that take it down (see PluginSafeModeTests).
        .executableTarget(name: "plugin-load-probe", dependencies: ["PluginKit"], swiftSettings: strict),
        // The demo data set's generator (deterministic, streaming), and its command line: writes
        // data/dataset, or a large set for benchmarks.
        .target(name: "DemoData", dependencies: ["GoodsDomain"], swiftSettings: strict),
        .executableTarget(name: "goodsdesk-data", dependencies: ["DemoData"], swiftSettings: strict),
        // The data layer's benchmark: import and paging at 100,000 and 1,000,000 goods.
        .executableTarget(name: "goodsdesk-bench", dependencies: ["DemoData", "GoodsDomain", "ViewModelKit", "GtkReactive", "Reactive", "CGtk", "HeapStats"],
                          swiftSettings: strict),
        // Test support, shared by the test targets: one pure (recorders, the app's services on
        // virtual time as fake worlds), one for GTK (GTK started once, the display check, main-loop
        // pumps, widget finding, criticals failing the run). Two, because the pure layers' tests
        // must build and run without GTK (they prove those layers need no display or GTK at all).
        .target(name: "TestSupport", dependencies: ["Reactive", "ViewModelKit", "GoodsDomain", "GoodsViewModels"],
                path: "Tests/TestSupport", swiftSettings: strict),
        .target(name: "GtkTestSupport", dependencies: ["CGtk"], path: "Tests/GtkTestSupport", swiftSettings: strict),
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive", "ReactiveTesting"], swiftSettings: strict),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "CIntl"], swiftSettings: strict),
        .testTarget(name: "ViewModelKitTests", dependencies: ["ViewModelKit", "TestSupport", "DemoData", "ReactiveTesting"], swiftSettings: strict),
        .testTarget(name: "GoodsDomainTests", dependencies: ["GoodsDomain", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "GoodsViewModelsTests", dependencies: ["GoodsViewModels", "HeapStats", "TestSupport"], swiftSettings: strict),
        // The goods-detail plugin's view model, tested headlessly from the plugin's own folder: only
        // the view model, its strings and Tests/ are compiled here (the plugin itself is a library
        // build-plugins.sh builds, module GoodsDetailPlugin, loaded at run time by other tests).
        .testTarget(name: "GoodsDetailPluginTests", dependencies: ["GoodsViewModels", "GoodsDomain", "ViewModelKit", "Reactive", "Localization", "TestSupport"],
                    path: "plugins/goods-detail",
                    exclude: ["GoodsDetailPlugin.swift", "GoodsDetailController.swift", "GoodsDetailViewManager.swift",
                              "goods-detail.ui", "goods-detail.plugin", "po"],
                    sources: ["GoodsDetailViewModel.swift", "Strings.swift", "Tests"], swiftSettings: strict),
        // The web plugin's view model, tested headlessly from its folder as the detail plugin's is
        // (GtkReactive for its pure WebNavigationPolicy; nothing of WebKit is compiled here).
        .testTarget(name: "WebPluginTests", dependencies: ["GoodsViewModels", "GtkReactive", "ViewModelKit", "Reactive", "Localization", "TestSupport"],
                    path: "plugins/web",
                    exclude: ["WebPlugin.swift", "WebPageController.swift", "WebPageViewManager.swift",
                              "web-page.ui", "web.plugin", "build.conf", "po"],
                    sources: ["WebPageViewModel.swift", "Strings.swift", "Tests"], swiftSettings: strict),
        // The layouts' generator, run as the builds run it; builds Tests/Fixtures/typed-layout.
        .testTarget(name: "LayoutCodegenTests", swiftSettings: strict),
        // The window shell with screens of no app in particular.
        .testTarget(name: "AppShellTests", dependencies: ["AppShell", "PluginKit", "GtkReactive", "ViewModelKit", "Reactive", "GtkTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "GoodsUITests", dependencies: ["GoodsUI", "AppShell", "PluginKit", "GtkReactive", "GtkShim", "CGtk", "HeapStats", "TestSupport", "GtkTestSupport"], swiftSettings: strict),
        // GoodsDomain: a test target may depend on the app; these tests load the real plugins.
        .testTarget(name: "PluginKitTests", dependencies: ["PluginKit", "GoodsDomain", "GtkReactive", "CGtk", "Localization", "TestSupport", "GtkTestSupport"],
                    exclude: ["PluginKitTests.gresource.xml", "Fixtures"], swiftSettings: strict, plugins: ["EmbedGResource"]),
        .testTarget(name: "GtkReactiveTests", dependencies: ["GtkReactive", "ViewModelKit", "GtkShim", "CGtk", "TestSupport", "GtkTestSupport"],
                    exclude: ["GtkReactiveTests.gresource.xml", "Fixtures"], swiftSettings: strict, plugins: ["EmbedGResource"]),
    ]
)
