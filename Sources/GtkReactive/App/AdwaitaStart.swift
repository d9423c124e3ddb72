import CGtk

extension AdwaitaStyle {
    /// Starts libadwaita (its types, style sheet and icons) if nothing has yet: an
    /// `Application` does it in `startup`; a window built without one (tests) calls this first,
    /// so its `.ui` file can name Adw widgets. Safe to call any number of times.
    public static func start() {
        guard !isStarted else { return }
        adw_init()
    }
}
