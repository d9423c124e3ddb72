import CGtk

/// Adwaita's style as libadwaita's style manager sees it: whether libadwaita runs (an
/// `Application` starts it in `startup`) and whether windows are drawn dark now — the system's
/// colour scheme, or `ADW_DEBUG_COLOR_SCHEME` (`prefer-dark`, `prefer-light`, `force-dark`).
@MainActor
public enum AdwaitaStyle {
    /// Whether libadwaita has started (its named colours exist for style sheets).
    public static var isStarted: Bool { adw_is_initialized() != 0 }

    /// Whether the style is dark now; nil before libadwaita has started.
    public static var isDark: Bool? {
        guard isStarted, let manager = adw_style_manager_get_default() else { return nil }
        return adw_style_manager_get_dark(manager) != 0
    }
}
