import Foundation

/// How the build that made this program lays out an install: the library folder relative to the
/// prefix (meson's `libdir`, e.g. `lib` or Debian's `lib/x86_64-linux-gnu`), under which the
/// plugins (`<libdir>/goodsdesk/plugins`) and the Swift runtime (`<libdir>/goodsdesk`) go.
///
/// meson's build (meson-helpers/build-swift.sh) links a C string `goodsdesk_install_libdir` into
/// the program, which exports its symbols; a plain SwiftPM build has none, so `libdir` is nil
/// there and the app looks in `lib/` as before.
public enum InstallLayout {
    /// The libdir the program was built for, or nil when the build embeds none (or one that is
    /// not a plain relative path).
    public static let libdir: String? = {
        guard let symbol = dlsym(nil, "goodsdesk_install_libdir") else { return nil }
        return validated(String(cString: symbol.assumingMemoryBound(to: CChar.self)))
    }()

    /// `text` when it is a relative path of plain names (no `..`, no empty part), else nil: the
    /// app must never look outside its prefix.
    public static func validated(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ part in
            !part.isEmpty && part != "." && part != ".."
                && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        }) else { return nil }
        return text
    }
}
