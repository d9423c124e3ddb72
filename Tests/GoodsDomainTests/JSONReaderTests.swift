import Testing
import Foundation
@testable import GoodsDomain

@Suite("JSON reader")
struct JSONReaderTests {
    func read(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(JSONSyntaxError) in try JSONReader.read(UnsafeBufferPointer(buffer)) }
    }

    func string(_ text: String) throws -> String? {
        guard case let .string(value) = try read(text) else { return nil }
        return value
    }

    @Test func stringsWithEveryEscape() throws {
        #expect(try string(#""a\"b\\c\/d\b\f\n\r\t""#) == "a\"b\\c/d\u{8}\u{C}\n\r\t")
        #expect(try string(#""\u4e2d\u6587""#) == "中文")
        #expect(try string(#""\ud83d\ude00 smile""#) == "😀 smile", "a surrogate pair is one scalar")
        #expect(try string(#""\ud83d alone""#) == "\u{FFFD} alone", "a lone surrogate becomes U+FFFD")
        #expect(try string(#""\ude00""#) == "\u{FFFD}")
        #expect(try string("\"😘You  Can 😘\"") == "😘You  Can 😘", "raw UTF-8 passes as it is")
        #expect(try string(#""a\u0000b""#) == "a\u{0}b", "an escaped NUL is kept")
    }

    @Test func numbersNeverTrap() throws {
        guard case let .number(integer, _) = try read("9007199254740993") else { Issue.record("not a number"); return }
        #expect(integer == 9_007_199_254_740_993, "whole numbers are exact, not rounded through a double")
        guard case let .number(big, double) = try read("18446744073709551616") else { Issue.record("not a number"); return }
        #expect(big == nil && double == 18_446_744_073_709_551_616)
        guard case let .number(exponent, _) = try read("-1.5e3") else { Issue.record("not a number"); return }
        #expect(exponent == -1500)
        guard case let .number(fraction, _) = try read("0.25") else { Issue.record("not a number"); return }
        #expect(fraction == nil)
        guard case let .number(huge, _) = try read("1e400") else { Issue.record("not a number"); return }
        #expect(huge == nil, "an infinite double is no integer")
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "1e", "\"unterminated", "\"tab\there\"", "nul", "[1] x",
                      "{\"a\":1,}", "\"\\x\"", "\"\\u12\"", "NaN", "+1"])
    func malformedTextIsRefusedWithItsOffset(text: String) {
        #expect(throws: JSONSyntaxError.self) { try read(text) }
    }

    @Test func deepNestingIsRefusedNotAStackOverflow() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect { try read(deep) } throws: { "\($0)".contains("nested") }
        let fine = String(repeating: "[", count: JSONReader.maximumDepth) + String(repeating: "]", count: JSONReader.maximumDepth)
        #expect(throws: Never.self) { try read(fine) }
    }

    @Test func objectsKeepTheirMembers() throws {
        guard case let .object(object) = try read(#" { "a" : [true, false, null], "b": {"c": "d"} } "#) else { Issue.record("not an object"); return }
        #expect(object.keys == ["a", "b"])
        guard case let .array(items)? = object["a"] else { Issue.record("no array"); return }
        #expect(items.count == 3)
        #expect(object["missing"] == nil)
    }
}
