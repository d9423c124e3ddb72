import PluginKit

/// An entry point that returns a pointer to nothing the loader made: dereferencing it would
/// crash, so the loader must refuse it unread.
@_cdecl("goodsdesk_plugin_entry") public func pluginEntry() -> UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 0xdead_beef) }
