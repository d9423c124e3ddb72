/// When the screen on top counts as active, from the window's focus: a window that has never
/// been focused counts as active (a window under test, or one the desktop has not focused yet,
/// still runs its screen's first load and carousel), and once it has been focused, losing the
/// focus pauses the screen until the focus comes back.
struct WindowActivity: Equatable {
    /// Whether the window has ever been the active (focused) one.
    private(set) var hasBeenFocused = false
    /// Whether the window is the active one now.
    private(set) var isFocused = false

    /// Whether the screen on top is active: `!(hasBeenFocused && !isFocused)`.
    var screenIsActive: Bool { isFocused || !hasBeenFocused }

    /// The window's focus changed to `focused`.
    mutating func focusChanged(_ focused: Bool) {
        isFocused = focused
        if focused { hasBeenFocused = true }
    }
}
