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

/// One GLib source running a Swift action; disposing it is safe whether or not it has fired,
/// and from any thread. The source is held as a `GSource` (not by id): an id can be stale once
/// the source has fired, and removing a stale id is a GLib-CRITICAL. The source is complete
/// before it is attached, so it can fire at once on the main thread while `start` returns on
/// another.
// @unchecked: `source` is set before the GSource is attached and never changes; GLib's sources
// are thread-safe, and the flags are atomics.
private final class ScheduledSource: Disposable, @unchecked Sendable {
    let action: @Sendable () -> Void
    let repeating: Bool
    private let cancelled = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)
    private var source: UnsafeMutablePointer<GSource>?

    init(action: @escaping @Sendable () -> Void, repeating: Bool) {
        self.action = action
        self.repeating = repeating
    }

    static func start(after delay: Duration?, repeating: Bool, _ action: @escaping @Sendable () -> Void) -> ScheduledSource {
        let scheduled = ScheduledSource(action: action, repeating: repeating)
        let source: UnsafeMutablePointer<GSource>
        if let delay {
            source = g_timeout_source_new(guint(clamping: max(0, (delay.nanoseconds + 999_999) / 1_000_000)))
        } else {
            source = g_idle_source_new()
        }
        g_source_set_priority(source, G_PRIORITY_DEFAULT)
        g_source_set_callback(source, fire, Unmanaged.passRetained(scheduled).toOpaque(), release)
        scheduled.source = source
        g_source_attach(source, nil)
        return scheduled
    }

    /// Whether it was disposed, or (once only) has run.
    var isDisposed: Bool { cancelled.load(ordering: .acquiring) || finished.load(ordering: .acquiring) }

    /// Runs the action unless disposed; whether GLib should keep the source.
    fileprivate func run() -> Bool {
        guard !cancelled.load(ordering: .acquiring) else { return false }
        if !repeating { finished.store(true, ordering: .releasing) }
        action()
        return repeating && !cancelled.load(ordering: .acquiring)
    }

    func dispose() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // Safe on a source that has already fired or been destroyed.
        if let source { g_source_destroy(source) }
    }

    deinit { if let source { g_source_unref(source) } }
}

private let fire: @convention(c) (gpointer?) -> gboolean = { data in
    guard let data else { return 0 }
    return Unmanaged<ScheduledSource>.fromOpaque(data).takeUnretainedValue().run() ? 1 : 0
}

private let release: @convention(c) (gpointer?) -> Void = { data in
    guard let data else { return }
    Unmanaged<ScheduledSource>.fromOpaque(data).release()
}
