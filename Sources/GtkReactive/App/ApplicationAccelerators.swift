import CGtk
import Foundation

/// GTK's accelerator strings (`<Control>q`, `F5`): checked before they reach GTK, so a plugin's
/// garbage is refused here instead of warned about there.
public enum Accelerator {
    /// Whether GTK can parse `accelerator` as one key with modifiers.
    public static func isValid(_ accelerator: String) -> Bool {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        return !accelerator.isEmpty && gtk_accelerator_parse(accelerator, &key, &modifiers) != 0 && key != 0
    }

    /// The accelerators of a trigger string as `ChromeItem`/`AppAction` write them (`F5|<Control>r`),
    /// each checked; the invalid ones are left out.
    public static func list(_ triggers: String) -> [String] {
        triggers.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter(isValid)
    }

    /// `accelerator` as the shortcuts window and menus show it (`Ctrl+Q`), or nil when invalid.
    public static func label(_ accelerator: String) -> String? {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, key != 0,
              let label = gtk_accelerator_get_label(key, modifiers) else { return nil }
        defer { g_free(label) }
        return String(cString: label)
    }
}

extension Application {
    /// Makes `accelerators` (`["F5", "<Control>r"]`) activate the action with the detailed name
    /// `action` (`win.refresh`) in every window of the application, and shows the first beside
    /// the action's menu items. An empty list takes them off. Invalid ones are left out.
    public func setAccelerators(_ accelerators: [String], for action: String) {
        let valid = accelerators.filter(Accelerator.isValid)
        let copies = valid.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        copies.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { list in
            gtk_application_set_accels_for_action(pointer, action, list.baseAddress)
        }
    }

    /// The accelerators of the action with the detailed name `action`.
    public func accelerators(for action: String) -> [String] {
        guard let list = gtk_application_get_accels_for_action(pointer, action) else { return [] }
        defer { g_strfreev(list) }
        var found: [String] = []
        var index = 0
        while let accelerator = list[index] {
            found.append(String(cString: accelerator))
            index += 1
        }
        return found
    }
}

extension Accelerator {
    /// Whether `one` and `other` are the same key with the same modifiers (`<Ctrl>f`, `<Control>F`).
    public static func matches(_ one: String, _ other: String) -> Bool {
        var keys: (guint, guint) = (0, 0)
        var modifiers = (GdkModifierType(rawValue: 0), GdkModifierType(rawValue: 0))
        guard gtk_accelerator_parse(one, &keys.0, &modifiers.0) != 0, gtk_accelerator_parse(other, &keys.1, &modifiers.1) != 0 else {
            return false
        }
        return gdk_keyval_to_lower(keys.0) == gdk_keyval_to_lower(keys.1) && modifiers.0 == modifiers.1
    }
}
