import Foundation

/// Dates of the demo format: `yyyy-MM-dd HH:mm:ss` in Beijing time (UTC+8, no daylight saving).
/// Parsed by hand: exact, locale-free and fast.
public enum BeijingTime {
    static let offset: TimeInterval = 8 * 3600

    /// The years a date may name: enough for any real listing, small enough that no arithmetic
    /// on them can overflow.
    public static let years = 1...9999

    /// The instant `text` names, or nil when it is not a valid `yyyy-MM-dd HH:mm:ss` in `years`.
    public static func date(from text: String) -> Date? {
        // Exactly `dddd-dd-dd dd:dd:dd`: no signs, no missing or extra digits.
        let bytes = Array(text.utf8)
        guard bytes.count == 19 else { return nil }
        let separators: [Int: UInt8] = [4: UInt8(ascii: "-"), 7: UInt8(ascii: "-"), 10: UInt8(ascii: " "), 13: UInt8(ascii: ":"), 16: UInt8(ascii: ":")]
        var numbers: [Int] = []
        var value = 0
        for (index, byte) in bytes.enumerated() {
            if let separator = separators[index] {
                guard byte == separator else { return nil }
                numbers.append(value)
                value = 0
            } else {
                guard byte.isASCIIDigit else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
        }
        numbers.append(value)
        let (year, month, day, hour, minute, second) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        guard years.contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        let days = daysFromEpoch(year: year, month: month, day: day)
        let seconds = TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second) - offset
        return Date(timeIntervalSince1970: seconds)
    }

    /// `date` as `yyyy-MM-dd HH:mm:ss` in Beijing time.
    public static func string(from date: Date) -> String {
        let c = components(of: date)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(c.year)
        return String(repeating: "0", count: max(0, 4 - year.count)) + "\(year)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)):\(two(c.second))"
    }

    /// Calendar fields of `date` in Beijing time.
    /// Dates outside `years` (or not finite) are clamped to its first or last second.
    public static func components(of date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let local = (date.timeIntervalSince1970 + offset).rounded(.down)
        let total = local.isNaN ? 0 : Int(min(max(local, Self.firstSecond), Self.lastSecond))
        let days = Int((Double(total) / 86_400).rounded(.down))
        let secondsOfDay = total - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        return (year, month, day, secondsOfDay / 3600, secondsOfDay % 3600 / 60, secondsOfDay % 60)
    }

    /// 0001-01-01 00:00:00 and 9999-12-31 23:59:59, local time, in seconds since 1970.
    static let firstSecond = Double(daysFromEpoch(year: years.lowerBound, month: 1, day: 1) * 86_400)
    static let lastSecond = Double(daysFromEpoch(year: years.upperBound, month: 12, day: 31) * 86_400 + 86_399)

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day count since 1970-01-01.
    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
