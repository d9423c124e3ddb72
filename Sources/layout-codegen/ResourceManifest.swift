import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The `.ui` files a GResource manifest (`*.gresource.xml`) compiles under its first prefix, the
/// one `UIResourceBundle.module` is made with: each file's name in the bundle (its alias, else
/// its path) and where it is on disk.
struct ResourceManifest {
    struct Entry {
        /// The file's name under the prefix (`login.ui`).
        let name: String
        /// The file on disk.
        let url: URL
    }

    let prefix: String
    let layouts: [Entry]

    /// Reads `text`, the manifest at `url` with its `<layouts>` expanded (`LayoutFolders`); its
    /// `<file>` paths are relative to `sourceFolder` (glib-compile-resources' `--sourcedir`).
    init(text: String, url: URL, sourceFolder: URL) throws(GeneratorError) {
        let parser = XMLParser(data: Data(text.utf8))
        let reader = Reader()
        parser.delegate = reader
        guard parser.parse() else {
            throw GeneratorError(file: url.path, line: parser.lineNumber,
                                 message: parser.parserError.map { "not XML: \($0.localizedDescription)" } ?? "not XML")
        }
        guard let prefix = reader.prefixes.first else { throw GeneratorError(file: url.path, message: "has no <gresource prefix=\"…\">") }
        self.prefix = prefix
        layouts = reader.files
            .filter { $0.prefixIndex == 0 && $0.name.hasSuffix(".ui") }
            .map { Entry(name: $0.name, url: sourceFolder.appendingPathComponent($0.path).standardizedFileURL) }
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var prefixes: [String] = []
        var files: [(prefixIndex: Int, name: String, path: String)] = []
        private var alias: String?
        private var text: String?

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            switch element {
            case "gresource": prefixes.append(attributes["prefix"] ?? "/")
            case "file":
                alias = attributes["alias"]
                text = ""
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text?.append(string)
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            guard element == "file", let path = text?.trimmingCharacters(in: .whitespacesAndNewlines) else { return }
            files.append((prefixes.count - 1, alias ?? path, path))
            text = nil
            alias = nil
        }
    }
}
