/// The Swift source of the typed layouts of one bundle: per `.ui` file a final class conforming
/// to GtkReactive's `TypedLayout`, whose properties are the file's objects with an id, typed by
/// their class. It loads its file from the module's `UIResourceBundle.module` and holds the
/// `UILayout`, so every outlet stays valid, and its bindings last, while it lives.
enum LayoutSource {
    struct Outlet {
        let property: String
        let id: String
        /// The wrapper type, qualified by its module (`GtkReactive.Entry`), so a type of the
        /// same name in the target cannot take its place.
        let type: String
        /// How the file declares it, for the doc comment (`GtkEntry`, `<section>`).
        let declared: String
        let line: Int
        let isMenu: Bool
    }

    struct Layout {
        let typeName: String
        /// The file's name in the bundle.
        let file: String
        let outlets: [Outlet]
    }

    /// The outlets of `file` (`name` in the bundle, read from `path`): one per declaration that is
    /// a widget or a menu.
    static func layout(named name: String, path: String, file: LayoutFile) throws(GeneratorError) -> (Layout, modules: Set<String>) {
        guard let typeName = SwiftNames.type(ofFile: name) else {
            throw GeneratorError(file: path, message: "the file name \"\(name)\" gives no Swift type name (it must start with a letter)")
        }
        var outlets: [Outlet] = []
        var modules: Set<String> = []
        var byProperty: [String: LayoutFile.Declaration] = [:]
        for declaration in file.declarations {
            let type: String, declared: String, isMenu: Bool
            switch declaration.kind {
            case let .object(className):
                guard let wrapper = WidgetClasses.wrapper(of: className) else { continue }
                (type, declared, isMenu) = ("\(wrapper.module).\(wrapper.name)", className, false)
                modules.insert(wrapper.module)
            case let .menu(element):
                (type, declared, isMenu) = ("GtkReactive.Menu", "<\(element)>", true)
            }
            guard let property = SwiftNames.property(declaration.id), !SwiftNames.reserved.contains(property) else {
                throw GeneratorError(file: path, line: declaration.line,
                                     message: "the id \"\(declaration.id)\" gives no usable Swift property name (\(typeName) reserves \(SwiftNames.reserved.sorted().joined(separator: ", ")); an id starts with a letter)")
            }
            if let other = byProperty[property] {
                throw GeneratorError(file: path, line: declaration.line,
                                     message: "the ids \"\(other.id)\" (line \(other.line)) and \"\(declaration.id)\" both give the property \(property): rename one")
            }
            byProperty[property] = declaration
            outlets.append(Outlet(property: property, id: declaration.id, type: type, declared: declared,
                                  line: declaration.line, isMenu: isMenu))
        }
        return (Layout(typeName: typeName, file: name, outlets: outlets), modules)
    }

    /// The whole generated file for `layouts`, from the manifest named `manifest`.
    static func source(manifest: String, layouts: [Layout], modules: Set<String>) -> String {
        var lines = [
            "// Written by layout-codegen (Sources/layout-codegen) from \(manifest): one type per .ui file,",
            "// whose properties are the file's objects with an id. Not in the source tree; do not edit.",
        ]
        lines += modules.union(["GtkReactive"]).sorted().map { "import \($0)" }
        for layout in layouts { lines += [""] + self.lines(of: layout) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func lines(of layout: Layout) -> [String] {
        let file = literal(layout.file)
        var lines = [
            "/// `\(layout.file)`'s objects with an id, typed by their class in the file. Each instance is a",
            "/// fresh copy of the file's objects, held (with their bindings) for as long as it lives.",
            "@MainActor",
            "public final class \(layout.typeName): GtkReactive.TypedLayout {",
            "    /// The loaded file: it holds every object below.",
            "    public let uiLayout: GtkReactive.UILayout",
        ]
        for outlet in layout.outlets {
            let lookUp = outlet.isMenu
                ? "uiLayout.menuOutlet(id: \(literal(outlet.id)))"
                : "uiLayout.outlet(\(outlet.type).self, id: \(literal(outlet.id)))"
            lines += [
                "    /// `\(outlet.id)`: the \(outlet.declared) on line \(outlet.line).",
                "    public private(set) lazy var \(SwiftNames.declared(outlet.property)): \(outlet.type) = \(lookUp)",
            ]
        }
        lines += [
            "",
            "    /// A new copy of \(layout.file)'s objects. It never fails: a file that does not load is",
            "    /// logged, and its outlets are stand-ins (see `UILayout.loading`).",
            "    public convenience init() {",
            "        self.init(GtkReactive.UILayout.loading(\(file), in: .module))",
            "    }",
            "",
            "    /// A new copy of \(layout.file)'s objects, or why the file does not load.",
            "    public static func load() throws(GtkReactive.UIFileError) -> \(layout.typeName) {",
            "        \(layout.typeName)(try GtkReactive.UIFile(\(file), in: .module).load())",
            "    }",
            "",
            "    private init(_ uiLayout: GtkReactive.UILayout) {",
            "        self.uiLayout = uiLayout",
            "    }",
            "}",
        ]
        return lines
    }

    /// `text` as a Swift string literal.
    private static func literal(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"\(escaped)\""
    }
}
