import TestSupport
import Testing
import Foundation
@testable import GoodsDomain

@Suite("App environment")
struct AppEnvironmentTests {
    @Test func followsTheXDGVariables() {
        let environment = AppEnvironment(variables: [
            "HOME": "/home/u", "XDG_DATA_HOME": "/tmp/d", "XDG_CONFIG_HOME": "/tmp/c", "XDG_CACHE_HOME": "/tmp/k",
            "XDG_STATE_HOME": "/tmp/s", "GOODSDESK_LATENCY_MS": "25", "GOODSDESK_DATA_DIR": "/srv/data",
        ])
        #expect(environment.databasePath == "/tmp/d/goodsdesk/goodsdesk.sqlite")
        #expect(environment.preferencesFile.path == "/tmp/c/goodsdesk/preferences")
        #expect(environment.cacheDirectory.path == "/tmp/k/goodsdesk")
        #expect(environment.stateDirectory.path == "/tmp/s/goodsdesk")
        #expect(environment.latency == .milliseconds(25))
        #expect(environment.dataSetDirectory.path == "/srv/data")
    }

    @Test func fallsBackToTheHomeFolderAndTheSeedsLatency() {
        let environment = AppEnvironment(variables: ["HOME": "/home/u", "XDG_DATA_HOME": "relative/is/ignored", "GOODSDESK_LATENCY_MS": "soon"])
        #expect(environment.dataDirectory.path == "/home/u/.local/share/goodsdesk")
        #expect(environment.configDirectory.path == "/home/u/.config/goodsdesk")
        #expect(environment.stateDirectory.path == "/home/u/.local/state/goodsdesk")
        #expect(environment.latency == nil, "a bad value keeps the default latency")
    }

    @Test func findsTheDataSetOfTheSourceTreeFromABuiltProgram() {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let program = checkout.appendingPathComponent(".build/debug/goodsdesk")
        #expect(AppEnvironment.findDataSet(near: program)?.path == checkout.appendingPathComponent("data/dataset").path)
    }

    @Test func firstRunImportsTheDataSetUnderXDGDataHome() throws {
        let home = Fixtures.temporaryFolder()
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let environment = AppEnvironment(variables: ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path],
                                         executable: checkout.appendingPathComponent(".build/debug/goodsdesk"))
        let log = Log<String>()
        let store = try GoodsStore.open(at: environment.databasePath,
                                        dataSet: { () throws(DataSetError) in try DataSet.load(from: environment.dataSetDirectory) },
                                        log: log.append)
        #expect(store.goodsCount == 400)
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("data/goodsdesk/goodsdesk.sqlite").path))
        #expect(log.values.isEmpty)
    }
}
