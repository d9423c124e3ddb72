import Foundation
import Reactive

/// Whether the caller is on the thread GTK runs on: the main thread in the app (whose GLib loop
/// also drains the main queue), or the main queue's thread where Swift Testing runs main-actor
/// tests. Widgets are only touched there.
public enum GtkThread {
    public static var isCurrent: Bool { Thread.isMainThread || MainQueue.isCurrent }
}
