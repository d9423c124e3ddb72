import CIntl
import Foundation
@testable import Localization
import Testing

/// gettext for any program: the process's domain chosen at start, and domains of plugins.
/// Serialized: the locale and the process's domain are the process's own.
@Suite("Localization", .serialized)
struct LocalizationTests {
    @Test func startMakesTheGivenDomainTheOneTrTranslatesIn() throws {
        let domain = "localization-tests-app"
        let catalogue = try Catalogue(domain: domain, ["应用文本": "app text", "第 {0} 页": "page {0}"])
        let savedLanguage = ProcessInfo.processInfo.environment["LANGUAGE"]
        defer { if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") } }
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

    @Test func theUsersLanguagesComeFirstThenEnglishWhenNoneHasACatalogue() {
        let app: Set<String> = ["zh_CN", "en"]
        func languages(_ environment: [String: String]) -> [String] {
            Localization.messageLanguages(environment: environment) { app.contains($0) }
        }
        #expect(languages(["LANG": "zh_CN.UTF-8"]) == ["zh_CN"], "a catalogue: read as it is, the source where it is silent")
        #expect(languages(["LANG": "fr_FR.UTF-8"]) == ["fr_FR", "en"], "no French catalogue: English, not the Chinese source text")
        #expect(languages(["LANG": "C.UTF-8"]) == ["en"])
        #expect(languages(["LANG": "POSIX"]) == ["en"])
        #expect(languages([:]) == ["en"])
        #expect(languages(["LANGUAGE": "de:zh_CN", "LANG": "fr_FR.UTF-8"]) == ["de", "zh_CN"],
                "LANGUAGE's list wins, in its order; Chinese has a catalogue, so no English after it")
        #expect(languages(["LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "zh_CN.utf8", "LANG": "en_US.UTF-8"]) == ["zh_CN"],
                "gettext's order: LC_ALL, LC_MESSAGES, LANG; empty ones skipped")
        #expect(languages(["LANG": "sr_RS.UTF-8@latin"]) == ["sr_RS@latin", "en"])
        #expect(languages(["LANGUAGE": "en:zh_CN"]) == ["en", "zh_CN"], "English once")
        #expect(Localization.messageLanguages(environment: ["LANG": "zh_TW.UTF-8"]) { $0 == "zh" } == ["zh_TW"],
                "a catalogue of the language alone serves its countries")
        #expect(Localization.variants(of: "sr_RS@latin") == ["sr_RS@latin", "sr@latin", "sr_RS", "sr"])
    }

    @Test func startReadsEnglishForALanguageWithoutACatalogueAndTheCatalogueOfOneWithout() throws {
        let domain = "localization-tests-fallback"
        let english = try Catalogue(domain: domain, ["首页": "Home"], languages: ["en"])
        let saved = ProcessInfo.processInfo.environment
        let savedLocale = setlocale(LC_ALL, nil).map { String(cString: $0) }
        let savedDomain = textdomain(nil).map { String(cString: $0) }
        defer {
            for name in ["LANGUAGE", "LANG", "LC_ALL", "LC_MESSAGES"] {
                if let value = saved[name] { setenv(name, value, 1) } else { unsetenv(name) }
            }
            if let savedLocale { setlocale(LC_ALL, savedLocale) }
            if let savedDomain { textdomain(savedDomain) }
        }
        unsetenv("LANGUAGE"); unsetenv("LC_ALL"); unsetenv("LC_MESSAGES")
        // French, whose locale this machine may not even have: no catalogue, so English.
        setenv("LANG", "fr_FR.UTF-8", 1)
        Localization.start(domain: domain, localeDirectory: english.directory.path)
        #expect(tr("首页") == "Home")
        // Chinese, its locale not installed (plain C before): its catalogue is still read.
        let chinese = try Catalogue(domain: domain, ["首页": "首页（目录）"], languages: ["zh_CN"])
        unsetenv("LANGUAGE")
        setenv("LANG", "zh_CN.UTF-8", 1)
        Localization.start(domain: domain, localeDirectory: chinese.directory.path)
        #expect(tr("首页") == "首页（目录）")
    }

    @Test func trSubstitutesArgumentsInOrder() {
        #expect(tr("{0} 和 {1}", "a", 2) == "a 和 2")
        #expect(tr("{1}{0}", "a", "b") == "ba")
        #expect(tr("无参数") == "无参数")
    }
}
