import CIntl
import Foundation
import Localization
import Testing

/// gettext for any program: the process's domain chosen at start, and domains of plugins.
/// Serialized: the locale and the process's domain are the process's own.
@Suite("Localization", .serialized)
struct LocalizationTests {
    @Test func startMakesTheGivenDomainTheOneTrTranslatesIn() throws {
        let domain = "localization-tests-app"
        let catalogue = try Catalogue(domain: domain, ["应用文本": "app text", "第 {0} 页": "page {0}"])
        Catalogue.withMessageLocale {
            #expect(tr("应用文本") == "应用文本", "before start, another domain")
            Localization.start(domain: domain, localeDirectory: catalogue.directory.path)
            // start follows the user's locale; the test runs in one that translates whatever it is.
            setlocale(LC_MESSAGES, Catalogue.locale)
            #expect(Localization.domain == domain)
            #expect(tr("应用文本") == "app text")
            #expect(tr("第 {0} 页", 2) == "page 2")
            #expect(tr("不在目录里") == "不在目录里")
            // The process's domain is what an unnamed Domain would be; a Domain of it agrees.
            #expect(Localization.Domain(domain)("应用文本") == "app text")
        }
        #expect(Localization.domain != domain, "the test put the process's domain back")
    }

    @Test func trSubstitutesArgumentsInOrder() {
        #expect(tr("{0} 和 {1}", "a", 2) == "a 和 2")
        #expect(tr("{1}{0}", "a", "b") == "ba")
        #expect(tr("无参数") == "无参数")
    }
}
