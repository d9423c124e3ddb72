// swift-tools-version:6.0
// GoodsDesk: a GTK 4 desktop app and the MVVM framework it is built from.
// One target per layer; see DESIGN notes in README.md. No outside packages.
import Foundation
import PackageDescription

/// GTK's include folders and libraries from pkg-config. Only `-I` flags are taken: the rest of
/// GLib's cflags (`-pthread`, `-mfpmath=sse`…) are flags SwiftPM refuses with a warning.
func pkgConfig(_ arguments: [String]) -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return [] }
    process.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}

let gtkIncludes = pkgConfig(["--cflags-only-I", "gtk4"])
let gtkLibraries = pkgConfig(["--libs-only-l", "gtk4"]).map { String($0.dropFirst(2)) }
let gtkC: [CSetting] = [.unsafeFlags(gtkIncludes)]
let gtkSwift: [SwiftSetting] = [.unsafeFlags(gtkIncludes.flatMap { ["-Xcc", $0] })]
let gtkLink: [LinkerSetting] = gtkLibraries.map { .linkedLibrary($0) }

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "GoodsDesk",
    products: [
        .library(name: "Reactive", targets: ["Reactive"]),
        .library(name: "ViewModelKit", targets: ["ViewModelKit"]),
        .executable(name: "goodsdesk", targets: ["goodsdesk"]),
        .executable(name: "reactive-bench", targets: ["reactive-bench"]),
        .executable(name: "goodsdesk-data", targets: ["goodsdesk-data"]),
    ],
    targets: [
        // The FRP core: pure Swift, no GTK, no Foundation.
        .target(name: "Reactive", swiftSettings: strict),
        // Heap accounting for the benchmark (glibc's mallinfo2 is not imported into Swift).
        .target(name: "HeapStats"),
        .executableTarget(name: "reactive-bench", dependencies: ["Reactive", "HeapStats"], swiftSettings: strict),
        // Text in the user's language through gettext (libintl, from the C library): pure, no GTK.
        .systemLibrary(name: "CIntl"),
        .target(name: "Localization", dependencies: ["CIntl"], swiftSettings: strict),
        // The seeds' base view model, paged lists and navigation requests: pure, no GTK.
        .target(name: "ViewModelKit", dependencies: ["Reactive", "Localization"], swiftSettings: strict),
        // Models, the demo data format, SQLite persistence and services: pure, no GTK.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "GoodsDomain", dependencies: ["Reactive", "CSQLite", "Localization"], swiftSettings: strict),
        // The screens' view models: login, goods list, goods row. Pure, tested headlessly.
        .target(name: "GoodsViewModels", dependencies: ["ViewModelKit", "GoodsDomain", "Localization"], swiftSettings: strict),
        // GTK: the system library, and the C shim that builds the views.
        .systemLibrary(name: "CGtk", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "GtkShim", dependencies: ["CGtk"], cSettings: gtkC, linkerSettings: gtkLink),
        // The Swift face of GTK: signal connections, binding targets, the main-loop scheduler.
        .target(name: "GtkReactive", dependencies: ["Reactive", "GtkShim", "CGtk"], swiftSettings: strict + gtkSwift),
        // The plugin API: plugin info, the registry of screens and routes, controllers.
        // Programs that link it export their symbols, so plugins loaded at run time bind to the
        // app's own copy of every layer (a plugin links none of them itself).
        .target(name: "PluginKit", dependencies: ["ViewModelKit", "GoodsDomain", "GtkReactive", "Reactive", "CGtk", "Localization"],
                swiftSettings: strict + gtkSwift, linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),
        // Controllers and ViewManagers per feature, and the window that shows them.
        .target(name: "GoodsUI", dependencies: ["GoodsViewModels", "PluginKit", "GtkReactive", "GtkShim", "CGtk", "Localization"], swiftSettings: strict + gtkSwift),
        .executableTarget(name: "goodsdesk", dependencies: ["GoodsUI", "GtkReactive", "GtkShim", "CGtk", "Localization"], swiftSettings: strict + gtkSwift),
        // Test helper: hosts the main queue in a GLib loop as the app does (see MainLoopTests).
        .executableTarget(name: "mainloop-probe", dependencies: ["GtkShim", "CGtk"], swiftSettings: strict + gtkSwift),
        // Writes the data set under data/ (deterministic), or a large one for benchmarks.
        .executableTarget(name: "goodsdesk-data", dependencies: ["GoodsDomain"], swiftSettings: strict),
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive"], swiftSettings: strict),
        .testTarget(name: "ViewModelKitTests", dependencies: ["ViewModelKit"], swiftSettings: strict),
        .testTarget(name: "GoodsDomainTests", dependencies: ["GoodsDomain"], swiftSettings: strict),
        .testTarget(name: "GoodsViewModelsTests", dependencies: ["GoodsViewModels", "HeapStats"], swiftSettings: strict),
        .testTarget(name: "GoodsUITests", dependencies: ["GoodsUI", "PluginKit", "GtkReactive", "GtkShim", "CGtk"], swiftSettings: strict + gtkSwift),
        .testTarget(name: "PluginKitTests", dependencies: ["PluginKit", "GtkReactive", "CGtk"], swiftSettings: strict + gtkSwift),
        .testTarget(name: "GtkReactiveTests", dependencies: ["GtkReactive", "GtkShim", "CGtk"], swiftSettings: strict + gtkSwift),
    ]
)
