import Foundation
import Testing
import ViewModelKit

@Suite("XDG base directories")
struct XDGDirectoriesTests {
    @Test func theVariablesNameTheFoldersAndAbsentOnesFallBackToHome() {
        let set = XDGDirectories(environment: ["HOME": "/home/a", "XDG_DATA_HOME": "/tmp/data", "XDG_CONFIG_HOME": "/tmp/config"])
        #expect(set.data("todo").path == "/tmp/data/todo")
        #expect(set.config("todo").path == "/tmp/config/todo")
        #expect(set.cache("todo").path == "/home/a/.cache/todo")
        let unset = XDGDirectories(environment: ["HOME": "/home/a", "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "relative/config"])
        #expect(unset.dataHome.path == "/home/a/.local/share", "empty: ignored")
        #expect(unset.configHome.path == "/home/a/.config", "relative: ignored, as the specification says")
    }
}
