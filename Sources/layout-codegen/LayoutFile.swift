import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The objects of one GtkBuilder file that have an id: what the generated type's outlets are
/// made from. `<object class="GtkEntry" id="phone">` gives a widget (or another object) of its
/// class; `<menu id>`, `<section id>` and `<submenu id>` give menus (GtkBuilder makes a `GMenu`
/// of each). Objects without an id, and templates, give none.
struct LayoutFile {
    struct Declaration {
        enum Kind: Equatable {
            /// `<object class="…">`, its GType name.
            case object(className: String)
            /// `<menu>`, `<section>` or `<submenu>`.
            case menu(element: String)
        }

        let id: String
        let kind: Kind
        let line: Int
    }

    /// In the order the file declares them.
    let declarations: [Declaration]

    init(contentsOf url: URL) throws(GeneratorError) {
        guard let parser = XMLParser(contentsOf: url) else { throw GeneratorError(file: url.path, message: "cannot be read") }
        let reader = Reader()
        parser.delegate = reader
        guard parser.parse() else {
            throw GeneratorError(file: url.path, line: parser.lineNumber,
                                 message: parser.parserError.map { "not XML: \($0.localizedDescription)" } ?? "not XML")
        }
        if let problem = reader.problem { throw GeneratorError(file: url.path, line: problem.line, message: problem.message) }
        declarations = reader.declarations
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var declarations: [Declaration] = []
        var problem: (line: Int, message: String)?

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            guard problem == nil, let id = attributes["id"] else { return }
            let line = parser.lineNumber
            if let first = declarations.first(where: { $0.id == id }) {
                problem = (line, "the id \"\(id)\" is declared twice (first on line \(first.line))")
                return
            }
            switch element {
            case "object":
                guard let className = attributes["class"] else {
                    problem = (line, "the object \"\(id)\" has no class=\"…\"")
                    return
                }
                declarations.append(Declaration(id: id, kind: .object(className: className), line: line))
            case "menu", "section", "submenu":
                declarations.append(Declaration(id: id, kind: .menu(element: element), line: line))
            default:
                break
            }
        }
    }
}
