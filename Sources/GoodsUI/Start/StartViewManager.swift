import GtkReactive
import Reactive

/// The start screen's widgets, from `start.ui`: a heading, the import's progress bar and a line
/// of detail. It knows no view model.
@MainActor
public final class StartViewManager: ScreenView {
    /// The loaded `start.ui`; every widget below lives as long as it.
    public let layout: StartLayout
    public let page: Box
    public let heading: Label
    public let progress: ProgressBar
    public let detail: Label

    /// Ends when the view manager (and so its layout) is released.
    public var lifetime: Lifetime { layout.lifetime }

    public init() {
        layout = StartLayout()
        page = layout.page
        heading = layout.title
        progress = layout.progress
        detail = layout.detail
    }
}
