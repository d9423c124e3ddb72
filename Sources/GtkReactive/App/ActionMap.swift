import CGtk

/// Where actions live and are found by their detailed names: the application (`app.…`) and its
/// windows (`win.…`, a `GtkApplicationWindow`). The map holds each action it is given until it
/// is removed (or the map goes).
@MainActor
public protocol ActionMap {
    /// The `GActionMap`, or nil when the object is none (a plain `GtkWindow`).
    var actionMapPointer: OpaquePointer? { get }
}

extension ActionMap {
    /// Adds `action` under its name, replacing one of that name; false when this is no action map.
    @discardableResult
    public func add(_ action: SimpleAction) -> Bool {
        guard let map = actionMapPointer else { return false }
        g_action_map_add_action(map, action.pointer)
        return true
    }

    /// Removes the action named `name`, if there is one.
    public func removeAction(named name: String) {
        guard let map = actionMapPointer else { return }
        g_action_map_remove_action(map, name)
    }

    /// Whether an action named `name` is in the map (one GTK added too: `show-help-overlay`).
    public func hasAction(named name: String) -> Bool {
        guard let map = actionMapPointer else { return false }
        return g_action_map_lookup_action(map, name) != nil
    }

    /// Whether the action named `name` is there and enabled.
    public func isActionEnabled(_ name: String) -> Bool {
        guard let map = actionMapPointer, let action = g_action_map_lookup_action(map, name) else { return false }
        return g_action_get_enabled(action) != 0
    }

    /// Activates the action named `name` if it is there and enabled (as its accelerator would).
    public func activateAction(named name: String) {
        guard let map = actionMapPointer, let action = g_action_map_lookup_action(map, name),
              g_action_get_enabled(action) != 0 else { return }
        g_action_activate(action, nil)
    }
}

extension Application: ActionMap {
    public var actionMapPointer: OpaquePointer? { OpaquePointer(pointer) }
}

extension Window: ActionMap {
    /// The window as a `GActionMap`: a `GtkApplicationWindow` is one (its `win.…` actions).
    public var actionMapPointer: OpaquePointer? {
        let instance = UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GTypeInstance.self)
        return g_type_check_instance_is_a(instance, g_action_map_get_type()) != 0 ? OpaquePointer(pointer) : nil
    }
}
