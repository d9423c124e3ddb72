import Foundation
import Reactive
import ReactiveTesting
import Testing
import ViewModelKit

struct StoredNote: Codable, Sendable, Equatable {
    var text: String
    init(text: String) { self.text = text }
    /// Range-checked, as untrusted input must be.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        guard text.count <= 10 else { throw DecodingError.dataCorruptedError(forKey: .text, in: container, debugDescription: "too long") }
    }
}

/// The atomic JSON store, on virtual time: its I/O runs when the test advances the scheduler.
@Suite("JSON file store")
struct JSONFileStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("json-store-\(UUID().uuidString)/nested")
    let io = TestScheduler()
    var url: URL { folder.appendingPathComponent("notes.json") }

    func load(_ store: JSONFileStore<StoredNote>) -> StoredFile<StoredNote>? {
        let recorder = store.load().recorded(on: io)
        #expect(recorder.values.isEmpty, "nothing read before the I/O scheduler runs")
        io.advance()
        #expect(recorder.isCompleted)
        return recorder.values.first
    }

    @Test func aSavedValueLoadsBackAndNoTemporaryFileStays() throws {
        let store = JSONFileStore<StoredNote>(url: url, io: io)
        guard case .missing = load(store) else { Issue.record("a first start has no file"); return }
        store.save(StoredNote(text: "one"))
        store.save(StoredNote(text: "two"))
        #expect(!FileManager.default.fileExists(atPath: url.path), "written on the I/O scheduler only")
        io.advance()
        guard case let .loaded(note) = load(JSONFileStore<StoredNote>(url: url, io: io)) else { Issue.record("saved"); return }
        #expect(note == StoredNote(text: "two"), "saves run in order")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.json"])
    }

    @Test(arguments: [Data("{not json".utf8), Data(#"{"text": "far too long for a note"}"#.utf8)])
    func aDamagedFileIsKeptAsideAndNeverDeleted(contents: Data) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try contents.write(to: url)
        let store = JSONFileStore<StoredNote>(url: url, io: io)
        guard case let .damaged(reason, kept?) = load(store) else { Issue.record("damaged"); return }
        #expect(!reason.description.isEmpty)
        #expect(kept.lastPathComponent.hasPrefix("notes.json.damaged-"))
        #expect(try Data(contentsOf: kept) == contents, "kept as it was")
        #expect(!FileManager.default.fileExists(atPath: url.path))
        store.save(StoredNote(text: "fresh"))
        io.advance()
        guard case .loaded(StoredNote(text: "fresh")) = load(store) else { Issue.record("a fresh file after"); return }
    }

    @Test func aDamagedFileNeverReplacesOneKeptBefore() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Two damaged files within the same second: the second is kept under another name.
        try Data("{first".utf8).write(to: url)
        guard case let .damaged(_, first?) = load(JSONFileStore<StoredNote>(url: url, io: io)) else { Issue.record("first damaged"); return }
        try Data("{second".utf8).write(to: url)
        guard case let .damaged(_, second?) = load(JSONFileStore<StoredNote>(url: url, io: io)) else { Issue.record("second damaged"); return }
        #expect(first != second)
        #expect(try Data(contentsOf: first) == Data("{first".utf8), "the first one kept as it was")
        #expect(try Data(contentsOf: second) == Data("{second".utf8))
    }

    @Test func flushWaitsForTheQueuedSavesAndSaysWhenItCannot() throws {
        let store = JSONFileStore<StoredNote>(url: url, io: QueueScheduler(name: "flush-test"))
        for text in ["a", "b", "last"] { store.save(StoredNote(text: text)) }
        #expect(store.flush())
        #expect(try JSONDecoder().decode(StoredNote.self, from: Data(contentsOf: url)) == StoredNote(text: "last"))
        // A scheduler nobody runs: the flush gives up after its timeout instead of hanging.
        let stalled = JSONFileStore<StoredNote>(url: url, io: io)
        stalled.save(StoredNote(text: "never"))
        #expect(!stalled.flush(timeout: .milliseconds(50)))
    }

    @Test func aFileTooLargeIsDamaged() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"text": "ok"}"#.utf8).write(to: url)
        guard case .damaged = load(JSONFileStore<StoredNote>(url: url, io: io, maximumBytes: 4)) else { Issue.record("too large"); return }
    }

    @Test func aSaveThatCannotWriteSaysWhy() throws {
        // A file where the folder should be: nothing can be created under it.
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: folder)
        let store = JSONFileStore<StoredNote>(url: url, io: io)
        let failures = store.failures.recorded()
        store.save(StoredNote(text: "x"))
        io.advance()
        #expect(failures.values.count == 1)
    }
}
