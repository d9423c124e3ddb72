import Foundation
import Localization
import Testing

/// As a plugin declares it: this file's `tr` is a domain of its own, shadowing the imported one.
private let tr = Localization.Domain("localization-tests-plugin")

extension LocalizationTests {
    @Test func aDomainTranslatesFromItsOwnCatalogue() throws {
        let catalogue = try Catalogue(domain: tr.name, [
            "插件文本": "plugin text",
            "共 {0} 件, 第 {1} 页": "page {1}, {0} goods",
        ])
        tr.bind(localeDirectory: catalogue.directory.path)
        Catalogue.withMessageLocale {
            #expect(tr("插件文本") == "plugin text")
            // `{0}` substitution as `tr`'s, in the translation's order.
            #expect(tr("共 {0} 件, 第 {1} 页", 12, 3) == "page 3, 12 goods")
            // Not in the catalogue: the source string.
            #expect(tr("没有翻译") == "没有翻译")
            #expect(tr("没有翻译 {0}", "x") == "没有翻译 x")
            // Only this domain's catalogue: the process's domain does not know the text.
            #expect(Localization.Domain("localization-tests-elsewhere")("插件文本") == "插件文本")
        }
    }

    @Test func pluralsTakeTheFormTheCountAsksFor() throws {
        // Untranslated: English's rule, the count in place of {0}.
        let untranslated = Localization.Domain("localization-tests-no-catalogue")
        #expect(untranslated("{0} item left", plural: "{0} items left", count: 0) == "0 items left")
        #expect(untranslated("{0} item left", plural: "{0} items left", count: 1) == "1 item left")
        #expect(untranslated("{0} item left", plural: "{0} items left", count: 2) == "2 items left")
        let plural = Localization.Domain("localization-tests-plural")
        let catalogue = try Catalogue(domain: plural.name, ["{0} item left\u{0}{0} items left": "noch {0} Aufgabe\u{0}noch {0} Aufgaben"])
        plural.bind(localeDirectory: catalogue.directory.path)
        Catalogue.withMessageLocale {
            #expect(plural("{0} item left", plural: "{0} items left", count: 1) == "noch 1 Aufgabe")
            #expect(plural("{0} item left", plural: "{0} items left", count: 3) == "noch 3 Aufgaben")
        }
    }

    @Test func domainsAreValuesNamedByTheirDomain() {
        #expect(tr.name == "localization-tests-plugin")
        #expect(Localization.Domain("a") == Localization.Domain("a"))
        #expect(Localization.Domain("a") != Localization.Domain("b"))
    }
}
