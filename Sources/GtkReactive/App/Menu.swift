import CGtk

/// A `GMenu`: the model a menu button's popover (a `GtkPopoverMenu`) shows — items that activate
/// actions by detailed name (`win.refresh`), in sections. Built in a `.ui` file (`<menu id=…>`,
/// a typed layout's menu outlet) or in code; the items can change while the menu is shown.
@MainActor
public final class Menu {
    /// The `GMenu`, one reference of ours.
    let pointer: OpaquePointer

    /// An empty menu.
    public init() {
        pointer = g_menu_new()
    }

    /// The menu at `pointer` (a `GMenu`), with a reference of its own.
    init(retaining pointer: OpaquePointer) {
        g_object_ref(UnsafeMutableRawPointer(pointer))
        self.pointer = pointer
    }

    /// The menu as a `GMenuModel` (its parent class).
    var model: UnsafeMutablePointer<GMenuModel> { UnsafeMutablePointer(pointer) }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// How many items (sections count as one each).
    public var count: Int { Int(g_menu_model_get_n_items(model)) }

    /// Adds an item labelled `label` that activates `action` (`win.refresh`) at the end.
    public func append(_ label: String, action: String) {
        insert(label, action: action, at: count)
    }

    /// Adds an item labelled `label` that activates `action` at `index` (clamped to the items).
    public func insert(_ label: String, action: String, at index: Int) {
        g_menu_insert(pointer, Int32(clamping: max(0, min(index, count))), label, action)
    }

    /// Adds `section` (its items, between separators) at the end, with an optional heading.
    public func appendSection(_ section: Menu, label: String? = nil) {
        g_menu_append_section(pointer, label, section.model)
    }

    /// Removes the item at `index`; an index out of range is ignored.
    public func remove(at index: Int) {
        guard index >= 0, index < count else { return }
        g_menu_remove(pointer, Int32(index))
    }

    /// Removes the first item that activates `action`, if any (a section's items are not searched).
    public func remove(action: String) {
        if let index = actions.firstIndex(of: action) { remove(at: index) }
    }

    /// The items' labels, in order (a section's are read through it, sections have none of their own).
    public var labels: [String] { items.map(\.label) }

    /// The items' detailed action names, in order (`""` for a section).
    public var actions: [String] {
        (0..<count).map { string(of: $0, "action") ?? "" }
    }

    /// Every item, sections' items included (flattened), as label and action, for checks and tests.
    public var items: [(label: String, action: String)] {
        (0..<count).flatMap { index -> [(label: String, action: String)] in
            if let section = g_menu_model_get_item_link(model, Int32(index), "section") {
                defer { g_object_unref(UnsafeMutableRawPointer(section)) }
                return Menu(retaining: OpaquePointer(section)).items
            }
            return [(string(of: index, "label") ?? "", string(of: index, "action") ?? "")]
        }
    }

    /// The section at `index`, if that item is one.
    public func section(at index: Int) -> Menu? {
        guard index >= 0, index < count, let section = g_menu_model_get_item_link(model, Int32(index), "section") else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(section)) }
        return Menu(retaining: OpaquePointer(section))
    }

    private func string(of index: Int, _ attribute: String) -> String? {
        guard let value = g_menu_model_get_item_attribute_value(model, Int32(index), attribute, nil) else { return nil }
        defer { g_variant_unref(value) }
        guard String(cString: g_variant_get_type_string(value)) == "s", let text = g_variant_get_string(value, nil) else { return nil }
        return String(cString: text)
    }
}
