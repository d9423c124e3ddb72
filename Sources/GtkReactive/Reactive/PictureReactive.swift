import Reactive

/// A widget that shows pictures through `grshim_picture_show_texture`: a `GtkImage` (which shows
/// a placeholder icon while there is none), a `GtkPicture` (which shows nothing then) or an
/// `AdwAvatar` (its initials or its own placeholder then; the placeholder icon name is ignored).
public protocol PictureShowing: Widget {}

extension Image: PictureShowing {}
extension Picture: PictureShowing {}
extension Avatar: PictureShowing {}

extension ReactiveWidget where Base: PictureShowing {
    /// A picture's file (a path), decoded off the GTK thread at the size the widget shows it and
    /// shared through `cache`; the placeholder icon meanwhile, and for nil or an unreadable file.
    /// The accessible description follows `descriptions` (`PictureDescriptions.standard` when nil).
    public func pictureFile(
        placeholder: String = "image-missing-symbolic", descriptions: PictureDescriptions? = nil, cache: TextureCache = .shared
    ) -> BindingTarget<String?> {
        base.pictureFile(placeholder: placeholder, descriptions: descriptions, cache: cache, during: base.lifetime)
    }

    /// A file shown at once, or a URL shown once `loader` fetched it; the placeholder meanwhile,
    /// and for nil or an unreachable URL. A new value cancels a fetch still running. The
    /// accessible description follows `descriptions` (`PictureDescriptions.standard` when nil).
    public func picture(
        placeholder: String = "image-missing-symbolic", descriptions: PictureDescriptions? = nil, loader: PictureLoader
    ) -> BindingTarget<PictureSource?> {
        base.picture(placeholder: placeholder, descriptions: descriptions, loader: loader, during: base.lifetime)
    }
}
