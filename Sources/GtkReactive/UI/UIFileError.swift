/// Why a `.ui` file did not give what was asked of it. Each message names the file, and the id
/// when there is one, so a broken layout says where to look.
public enum UIFileError: Error, Equatable, CustomStringConvertible {
    /// No file at `resource` (not in the bundle's manifest, or the bundle is not registered).
    case notFound(file: String, resource: String)
    /// GtkBuilder refused the file; `message` is its error, starting with `line:column: ` when
    /// GtkBuilder says where.
    case invalid(file: String, message: String)
    /// The file declares no object with this id; `known` lists the ids it declares.
    case missingObject(file: String, id: String, known: [String])
    /// The object is of another type than the one asked for (GType names).
    case wrongType(file: String, id: String, expected: String, found: String)

    public var description: String {
        switch self {
        case let .notFound(file, resource):
            "\(file): no resource \(resource)"
        case let .invalid(file, message):
            // `login.ui:7:68: Invalid property…`, as compilers write a place in a file.
            message.first?.isNumber == true ? "\(file):\(message)" : "\(file): \(message)"
        case let .missingObject(file, id, known):
            "\(file): no object with id \"\(id)\" (ids: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case let .wrongType(file, id, expected, found):
            "\(file): object \"\(id)\" is a \(found), not a \(expected)"
        }
    }
}
