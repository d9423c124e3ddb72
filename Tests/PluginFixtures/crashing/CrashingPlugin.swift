import PluginKit

/// Takes the process down in its entry point, as a plugin built against a stale app or with a
/// bug might: safe mode must turn it off at the next start.
@_cdecl("goodsdesk_plugin_entry") public func pluginEntry() -> UnsafeMutableRawPointer { fatalError("the crashing fixture takes the app down on purpose") }
