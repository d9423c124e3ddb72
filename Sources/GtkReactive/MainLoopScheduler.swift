import CGtk
import Reactive
import Synchronization

/// A `DateScheduler` on the GLib main loop: actions run on the GTK thread, timers are GLib
/// timeouts. The reactive core's way to come back to the UI.
public final class MainLoopScheduler: DateScheduler {
    /// The scheduler of the default main context.
    public static let shared = MainLoopScheduler()

    public init() {}

    public var now: SchedulerInstant { SchedulerInstant(nanoseconds: Int64(g_get_monotonic_time()) * 1_000) }

    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        ScheduledSource.start(after: nil, repeating: false, action)
    }

    @discardableResult
    public func schedule(at instant: SchedulerInstant, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        ScheduledSource.start(after: now.duration(to: instant), repeating: false, action)
    }

    @discardableResult
    public func schedule(
        at instant: SchedulerInstant, repeatingEvery interval: Duration, _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        let serial = SerialDisposable()
        serial.inner = schedule(at: instant) {
            guard !serial.isDisposed else { return }
            action()
            serial.inner = ScheduledSource.start(after: interval, repeating: true, action)
        }
        return serial
    }
}

/// One GLib source running a Swift action; removing it is safe whether or not it has fired.
private final class ScheduledSource: Disposable {
    let action: @Sendable () -> Void
    let repeating: Bool
    /// The GLib source id while the source is attached; 0 once it finished or was removed.
    let sourceID = Atomic<UInt32>(0)

    init(action: @escaping @Sendable () -> Void, repeating: Bool) {
        self.action = action
        self.repeating = repeating
    }

    static func start(after delay: Duration?, repeating: Bool, _ action: @escaping @Sendable () -> Void) -> ScheduledSource {
        let source = ScheduledSource(action: action, repeating: repeating)
        let data = Unmanaged.passRetained(source).toOpaque()
        let id: guint
        if let delay {
            let milliseconds = guint(clamping: max(0, (delay.nanoseconds + 999_999) / 1_000_000))
            id = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, fire, data, release)
        } else {
            id = g_idle_add_full(G_PRIORITY_DEFAULT, fire, data, release)
        }
        source.sourceID.store(id, ordering: .releasing)
        return source
    }

    var isDisposed: Bool { sourceID.load(ordering: .acquiring) == 0 }

    func dispose() {
        let id = sourceID.exchange(0, ordering: .acquiringAndReleasing)
        if id != 0 { g_source_remove(id) }
    }
}

private let fire: @convention(c) (gpointer?) -> gboolean = { data in
    guard let data else { return 0 }
    let source = Unmanaged<ScheduledSource>.fromOpaque(data).takeUnretainedValue()
    if !source.repeating { source.sourceID.store(0, ordering: .releasing) }
    source.action()
    return source.repeating && !source.isDisposed ? 1 : 0
}

private let release: @convention(c) (gpointer?) -> Void = { data in
    guard let data else { return }
    Unmanaged<ScheduledSource>.fromOpaque(data).release()
}
