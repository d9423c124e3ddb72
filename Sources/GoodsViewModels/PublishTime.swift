import Foundation
import Localization

/// How a row shows when an item was published: `刚刚`, `N分钟前` and `N小时前` today,
/// `MM-dd HH:mm` earlier this year, `yyyy-MM-dd HH:mm` before that, in `timeZone`. The date
/// given is the item's `publishedAt`: the demo's `editAt` (its text as Beijing time, which is the
/// demo's UTC reading less 8 hours). Today and this year are calendar ones in `timeZone`; the
/// demo counts elapsed days and years instead (a deliberate difference, in the README).
public struct PublishTime: Sendable {
    public let now: Date
    public let timeZone: TimeZone

    public init(now: Date, timeZone: TimeZone = .current) {
        self.now = now
        self.timeZone = timeZone
    }

    public func text(for date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let elapsed = now.timeIntervalSince(date)
        let then = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        let sameDay = then.year == today.year && then.month == today.month && then.day == today.day
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        if elapsed < 60 { return tr("刚刚") }
        if sameDay {
            return elapsed < 3600 ? tr("{0}分钟前", Int(elapsed / 60)) : tr("{0}小时前", Int(elapsed / 3600))
        }
        let time = "\(two(then.month))-\(two(then.day)) \(two(then.hour)):\(two(then.minute))"
        return then.year == today.year ? time : "\(then.year ?? 0)-\(time)"
    }
}
