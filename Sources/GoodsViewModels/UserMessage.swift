import GoodsDomain
import Localization
import ViewModelKit

/// The one place GoodsDesk's errors become sentences. A service's `ServiceError` is worded here
/// as "what failed: why" (`无法保存收藏：磁盘已满，没有保存`), a field's as its seed message
/// (`请输入正确的手机号码`, `验证码错误`), and anything a view model cannot word is said by
/// `unhandled`. No sentence shows an error's type or description: those go to the log.
public enum UserMessage {
    /// The sentence for `error`; nil for a cancelled request (nothing happened to tell).
    public static func text(for error: ServiceError) -> String? {
        let reason: String
        switch error.kind {
        case .cancelled: return nil
        case .serverUnavailable: return tr("呜呜，服务器不给力呀...")
        case .notLoggedIn: return tr("请先登录")
        case let .invalidInput(field, problem): return text(for: field, problem)
        case .busy: reason = tr("数据库正被其他程序占用，请稍后再试")
        case let .readOnly(why): reason = readOnly(why)
        case .diskFull: reason = tr("磁盘已满，没有保存")
        case .damaged: reason = tr("数据库文件已损坏，GoodsDesk 下次启动时会检查它")
        case .storeUnavailable: reason = tr("数据库已关闭")
        case .notFound: reason = tr("没有这件商品")
        case .failed: reason = tr("数据库出错")
        }
        guard let request = error.request else { return reason }
        return failed(request, because: reason)
    }

    /// What the app-wide stream's toast says for an error no view model could word
    /// (`UnhandledErrors.message`, set at start-up).
    public static var unhandled: String { tr("出了点问题，操作没有完成") }

    /// A field's message: the seeds' for the login's fields.
    static func text(for field: InputField, _ problem: InputProblem) -> String {
        switch (field, problem) {
        case (.phone, _): return tr("请输入正确的手机号码")
        case (.code, _): return tr("验证码错误")
        case (.comment, .tooLong): return tr("留言不能超过 {0} 个字", GoodsComment.maximumLength)
        case (.comment, .empty), (.comment, .malformed): return tr("留言不能为空")
        }
    }

    /// "What failed: why" for each request.
    static func failed(_ request: SimulatedServer.Request, because reason: String) -> String {
        switch request {
        case .login: return tr("无法登录：{0}", reason)
        case .goodsPage, .sellerGoods, .placeGoods: return tr("无法读取商品：{0}", reason)
        case .banners: return tr("无法读取广告：{0}", reason)
        case .like: return tr("无法保存收藏：{0}", reason)
        case .search: return tr("无法搜索商品：{0}", reason)
        case .comments: return tr("无法读取留言：{0}", reason)
        case .addComment: return tr("无法保存留言：{0}", reason)
        }
    }

    /// The start screen's sentence for a store that could not be opened: what is wrong with
    /// which file, and that GoodsDesk left it as it was.
    public static func opening(_ error: StoreError) -> String {
        let path = error.path ?? ""
        let detail = error.detail ?? tr("原因不明")
        switch error.kind {
        case .notAFile: return tr("{0} 不是普通文件（{1}）：GoodsDesk 没有改动它。请移走它后再启动。", path, detail)
        case .importInProgress: return tr("另一个 GoodsDesk 正在导入商品：请等它完成后再启动。")
        case .locked, .busy: return tr("数据库 {0} 被其他程序锁定，GoodsDesk 没有改动它：请关闭那个程序后再启动。", path)
        case .cannotCreate: return tr("无法创建数据库 {0}：{1}", path, detail)
        case .dataSetUnreadable: return tr("无法读取数据集：{0}", detail)
        case let .readOnly(reason): return readOnly(reason)
        case .diskFull: return readOnly(.diskFull)
        case .unreadable, .damaged, .closed, .notFound, .invalidComment, .cancelled, .failed:
            return tr("无法读取数据库 {0}：{1}。文件原样保留。", path, detail)
        }
    }

    /// What the window says once the store is open: read-only, or rebuilt from a damaged file.
    public static func notice(_ notice: StoreNotice) -> String {
        switch notice {
        case .readOnly(.inUseByAnotherInstance):
            return tr("另一个 GoodsDesk 正在使用这些数据：本窗口只能查看，收藏不会保存。")
        case .readOnly(.locked):
            return tr("数据库被其他程序锁定：本窗口只能查看，收藏不会保存。")
        case .readOnly(.diskFull):
            return tr("磁盘已满：本窗口只能查看，收藏不会保存。你的数据原样保留。")
        case .readOnly(.readOnlyMedium):
            return tr("数据库所在位置不可写：本窗口只能查看，收藏不会保存。")
        case let .readOnly(.newerSchema(found, known)):
            return tr("数据库由更新版本的 GoodsDesk 创建（版本 {0}，本程序为 {1}）：本窗口只能查看，数据原样保留。", found, known)
        case let .rebuilt(copy, accounts, likes):
            return tr("数据库已损坏：原文件保存为 {0}；已重建，并找回 {1} 个账号和 {2} 个收藏。", copy, accounts, likes)
        }
    }

    /// Why nothing could be written: the store is read-only for `reason`.
    static func readOnly(_ reason: ReadOnlyReason) -> String {
        switch reason {
        case .inUseByAnotherInstance: return tr("另一个 GoodsDesk 正在使用这些数据，本窗口只能查看")
        case .locked: return tr("数据库被其他程序锁定，本窗口只能查看")
        case .diskFull: return tr("磁盘已满，本窗口只能查看")
        case .readOnlyMedium: return tr("数据库所在位置不可写，本窗口只能查看")
        case let .newerSchema(found, known):
            return tr("数据库由更新版本的 GoodsDesk 创建（版本 {0}，本程序为 {1}），本窗口只能查看", found, known)
        }
    }
}

extension ServiceError: UserFacingError {
    /// `UserMessage.text(for:)`: what the user reads for this error.
    public var userMessage: String? { UserMessage.text(for: self) }
}
