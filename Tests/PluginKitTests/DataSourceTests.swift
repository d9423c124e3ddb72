import Foundation
import PluginKit
import Testing

/// Data sources of any content type: PluginKit carries them without knowing what they read.
@MainActor
@Suite("Data sources")
struct DataSourceTests {
    struct Rows: Sendable, Equatable {
        let rows: [String]
    }

    struct Unreadable: Error {}

    func registry() throws -> PluginRegistry {
        let registry = PluginRegistry()
        try registry.registerDataSource(DataSource(id: "rows", name: "Rows") { argument in
            guard !argument.isEmpty else { throw Unreadable() }
            return Rows(rows: argument.split(separator: ",").map(String.init))
        })
        try registry.registerDataSource(DataSource(id: "count", name: "Count") { Int($0) ?? 0 })
        return registry
    }

    @Test func aTypedLookUpReadsTheSourceWithItsType() throws {
        let registry = try registry()
        let rows = try #require(registry.dataSource("rows", of: Rows.self))
        #expect(rows.id == "rows")
        #expect(try rows.read("a,b") == Rows(rows: ["a", "b"]))
        #expect(throws: Unreadable.self) { try rows.read("") }
        let count = try #require(registry.dataSource("count", of: Int.self))
        #expect(try count.read("7") == 7)
    }

    @Test func aTypedLookUpOfAnotherContentTypeFindsNothing() throws {
        let registry = try registry()
        #expect(registry.dataSource("rows", of: Int.self) == nil)
        #expect(registry.dataSource("count", of: Rows.self) == nil)
        #expect(registry.dataSource("none", of: Rows.self) == nil)
    }

    @Test func anUntypedLookUpGivesIdNameAndContentType() throws {
        let registry = try registry()
        #expect(registry.dataSource("rows")?.name == "Rows")
        #expect(registry.dataSource("count")?.contentTypeName == "Swift.Int")
        #expect(registry.dataSource("rows")?.contentTypeName.hasSuffix("DataSourceTests.Rows") == true)
        #expect(registry.dataSource("none") == nil)
        #expect(registry.dataSources.map(\.id) == ["rows", "count"])
        // The untyped one is the same source, once its type is known.
        #expect(try registry.dataSource("count")?.typed(as: Int.self)?.read("3") == 3)
    }

    @Test func idsAreUniqueWhateverTheContentType() throws {
        let registry = try registry()
        #expect(throws: RegistrationError("data source count is already registered by the app")) {
            try registry.registerDataSource(DataSource(id: "count", name: "Other") { _ in "text" })
        }
        #expect(registry.dataSources.map(\.name) == ["Rows", "Count"])
    }
}
