// swift-tools-version:6.0
// TodoMVC as a GNOME desktop app, on the GoodsDesk framework alone: its library products and its
// EmbedGResource build plugin, by path. No pkg-config helper and no unsafe flags: GTK's include
// folders and libraries come with the framework's CGtk (its `pkgConfig:`) to every target here.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "GoodsDeskTodo",
    products: [.executable(name: "goodsdesk-todo", targets: ["goodsdesk-todo"])],
    dependencies: [.package(name: "GoodsDesk", path: "../..")],
    targets: [
        // The list's state and what the user can do with it: pure (no GTK), tested headlessly.
        .target(name: "TodoViewModels", dependencies: [
            .product(name: "ViewModelKit", package: "GoodsDesk"),
            .product(name: "Reactive", package: "GoodsDesk"),
            .product(name: "Localization", package: "GoodsDesk"),
        ], swiftSettings: strict),
        // The window: the screen's controller, its ViewManager and row view, the layouts.
        .executableTarget(name: "goodsdesk-todo", dependencies: [
            "TodoViewModels",
            .product(name: "AppShell", package: "GoodsDesk"),
            .product(name: "PluginKit", package: "GoodsDesk"),
            .product(name: "GtkReactive", package: "GoodsDesk"),
        ], exclude: ["Todo.gresource.xml"], swiftSettings: strict,
        plugins: [.plugin(name: "EmbedGResource", package: "GoodsDesk")]),
        .testTarget(name: "TodoViewModelsTests", dependencies: [
            "TodoViewModels",
            .product(name: "ReactiveTesting", package: "GoodsDesk"),
        ], swiftSettings: strict),
    ]
)
