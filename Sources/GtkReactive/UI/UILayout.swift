import CGtk
import GtkShim
import Reactive

/// One loaded instance of a `.ui` file: the objects GtkBuilder made, found by id. It holds a
/// reference on each of them, so every object it returns stays valid while the layout lives;
/// keep the layout for as long as its objects are used. When it is released its `lifetime`
/// ends, then the windows it loaded are destroyed and its references dropped.
///
/// Code reaches the objects through the file's generated `TypedLayout` (`LoginLayout().phone`),
/// which holds the layout and whose outlets the compiler checks; the look-ups by id string are
/// that generated code's (`outlet(_:id:)`) and this package's tests' (`package`).
///
/// Windows: a window is a toplevel from the moment GtkBuilder makes it (it is in
/// `gtk_window_get_toplevels()` before it is shown), so a dialog's layout is loaded only when the
/// dialog is presented, and releasing the layout destroys the windows still open.
@MainActor
public final class UILayout {
    /// The file's name, as in the bundle (`login.ui`).
    public let file: String
    /// The declared objects, by id (each holding a reference of ours).
    private let byID: [String: UnsafeMutablePointer<GObject>]
    /// Every object the builder made, with or without an id (one reference each).
    private let held: [UnsafeMutablePointer<GObject>]
    /// Widgets made in place of ones the file lacks (see `subscript(_:_:)`), one reference each.
    private var standIns: [UnsafeMutablePointer<GObject>] = []
    private let token = Lifetime.make().token

    /// Why the file did not load, for a layout made by `loading(_:in:)`; nil when it loaded.
    public let error: UIFileError?

    /// Ends when the layout is released: work bound to its widgets belongs here.
    public var lifetime: Lifetime { token.lifetime }

    /// Loads `name` from `bundle`; the same as `UIFile(name, in: bundle).load()`.
    public convenience init(_ name: String, in bundle: UIResourceBundle) throws(UIFileError) {
        try self.init(UIFile(name, in: bundle))
    }

    init(_ source: UIFile) throws(UIFileError) {
        file = source.name
        let path = source.resourcePath
        guard source.exists else { throw .notFound(file: source.name, resource: path) }
        // Custom widget types (GrShimPictureStrip) are found by name only once registered.
        grshim_shim_ensure_types()
        let builder = gtk_builder_new()
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        var error: UnsafeMutablePointer<GError>?
        let built = gtk_builder_add_from_resource(builder, path, &error) != 0
        let objects = Self.objects(of: builder)
        guard built else {
            let message = Self.located(error.map { String(cString: $0.pointee.message) } ?? "GtkBuilder failed")
            g_clear_error(&error)
            // What was built before the error goes, windows included.
            Self.destroyWindows(in: objects)
            throw .invalid(file: source.name, message: message)
        }
        var byID: [String: UnsafeMutablePointer<GObject>] = [:]
        for object in objects {
            g_object_ref(object)
            guard let id = Self.id(of: object), !Self.isGenerated(id) else { continue }
            byID[id] = object
        }
        self.byID = byID
        held = objects
        self.error = nil
    }

    /// A layout of nothing, for a file that failed to load with `error`.
    private init(file: String, failed error: UIFileError) {
        self.file = file
        byID = [:]
        held = []
        self.error = error
    }

    /// Loads `name` from `bundle`, never failing: a file that does not load gives an empty layout
    /// whose `error` says why (also written to the log), and whose look-ups give stand-ins. For
    /// screens, whose failure should show, not stop the app.
    public static func loading(_ name: String, in bundle: UIResourceBundle) -> UILayout {
        do {
            return try UILayout(name, in: bundle)
        } catch {
            GtkLog.problem(error.description)
            return UILayout(file: name, failed: error)
        }
    }

    /// Keeps `standIn` (a new widget, floating or not) as long as the layout.
    func hold(standIn: UnsafeMutablePointer<GtkWidget>) {
        let object = UnsafeMutableRawPointer(standIn).assumingMemoryBound(to: GObject.self)
        g_object_ref_sink(object)
        standIns.append(object)
    }

