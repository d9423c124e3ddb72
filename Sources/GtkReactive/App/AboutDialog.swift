import CGtk
import Foundation

/// What an About window says: all of it from the program (translated there), none from GTK's
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
    /// Who makes the program, under its name (the first author when nil).
    public var developerName: String?
    /// Where to report a problem (an issue tracker's address).
    public var issueURL: String?
    /// The copyright line (`© 2026 The Shelf developers`).
    public var copyright: String?

    public init(
        title: String? = nil, programName: String, version: String, comments: String? = nil, website: String? = nil,
        logoIconName: String? = nil, authors: [String] = [], translatorCredits: String? = nil, license: License = .unknown,
        developerName: String? = nil, issueURL: String? = nil, copyright: String? = nil
    ) {
        self.developerName = developerName
        self.issueURL = issueURL
        self.copyright = copyright
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

/// The About window (libadwaita's `AdwAboutWindow`): modal over its window, and shown again (not
/// opened twice) while open.
@MainActor
public enum AboutDialog {
    /// The window shown last, while it is open.
    private static var shown: Window?

    /// Shows `info` over `window` (a `GtkWindow`; any other widget, or nil, shows it unparented).
    public static func show(_ info: AboutInfo, over window: Widget?) {
        if let shown, shown.isOpen {
            shown.present()
            return
        }
        guard let made = adw_about_window_new() else { return }
        let about = Window(toplevel: made)
        let pointer = OpaquePointer(made)
        adw_about_window_set_application_name(pointer, info.programName)
        adw_about_window_set_version(pointer, info.version)
        if let icon = info.logoIconName { adw_about_window_set_application_icon(pointer, icon) }
        if let developer = info.developerName ?? info.authors.first { adw_about_window_set_developer_name(pointer, developer) }
        if let comments = info.comments { adw_about_window_set_comments(pointer, comments) }
        if let website = info.website { adw_about_window_set_website(pointer, website) }
        if let issues = info.issueURL { adw_about_window_set_issue_url(pointer, issues) }
        if let copyright = info.copyright { adw_about_window_set_copyright(pointer, copyright) }
        if let credits = info.translatorCredits { adw_about_window_set_translator_credits(pointer, credits) }
        adw_about_window_set_license_type(pointer, info.license.gtkLicense)
        setDevelopers(info.authors, on: pointer)
        if let title = info.title { about.title = title }
        let gtkWindow = made.typed(GtkWindow.self)
        gtk_window_set_modal(gtkWindow, 1)
        if let parent = window, Window.isInstance(parent.pointer) {
            gtk_window_set_transient_for(gtkWindow, parent.pointer.typed(GtkWindow.self))
        }
        shown = about
        // An About window is destroyed with its parent, and GTK 4.8 then keeps a closed one's
        // pointer to that parent: once the parent is freed, freeing the window disconnects from
        // freed memory (GLib criticals). Closed, it needs no parent and is not kept.
        let handle = WidgetPointer(made)
        about.lifetime.observeEnded {
            GtkThread.assumeCurrent {
                gtk_window_set_transient_for(handle.pointer.typed(GtkWindow.self), nil)
                if shown?.pointer == handle.pointer { shown = nil }
            }
        }
        about.present()
    }

    private static func setDevelopers(_ names: [String], on pointer: OpaquePointer) {
        guard !names.isEmpty else { return }
        let copies = names.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        copies.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { list in
            adw_about_window_set_developers(pointer, UnsafeMutablePointer(mutating: list.baseAddress))
        }
    }
}
