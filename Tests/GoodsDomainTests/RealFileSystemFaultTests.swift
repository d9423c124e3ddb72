import Testing
import Foundation
@testable import GoodsDomain

/// The same faults on real file systems: a tiny tmpfs that fills up, and one remounted
/// read-only. Mounting needs root (CI runs as root); elsewhere these say why they cannot run,
/// and the page-limit tests in `StoreFaultTests` cover the same paths.
@Suite("Store faults on real file systems", .serialized)
struct RealFileSystemFaultTests {
    static let canMount: Bool = {
        let probe = Fixtures.temporaryFolder()
        defer { _ = umount2(probe.path, Int32(MNT_DETACH)) }
        return mount("tmpfs", probe.path, "tmpfs", 0, "size=64k") == 0
    }()

    /// A tmpfs of `kilobytes` mounted on a fresh folder; unmounted by `body`'s end.
    static func withTmpfs(kilobytes: Int, _ body: (URL) throws -> Void) throws {
        let folder = Fixtures.temporaryFolder()
        try #require(mount("tmpfs", folder.path, "tmpfs", 0, "size=\(kilobytes)k") == 0, "mount: \(String(cString: strerror(errno)))")
        defer { _ = umount2(folder.path, Int32(MNT_DETACH)) }
        try body(folder)
    }

    @Test(.enabled(if: canMount, "needs root to mount a tmpfs"))
    func aFullDiskAtTheFirstStartLeavesNothingHalfWritten() throws {
        try Self.withTmpfs(kilobytes: 96) { folder in
            let path = folder.appendingPathComponent("goodsdesk.sqlite").path
            let store = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 2_000) }, log: { _ in })
            #expect(store.access == .readOnly(.diskFull))
            #expect(store.goodsCount == 2_000, "browsable from memory")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(left.allSatisfy { $0.hasSuffix(".lock") }, "no half-written database: \(left)")
        }
    }

    @Test(.enabled(if: canMount, "needs root to mount a tmpfs"))
    func aDiskThatFillsUpKeepsEveryCommittedLike() throws {
        try Self.withTmpfs(kilobytes: 2_048) { folder in
            let path = folder.appendingPathComponent("goodsdesk.sqlite").path
            do {
                let store = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 60) }, log: { _ in })
                try store.setLiked(true, goodsID: 3, phone: StoreFaultTests.phone)
                store.close()
            }
            // Fill every byte that is left.
            let fillerPath = folder.appendingPathComponent("filler").path
            #expect(FileManager.default.createFile(atPath: fillerPath, contents: nil))
            let filler = FileHandle(forWritingAtPath: fillerPath)
            let chunk = Data(repeating: 1, count: 4096)
            while (try? filler?.write(contentsOf: chunk)) != nil {}
            try? filler?.close()
            let store = try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return Fixtures.dataSet(count: 1) }, log: { _ in })
            #expect(store.access == .readOnly(.diskFull))
            #expect(try store.goods(id: 3, viewer: StoreFaultTests.phone)?.isLiked == true)
            #expect(throws: StoreError.self) {
                for id in 10...60 { try store.setLiked(true, goodsID: id, phone: StoreFaultTests.phone) }
                try store.save(Account(phone: "13912345678", nickname: String(repeating: "满", count: 100_000), avatar: nil))
            }
            store.close()
            try FileManager.default.removeItem(atPath: folder.appendingPathComponent("filler").path)
            #expect(try StoreFaultTests.likes(at: path) == [3], "the like committed before the disk filled up")
        }
    }

    @Test(.enabled(if: canMount, "needs root to mount a tmpfs"))
    func aReadOnlyMediumOpensReadOnlyWithTheLikes() throws {
        try Self.withTmpfs(kilobytes: 4_096) { folder in
            let path = folder.appendingPathComponent("goodsdesk.sqlite").path
            do {
                let store = try GoodsStore.open(at: path, dataSet: { Fixtures.dataSet(count: 60) }, log: { _ in })
                try store.setLiked(true, goodsID: 41, phone: StoreFaultTests.phone)
                store.close()
            }
            try #require(mount("tmpfs", folder.path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), "size=4096k") == 0, "remount: \(String(cString: strerror(errno)))")
            let store = try GoodsStore.open(at: path, dataSet: { Issue.record("no import"); return Fixtures.dataSet(count: 1) }, log: { _ in })
            #expect(store.access == .readOnly(.readOnlyMedium))
            #expect(try store.goods(id: 41, viewer: StoreFaultTests.phone)?.isLiked == true)
            #expect { try store.setLiked(false, goodsID: 41, phone: StoreFaultTests.phone) } throws: { ($0 as? StoreError)?.kind == .readOnly(.readOnlyMedium) }
        }
    }
}
