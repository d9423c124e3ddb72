/// Why a layout cannot be generated, where: written as a compiler diagnostic
/// (`file:line: error: …`) so the build shows it at the line of the `.ui` file.
struct GeneratorError: Error, CustomStringConvertible {
    let file: String
    var line: Int? = nil
    let message: String

    var description: String {
        "\(file):\(line.map { "\($0):" } ?? "") error: \(message)"
    }
}
