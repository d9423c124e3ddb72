import Testing
import TestSupport
import GoodsDomain
import GoodsViewModels
import Reactive
import ViewModelKit

/// The one wording place: every store fault in every request, every field, every whole
/// sentence; and view models show errors through it.
@Suite("UserMessage words every error")
struct UserMessageTests {
    static let storeKinds: [StoreError.Kind] = [
        .readOnly(.inUseByAnotherInstance), .readOnly(.locked), .readOnly(.diskFull), .readOnly(.readOnlyMedium),
        .readOnly(.newerSchema(found: 9, known: 7)), .locked, .busy, .diskFull, .damaged, .notAFile, .closed, .notFound,
        .invalidComment(.empty), .invalidComment(.tooLong), .cancelled, .failed,
        .importInProgress, .unreadable, .cannotCreate, .dataSetUnreadable,
    ]

    @Test(arguments: SimulatedServer.Request.allCases)
    func everyStoreFaultOfARequestSaysWhatFailedAndWhy(request: SimulatedServer.Request) {
        let prefix = switch request {
        case .login: "无法登录："
        case .goodsPage, .sellerGoods, .placeGoods: "无法读取商品："
        case .banners: "无法读取广告："
        case .like: "无法保存收藏："
        case .search: "无法搜索商品："
        case .comments: "无法读取留言："
        case .addComment: "无法保存留言："
        }
        let said = Self.storeKinds.map { kind in
            ServiceError(StoreError(kind, message: "SQLite says: disk I/O error (SQLite code 10)"), request: request).userMessage
        }
        #expect(said == [
            "另一个 GoodsDesk 正在使用这些数据，本窗口只能查看", "数据库被其他程序锁定，本窗口只能查看", "磁盘已满，本窗口只能查看",
            "数据库所在位置不可写，本窗口只能查看", "数据库由更新版本的 GoodsDesk 创建（版本 9，本程序为 7），本窗口只能查看",
            "数据库正被其他程序占用，请稍后再试", "数据库正被其他程序占用，请稍后再试", "磁盘已满，没有保存",
            "数据库文件已损坏，GoodsDesk 下次启动时会检查它", "数据库已关闭", "数据库已关闭", "没有这件商品",
        ].map { prefix + $0 } + ["留言不能为空", "留言不能超过 200 个字", nil, prefix + "数据库出错"]
          + Array(repeating: prefix + "数据库已关闭", count: 4))
        for sentence in said.compactMap({ $0 }) {
            #expect(!sentence.contains("SQLite") && !sentence.contains("(") && !sentence.contains("Error"), "\(sentence)")
        }
    }

    @Test func everyOpeningFaultNamesTheFileAndWhatToDo() {
        let said = Self.storeKinds.map { kind in
            UserMessage.opening(StoreError(kind, path: "/home/u/goodsdesk.sqlite", detail: "disk I/O error",
                                           message: "StoreError.Kind.failed: SQLite code 10"))
        }
        #expect(said[5] == "数据库 /home/u/goodsdesk.sqlite 被其他程序锁定，GoodsDesk 没有改动它：请关闭那个程序后再启动。")
        #expect(said[9] == "/home/u/goodsdesk.sqlite 不是普通文件（disk I/O error）：GoodsDesk 没有改动它。请移走它后再启动。")
        #expect(said[16] == "另一个 GoodsDesk 正在导入商品：请等它完成后再启动。")
        #expect(said[17] == "无法读取数据库 /home/u/goodsdesk.sqlite：disk I/O error。文件原样保留。")
        #expect(said[18] == "无法创建数据库 /home/u/goodsdesk.sqlite：disk I/O error")
        #expect(said[19] == "无法读取数据集：disk I/O error")
        for sentence in said {
            #expect(!sentence.contains("StoreError") && !sentence.contains("SQLite code") && !sentence.contains("Kind"), "\(sentence)")
        }
    }

    @Test func everyStoreNoticeIsOneSentence() {
        #expect(UserMessage.notice(.readOnly(.inUseByAnotherInstance)) == "另一个 GoodsDesk 正在使用这些数据：本窗口只能查看，收藏不会保存。")
        #expect(UserMessage.notice(.readOnly(.newerSchema(found: 9, known: 7)))
            == "数据库由更新版本的 GoodsDesk 创建（版本 9，本程序为 7）：本窗口只能查看，数据原样保留。")
        #expect(UserMessage.notice(.rebuilt(keptAs: "/d/db.damaged-1", accounts: 1, likes: 2))
            == "数据库已损坏：原文件保存为 /d/db.damaged-1；已重建，并找回 1 个账号和 2 个收藏。")
    }

    @Test func theStoresErrorStaysReachableForTheLog() {
        let store = StoreError(.diskFull, message: "database write failed: database or disk is full (SQLite code 13)")
        let error = ServiceError(store, request: .like)
        #expect(error.storeError == store)
        #expect(error.kind == .diskFull)
        #expect(error.description.contains("SQLite code 13"), "the log gets the detail")
        #expect(error.userMessage == "无法保存收藏：磁盘已满，没有保存", "the user does not")
    }

    @Test func fieldsSayTheSeedsMessagesAndNameTheField() {
        let cases: [(ServiceError.Kind, String, InputField?)] = [
            (.invalidInput(.phone, .malformed), "请输入正确的手机号码", .phone),
            (.invalidInput(.code, .malformed), "验证码错误", .code),
            (.invalidInput(.comment, .empty), "留言不能为空", .comment),
            (.invalidInput(.comment, .tooLong), "留言不能超过 200 个字", .comment),
            (.serverUnavailable, "呜呜，服务器不给力呀...", nil),
            (.notLoggedIn, "请先登录", nil),
        ]
        for (kind, sentence, field) in cases {
            for request in [nil] + SimulatedServer.Request.allCases.map(Optional.some) {
                let error = ServiceError(kind, request: request)
                #expect(error.userMessage == sentence, "\(kind) in \(String(describing: request))")
                #expect(error.field == field)
            }
        }
    }

    @Test func aStoreFaultOutsideARequestIsItsReasonAlone() {
        #expect(ServiceError(.busy).userMessage == "数据库正被其他程序占用，请稍后再试")
        #expect(ServiceError(.cancelled).userMessage == nil)
    }

    @MainActor
    @Test func aViewModelShowsAServiceErrorInItsWords() {
        let viewModel = ViewModel()
        let shown = Log<String>()
        viewModel.errors.observeValues { shown.append($0) }
        viewModel.show(ServiceError(StoreError(.readOnly(.diskFull), message: "x"), request: .like))
        viewModel.show(ServiceError(.cancelled, request: .search))
        #expect(shown.values == ["无法保存收藏：磁盘已满，本窗口只能查看"], "a cancelled request says nothing")
    }
}
