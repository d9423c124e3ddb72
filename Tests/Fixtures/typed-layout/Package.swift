// swift-tools-version:6.0
// A third party's package on GoodsDesk's framework, for LayoutCodegenTests: one target whose code
// uses the typed layout of its greeter.ui. Built by that test (in .build/fixture-builds), which
// renames an id in the .ui file and checks that the build then fails where the code uses it.
import Foundation
import PackageDescription

/// GTK's include folders, as the framework's own manifest finds them (its C modules need them).
func gtkIncludes() -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags-only-I", "gtk4", "libadwaita-1", "libsoup-3.0"]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return [] }
    process.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}

let package = Package(
    name: "TypedLayoutFixture",
    dependencies: [.package(name: "GoodsDesk", path: "../../..")],
    targets: [
        .target(name: "Greeter", dependencies: [.product(name: "GtkReactive", package: "GoodsDesk")],
                exclude: ["Greeter.gresource.xml", "greeter.ui"],
                swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(gtkIncludes().flatMap { ["-Xcc", $0] })],
                plugins: [.plugin(name: "EmbedGResource", package: "GoodsDesk")]),
    ]
)