    isolated deinit {
        token.dispose()
        Self.destroyWindows(in: held)
        for object in held + standIns { g_object_unref(object) }
    }

    /// The ids the file declares, sorted.
    package func ids() -> [String] { byID.keys.sorted() }

    /// The object declared with `id`, checked to be a `type` (or a subtype). The pointer is valid
    /// while the layout lives.
    package func object(id: String, type: GType) throws(UIFileError) -> UnsafeMutablePointer<GObject> {
        guard let object = byID[id] else { throw .missingObject(file: file, id: id, known: ids()) }
        let instance = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, type) != 0 else {
            throw .wrongType(file: file, id: id, expected: Self.name(of: type),
                             found: String(cString: g_type_name_from_instance(instance)))
        }
        return object
    }

    /// The widget declared with `id`, checked to be a `type` (GtkWidget unless told).
    package func widget(id: String, type: GType = gtk_widget_get_type()) throws(UIFileError) -> UnsafeMutablePointer<GtkWidget> {
        let object = try object(id: id, type: type)
        let instance = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, gtk_widget_get_type()) != 0 else {
            throw .wrongType(file: file, id: id, expected: "GtkWidget", found: String(cString: g_type_name_from_instance(instance)))
        }
        return UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
    }

    // MARK: Helpers

    private static func objects(of builder: OpaquePointer?) -> [UnsafeMutablePointer<GObject>] {
        guard let list = gtk_builder_get_objects(builder) else { return [] }
        defer { g_slist_free(list) }
        var objects: [UnsafeMutablePointer<GObject>] = []
        var node: UnsafeMutablePointer<GSList>? = list
        while let current = node {
            if let data = current.pointee.data { objects.append(data.assumingMemoryBound(to: GObject.self)) }
            node = current.pointee.next
        }
        return objects
    }

    /// GtkBuilder's message without the file name it puts first (`.` for a resource):
    /// `.:7:68 Invalid property: GtkLabel.colour` → `7:68: Invalid property: GtkLabel.colour`.
    static func located(_ message: String) -> String {
        guard let match = message.wholeMatch(of: /[^:\s]*:(\d+):(\d+):? +(.*)/.dotMatchesNewlines()) else { return message }
        return "\(match.1):\(match.2): \(match.3)"
    }

    /// The id GtkBuilder gave `object`: a buildable's own, else the builder's object data
    /// (GtkShortcut, for one, is not buildable).
    private static func id(of object: UnsafeMutablePointer<GObject>) -> String? {
        let instance = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, gtk_buildable_get_type()) != 0 {
            return gtk_buildable_get_buildable_id(OpaquePointer(object)).map { String(cString: $0) }
        }
        return g_object_get_data(object, "gtk-builder-id").map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }

    /// GtkBuilder names objects declared without an id `___object_N___`.
    private static func isGenerated(_ id: String) -> Bool { id.hasPrefix("___") && id.hasSuffix("___") }

    private static func name(of type: GType) -> String {
        g_type_name(type).map { String(cString: $0) } ?? "GType \(type)"
    }

    /// Destroys the windows among `objects` that GTK still lists as open.
    private static func destroyWindows(in objects: [UnsafeMutablePointer<GObject>]) {
        let windowType = gtk_window_get_type()
        let windows = objects.filter {
            g_type_check_instance_is_a(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GTypeInstance.self), windowType) != 0
        }
        guard !windows.isEmpty, let toplevels = gtk_window_get_toplevels() else { return }
        for window in windows where isListed(UnsafeMutableRawPointer(window), in: toplevels) {
            gtk_window_destroy(grshim_window(window))
        }
    }

    private static func isListed(_ item: UnsafeMutableRawPointer, in list: OpaquePointer) -> Bool {
        for index in 0..<g_list_model_get_n_items(list) {
            guard let object = g_list_model_get_item(list, index) else { continue }
            g_object_unref(object)
            if object == item { return true }
        }
        return false
    }
}
