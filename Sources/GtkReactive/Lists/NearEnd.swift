import CGtk
import Reactive
import Synchronization

extension ListEvents {
    /// Whether the `GtkScrolledWindow` `scrolledWindow` shows the last `pages` screens of its
    /// content, or closer to the end (true when all of it fits): the state a paged list loads its
    /// next page on. It starts with the current state (false before the window is laid out) and
    /// sends each change, from scrolling and from content that grew or shrank alike.
    ///
    /// The adjustment changes inside GTK's size allocation; the state is worked out just after,
    /// on the main loop, so that what observers change in response (a footer's text, new rows)
    /// does not resize widgets while GTK is allocating them (a Gtk-CRITICAL under debug GTK).
    /// Completes when the scrolled window goes.
    public static func nearEnd(of scrolledWindow: UnsafeMutablePointer<GtkWidget>, withinPages pages: Double = 1) -> SignalProducer<Bool, Never> {
        let pages = pages.isFinite ? max(0, pages) : 1
        return verticalState(of: scrolledWindow) { value, upper, page in
            guard page > 0 else { return false }
            return upper - (value + page) <= pages * page
        }
    }

    /// A state of the `GtkScrolledWindow` `scrolledWindow`'s vertical adjustment, from its
    /// value (the offset scrolled), upper (the content's height) and page size (the height
    /// shown): the current one first, then each change, worked out on the main loop after GTK
    /// laid the content out (see `nearEnd`). Completes when the scrolled window goes.
    static func verticalState(
        of scrolledWindow: UnsafeMutablePointer<GtkWidget>,
        _ state: @escaping @Sendable (_ value: Double, _ upper: Double, _ page: Double) -> Bool
    ) -> SignalProducer<Bool, Never> {
        let target = WeakGObject(scrolledWindow)
        return SignalProducer<Bool, Never> { observer, lifetime in
            GtkThread.run {
                guard !lifetime.hasEnded else { return }
                guard let window = target.get() else {
                    observer.sendCompleted()
                    return
                }
                defer { g_object_unref(window) }
                guard isInstance(window, of: gtk_scrolled_window_get_type()),
                      let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(window)) else {
                    observer.sendCompleted()
                    return
                }
                lifetime += NearEndWatch(adjustment: adjustment, window: window, state: state, observer: observer)
            }
        }.skipRepeats()
    }
}

/// One observation of `verticalState` (`nearEnd`, `scrolledPast`): the adjustment's signals,
/// and the check they schedule.
@MainActor
private final class NearEndWatch: Disposable {
    private let adjustment: WeakGObject
    private let state: @Sendable (Double, Double, Double) -> Bool
    private let observer: Signal<Bool, Never>.Observer
    private var connections: [SignalConnection] = []
    private var gone: DisposeWatch?
    /// The check scheduled on the main loop; changes before it runs join it.
    private var pending: (any Disposable)?
    private var disposed = false
    private let disposedFlag = Atomic<Bool>(false)

    init(adjustment: UnsafeMutablePointer<GtkAdjustment>, window: UnsafeMutableRawPointer,
         state: @escaping @Sendable (Double, Double, Double) -> Bool, observer: Signal<Bool, Never>.Observer) {
        let raw = UnsafeMutableRawPointer(adjustment)
        self.adjustment = WeakGObject(raw)
        self.state = state
        self.observer = observer
        observer.send(value: currentState(adjustment))
        connections = ["value-changed", "changed"].map { signal in
            SignalConnection(raw, signal: signal) { [weak self] in self?.schedule() }
        }
        gone = DisposeWatch(window) { [weak self] in
            self?.end()
            observer.sendCompleted()
        }
    }

    private func currentState(_ adjustment: UnsafeMutablePointer<GtkAdjustment>) -> Bool {
        state(gtk_adjustment_get_value(adjustment), gtk_adjustment_get_upper(adjustment), gtk_adjustment_get_page_size(adjustment))
    }

    private func schedule() {
        guard pending == nil, !disposed else { return }
        pending = MainLoopScheduler.shared.schedule { [weak self] in
            GtkThread.assumeCurrent { self?.evaluate() }
        }
    }

    private func evaluate() {
        pending = nil
        guard !disposed, let raw = adjustment.get() else { return }
        defer { g_object_unref(raw) }
        observer.send(value: currentState(raw.assumingMemoryBound(to: GtkAdjustment.self)))
    }

    private func end() {
        guard !disposed else { return }
        disposed = true
        disposedFlag.store(true, ordering: .releasing)
        pending?.dispose()
        pending = nil
        connections.forEach { $0.dispose() }
        connections.removeAll()
        gone?.cancel()
        gone = nil
    }

    nonisolated var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

    nonisolated func dispose() {
        GtkThread.run { self.end() }
    }
}
