import CGtk
import GtkReactive
import Reactive

/// How many handlers are connected to `signal` (a name, with a `::detail` if any) of
/// `widget`: GLib counts them when blocking them all (then they are unblocked).
@MainActor
func handlerCount(_ widget: Widget, _ signal: String) -> Int {
    let parts = signal.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
    var instanceType = GType(0)
    let instance = UnsafeMutableRawPointer(widget.pointer).assumingMemoryBound(to: GTypeInstance.self)
    instanceType = instance.pointee.g_class.pointee.g_type
    let id = g_signal_lookup(parts[0], instanceType)
    guard id != 0 else { return -1 }
    var mask = G_SIGNAL_MATCH_ID.rawValue
    var detail: GQuark = 0
    if parts.count > 1 {
        mask |= G_SIGNAL_MATCH_DETAIL.rawValue
        detail = g_quark_from_string(parts[1])
    }
    let match = GSignalMatchType(rawValue: mask)
    let count = g_signal_handlers_block_matched(widget.raw, match, id, detail, nil, nil, nil)
    g_signal_handlers_unblock_matched(widget.raw, match, id, detail, nil, nil, nil)
    return Int(count)
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
