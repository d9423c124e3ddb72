import CGtk
import GtkReactive
import GtkShim
import Reactive

/// The start screen's widgets: a heading, the import's progress bar and a line of detail.
@MainActor
public final class StartViewManager {
    public let page: Widget
    public let heading: Widget
    public let progress: Widget
    public let detail: Widget
    private let token = Lifetime.make().token

    /// Ends when the view manager is released.
    public var lifetime: Lifetime { token.lifetime }

    public init() {
        let built = goods_start_page_new()
        page = Widget(built.root)
        heading = Widget(built.title)
        progress = Widget(built.progress)
        detail = Widget(built.detail)
    }

    public var headingText: BindingTarget<String> { heading.labelText(during: lifetime) }
    public var detailText: BindingTarget<String> { detail.labelText(during: lifetime) }
    /// The progress bar's fraction, 0…1.
    public var progressFraction: BindingTarget<Double> {
        progress.target("fraction", during: lifetime) { gtk_progress_bar_set_fraction(OpaquePointer($0), min(max($1, 0), 1)) }
    }
    /// Whether the progress bar shows (not once opening has failed).
    public var progressVisible: BindingTarget<Bool> { progress.visible(during: lifetime) }
}
