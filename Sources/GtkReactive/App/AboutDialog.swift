import CGtk
import Foundation
import GtkShim

/// What an About dialog says: all of it from the program (translated there), none from GTK's
/// side of the framework.
public struct AboutInfo: Sendable, Equatable {
    /// The license the dialog names (and links to).
    public enum License: Sendable, Equatable {
        case unknown, mitX11, bsd, apache2, gpl2, gpl3, lgpl21, lgpl3, mpl2

        var gtkLicense: GtkLicense {
            switch self {
            case .unknown: GTK_LICENSE_UNKNOWN
            case .mitX11: GTK_LICENSE_MIT_X11
            case .bsd: GTK_LICENSE_BSD
            case .apache2: GTK_LICENSE_APACHE_2_0
            case .gpl2: GTK_LICENSE_GPL_2_0
            case .gpl3: GTK_LICENSE_GPL_3_0
            case .lgpl21: GTK_LICENSE_LGPL_2_1
            case .lgpl3: GTK_LICENSE_LGPL_3_0
            case .mpl2: GTK_LICENSE_MPL_2_0
            }
        }
    }

    /// The window title (`About <program>`); GTK's own when nil.
    public var title: String?
    public var programName: String
    public var version: String
    /// One line on what the program is.
    public var comments: String?
    public var website: String?
    /// The icon shown above the name (the application id, by convention).
    public var logoIconName: String?
    public var authors: [String]
    /// The translators' names, in the user's language (gettext's `translator-credits`).
    public var translatorCredits: String?
    public var license: License

    public init(
        title: String? = nil, programName: String, version: String, comments: String? = nil, website: String? = nil,
        logoIconName: String? = nil, authors: [String] = [], translatorCredits: String? = nil, license: License = .unknown
    ) {
        self.title = title
        self.programName = programName
        self.version = version
        self.comments = comments
        self.website = website
        self.logoIconName = logoIconName
        self.authors = authors
        self.translatorCredits = translatorCredits
        self.license = license
    }
}

/// The About dialog: modal over its window, and shown again (not opened twice) while open.
@MainActor
public enum AboutDialog {
    /// Shows `info` over `window` (a `GtkWindow`; any other widget, or nil, shows it unparented).
    public static func show(_ info: AboutInfo, over window: Widget?) {
        let parent = window.flatMap { Window.isInstance($0.pointer) ? $0.pointer : nil }
        var copies: [UnsafeMutablePointer<CChar>?] = []
        func copy(_ text: String?) -> UnsafePointer<CChar>? {
            guard let text else { return nil }
            let copied = strdup(text)
            copies.append(copied)
            return UnsafePointer(copied)
        }
        defer { copies.forEach { free($0) } }
        let authors: [UnsafePointer<CChar>?] = info.authors.map { copy($0) } + [nil]
        authors.withUnsafeBufferPointer { authorList in
            var about = GoodsAboutInfo(
                title: copy(info.title), program_name: copy(info.programName), logo_icon_name: copy(info.logoIconName),
                version: copy(info.version), comments: copy(info.comments), website: copy(info.website),
                authors: info.authors.isEmpty ? nil : authorList.baseAddress, translator_credits: copy(info.translatorCredits),
                license: info.license.gtkLicense)
            goods_show_about(parent.map { goods_window(UnsafeMutableRawPointer($0)) }, &about)
        }
    }
}
