import TestSupport
import Testing
import Foundation
import GoodsDomain
import Reactive
import ViewModelKit
@testable import GoodsViewModels

@MainActor
@Suite("Start screen")
struct StartViewModelTests {
    @Test func showsTheImportsProgressThenGoesOnWithTheStore() throws {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<StoreOpeningEvent, StoreError>.pipe()
        let store = try GoodsStore.inMemory(importing: World.dataSet(count: 3))
        let start = StartViewModel(opening: SignalProducer(signal), scheduler: scheduler)
        let requests = Log<NavigationRequest>()
        start.navigation.observeValues { requests.append($0) }
        input.send(value: .progress(ImportProgress(pagesRead: 5, pageCount: 20, goodsImported: 100)))
        #expect(start.fraction.value == 0, "delivered on the scheduler")
        scheduler.advance()
        #expect(start.fraction.value == 0.25)
        #expect(start.detail.value.contains("100") && start.detail.value.contains("5/20"))
        input.send(value: .opened(store))
        scheduler.advance()
        #expect(requests.values.count == 1)
        guard case let .open(destination, .replaceRoot)? = requests.values.first else {
            Issue.record("the opened store goes on along GoodsRoutes.opened, in place of the stack")
            return
        }
        #expect(destination.argument(for: GoodsRoutes.opened) === store)
        #expect(!start.hasFailed.value)
    }

    @Test func aStoreThatCannotOpenSaysWhyAndStays() {
        let scheduler = TestScheduler()
        let start = StartViewModel(opening: SignalProducer(error: StoreError(.notAFile, path: "/x", detail: "directory", message: "/x is a directory")), scheduler: scheduler)
        let requests = Log<NavigationRequest>()
        start.navigation.observeValues { requests.append($0) }
        scheduler.advance()
        #expect(requests.values.isEmpty, "no next screen")
        #expect(start.hasFailed.value)
        #expect(start.detail.value == "/x 不是普通文件（directory）：GoodsDesk 没有改动它。请移走它后再启动。")
    }

    @Test func theStoresNoticesAreShownBeforeMovingOn() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-start-\(UUID().uuidString)/db.sqlite").path
        let first = try GoodsStore.open(at: path, dataSet: { World.dataSet(count: 2) }, log: { _ in })
        let scheduler = TestScheduler()
        let notices = Log<String>()
        let start = StartViewModel(opening: GoodsStore.opening(at: path, dataSet: { World.dataSet(count: 2) }, log: { _ in })
            .on(value: { _ in }), scheduler: scheduler)
        start.notices.observeValues { notices.append($0) }
        // The opening runs on a thread of its own; its answer waits on the scheduler.
        let deadline = Date().addingTimeInterval(10)
        while notices.values.isEmpty && Date() < deadline {
            scheduler.advance()
            RunLoop.current.run(until: Date().addingTimeInterval(0.005))
        }
        #expect(notices.values == ["另一个 GoodsDesk 正在使用这些数据：本窗口只能查看，收藏不会保存。"], "the second opening is read-only while the first holds the data")
        first.close()
    }
}
