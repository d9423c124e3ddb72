import CGtk
import GtkReactive
import Reactive

/// How many handlers are connected to `signal` (a name, with a `::detail` if any) of
/// `widget`: found one by one with `g_signal_handler_find`, blocking each found so the next
/// search finds the next, then unblocked.
@MainActor
func handlerCount(_ widget: Widget, _ signal: String) -> Int {
    let parts = signal.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
    let instanceType = UnsafeMutableRawPointer(widget.pointer).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
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
        let handler = g_signal_handler_find(widget.raw, GSignalMatchType(rawValue: mask), id, detail, nil, nil, nil)
        guard handler != 0 else { break }
        found.append(handler)
        g_signal_handler_block(widget.raw, handler)
    }
    for handler in found { g_signal_handler_unblock(widget.raw, handler) }
    return found.count
}

/// Runs the GLib main loop until `done` or two seconds have passed.
@MainActor
func iterateMainLoop(until done: () -> Bool) {
    let scheduler = MainLoopScheduler.shared
    let deadline = scheduler.now.advanced(by: .seconds(2))
    let poll = scheduler.schedule(at: scheduler.now, repeatingEvery: .milliseconds(5)) {}
    while !done() && scheduler.now < deadline { g_main_context_iteration(nil, 1) }
    poll?.dispose()
}

/// Records what arrives, from any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Box<[Value]>([])
    func append(_ value: Value) { storage.value.append(value) }
    var values: [Value] { storage.value }
}
