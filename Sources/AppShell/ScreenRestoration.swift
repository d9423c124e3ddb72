import Foundation
import GtkReactive
import Reactive
import ViewModelKit

/// Keeps a window's screens across runs: it reads the last saved `NavigationSnapshot` as the
/// window opens (off the main thread), restores it once, when the app first reaches its
/// *restore point* (a route opened as the new root: for GoodsDesk, the store has opened), and from
/// then on saves the screens after every change of the stack and of a `StateRestoring` view
/// model's state, so that even after `kill -9` the last whole snapshot is on disk.
///
/// Until the restore point has been reached nothing is saved: the screens before it (a start
/// screen) must not replace what the last run left.
@MainActor
final class ScreenRestoration {
    /// What a restore came to, for the navigator to show.
    enum Outcome {
        /// Nothing was saved, or nothing of it could come back: show the restore point's own screen.
        case nothing
        /// These screens come back, the root first; `stop` says where it stopped, if it did.
        case screens([NavigationRestoration.Screen], stop: NavigationRestoration.Stop?)
    }

    private let file: NavigationSnapshotFile
    /// The route whose first opening as the root restores the saved screens instead.
    let restorePoint: String
    /// How each route's screen is saved and found again; nil for a route not restored or not provided.
    private let restorations: @MainActor (String) -> AnyRouteRestoration?
    /// The snapshot read as the window opened: nil until read, then what was read.
    private var loaded: NavigationSnapshot??
    private var waiting: ((NavigationSnapshot?) -> Void)?
    private let scope = Lifetime.make()
    private var lastSaved: NavigationSnapshot?
    /// Whether the restore point has been passed: from then on, changes are saved.
    private(set) var isSaving = false
    /// Whether the restore point is still to come.
    private(set) var isPending = true

    init(file: NavigationSnapshotFile, restorePoint: String, restorations: @escaping @MainActor (String) -> AnyRouteRestoration?) {
        self.file = file
        self.restorePoint = restorePoint
        self.restorations = restorations
        file.load().observe(on: MainLoopScheduler.shared).startObserving(during: scope.lifetime) { [weak self] snapshot in
            self?.read(snapshot)
        }
    }

    private func read(_ snapshot: NavigationSnapshot?) {
        loaded = .some(snapshot)
        waiting?(snapshot)
        waiting = nil
    }

    /// Whether opening `route` as the root is the restore point, still to come.
    func isRestorePoint(_ route: String) -> Bool { isPending && route == restorePoint }

    /// Restores the saved screens (once the file has been read, and each route has found its
    /// argument again) and tells `done` what came back; saving starts then.
    func restore(_ done: @escaping @MainActor (Outcome) -> Void) {
        isPending = false
        let finish: (NavigationSnapshot?) -> Void = { [weak self] snapshot in
            guard let self else { return }
            guard let snapshot, !snapshot.screens.isEmpty else {
                isSaving = true
                done(.nothing)
                return
            }
            let restorations = self.restorations
            // The routes' restorations are the registry's, asked on the main actor first.
            var known: [String: AnyRouteRestoration] = [:]
            for screen in snapshot.screens { known[screen.route] = restorations(screen.route) }
            let found = known
            NavigationRestoration.restore(snapshot) { found[$0] }
                .observe(on: MainLoopScheduler.shared)
                .startObserving(during: scope.lifetime) { [weak self] result in
                    self?.isSaving = true
                    done(result.screens.isEmpty && result.stop == nil ? .nothing : .screens(result.screens, stop: result.stop))
                }
        }
        if let loaded { finish(loaded) } else { waiting = finish }
    }

    /// Saves `stack`'s screens if saving has started and they changed since the last save.
    func save<Screen>(_ stack: NavigationStack<Screen>) {
        guard isSaving else { return }
        let snapshot = stack.snapshot { [restorations] entry in
            guard let destination = entry.destination, let restoration = restorations(destination.route),
                  let argument = restoration.save(destination.argument) else { return nil }
            let state = (entry.viewModel as? any StateRestoring)?.restorableState ?? [:]
            return NavigationSnapshot.Screen(route: destination.route, argument: argument, state: state)
        }
        guard snapshot != lastSaved else { return }
        lastSaved = snapshot
        file.save(snapshot)
    }

    /// Saves nothing more (the window is closing: its screens leaving is no change to keep), and
    /// waits until every save asked before is on disk.
    func finish() {
        isSaving = false
        file.flush()
    }
}
