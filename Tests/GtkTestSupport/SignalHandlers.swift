import CGtk

/// How many unblocked handlers are connected to `signal` (a name, with a `::detail` if any) of
/// the GObject `instance`: found one by one with `g_signal_handler_find`, blocking each so the
/// next search finds the next, then unblocked (GLib's `*_matched` calls count only with a
/// closure, function or data to match). -1 for a signal the instance's type lacks.
@MainActor
public func handlerCount(_ instance: UnsafeMutableRawPointer, _ signal: String) -> Int {
    let parts = signal.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
    let instanceType = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
    let id = g_signal_lookup(parts[0], instanceType)
    guard id != 0 else { return -1 }
    var mask = G_SIGNAL_MATCH_ID.rawValue | G_SIGNAL_MATCH_UNBLOCKED.rawValue
    var detail: GQuark = 0
    if parts.count > 1 {
        mask |= G_SIGNAL_MATCH_DETAIL.rawValue
        detail = g_quark_from_string(parts[1])
    }
    var found: [gulong] = []
    while true {
        let handler = g_signal_handler_find(instance, GSignalMatchType(rawValue: mask), id, detail, nil, nil, nil)
        guard handler != 0 else { break }
        found.append(handler)
        g_signal_handler_block(instance, handler)
    }
    for handler in found { g_signal_handler_unblock(instance, handler) }
    return found.count
}
