import PluginKit

/// An entry point that returns null instead of an export.
@_cdecl("goodsdesk_plugin_entry") public func pluginEntry() -> UnsafeMutableRawPointer? { nil }
