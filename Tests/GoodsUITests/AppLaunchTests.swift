import GoodsDomain
import Testing
@testable import GoodsUI

/// What a second launch asks of the running GoodsDesk: a launch without options only raises
/// its window; options it does not follow already are named back, to say they need a restart.
@Suite("A second launch's options")
struct AppLaunchTests {
    func options(_ arguments: [String]) throws -> LaunchOptions { try LaunchOptions.parse(arguments) }

    @Test func noOptionsOnlyRaise() throws {
        #expect(AppLaunch.optionsNeedingRestart(asked: try options([]), running: try options(["--plugin-dir", "/p"])) == nil)
        #expect(AppLaunch.optionsNeedingRestart(
            asked: try options(["--data-source", "mhdemo:/x"]), running: try options(["--data-source", "mhdemo:/x"])) == nil,
                "the same data source is what runs")
    }

    @Test func otherOptionsNeedARestart() throws {
        #expect(AppLaunch.optionsNeedingRestart(asked: try options(["--data-source", "mhdemo:/x"]), running: try options([]))
                == "--data-source mhdemo:/x")
        #expect(AppLaunch.optionsNeedingRestart(
            asked: try options(["--plugin-dir", "/a", "--data-source=d:1"]), running: try options(["--plugin-dir", "/b"]))
                == "--data-source d:1 --plugin-dir /a")
    }

    @Test func theToolkitsOptionsMapOntoGoodsDesks() {
        let mapped = LaunchOptions.table.map(AppLaunch.applicationOption)
        #expect(mapped.map(\.name) == ["plugin-dir", "data-source", "version"])
        #expect(mapped.map(\.kind) == [.paths, .text, .flag])
        #expect(mapped.map(\.valueName) == ["DIR", "ID:ARG", nil])
    }
}
