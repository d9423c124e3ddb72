import GtkShim

/// Runs the Dispatch main queue (and so Swift's main actor) inside the GLib main loop, woken by
/// the queue's own file descriptor: main-actor tasks and `DispatchQueue.main` work run while GTK
/// runs its loop. `Application.run` does it; a program running its own `GMainLoop` calls `attach`.
public enum MainQueueHost {
    /// Hooks the main queue into the default GLib main context; once per process (later calls
    /// do nothing). Call on the main thread, before the loop runs.
    public static func attach() { grshim_attach_main_queue() }
}
