import CGtk
import Reactive

/// An `AdwAvatar`: a person's picture in a circle, or their initials (or an icon) on a
/// colour picked from their name while there is none.
open class Avatar: Widget {
    override open class var gtkType: GType { adw_avatar_get_type() }

    /// A new avatar `size` pixels across, for `text` (a name), showing its initials when
    /// `showsInitials`, else the default icon, until a picture is set.
    public convenience init(size: Int, text: String? = nil, showsInitials: Bool = true) {
        self.init(adw_avatar_new(Int32(clamping: max(0, size)), text, showsInitials ? 1 : 0))
    }

    /// The name the initials and the colour come from.
    public var text: String {
        get { adw_avatar_get_text(pointer.opaque).map { String(cString: $0) } ?? "" }
        set { adw_avatar_set_text(pointer.opaque, newValue) }
    }

    /// Its size across, in pixels.
    public var size: Int {
        get { Int(adw_avatar_get_size(pointer.opaque)) }
        set { adw_avatar_set_size(pointer.opaque, Int32(clamping: max(0, newValue))) }
    }

    /// Whether it shows the initials of `text` (else an icon) while it has no picture.
    public var showsInitials: Bool {
        get { adw_avatar_get_show_initials(pointer.opaque) != 0 }
        set { adw_avatar_set_show_initials(pointer.opaque, newValue ? 1 : 0) }
    }

    /// Whether it shows a picture (a custom image) now.
    public var hasPicture: Bool { adw_avatar_get_custom_image(pointer.opaque) != nil }

    /// Shows `texture` (decoded elsewhere, through `TextureCache`), or the initials for nil.
    public func show(_ texture: Texture?) { adw_avatar_set_custom_image(pointer.opaque, texture?.pointer) }

    /// Lets go of the picture it shows (the initials come back), texture reference included.
    public func clearPicture() { adw_avatar_set_custom_image(pointer.opaque, nil) }
}

extension ReactiveWidget where Base: Avatar {
    /// The name the initials and the colour come from.
    public var text: BindingTarget<String> {
        target("avatar-text") { adw_avatar_set_text($0.opaque, $1) }
    }

    /// A picture file shown at once, or a URL shown once `loader` fetched it; the initials
    /// meanwhile, and for nil, an unreadable file or an unreachable URL. A new value cancels a
    /// fetch still running for the previous one.
    public func picture(loader: PictureLoader, cache: TextureCache = .shared) -> BindingTarget<PictureSource?> {
        let fetch = SerialDisposable()
        base.lifetime += fetch
        let file = pictureFile(cache: cache)
        return target("avatar-picture-source") { _, source in
            switch source {
            case let .file(path)?:
                fetch.inner = nil
                file.action(path)
            case let .url(url)?:
                file.action(nil)
                fetch.inner = loader.localPath(for: url)
                    .observe(on: UIScheduler.shared)
                    .startWithValues { path in file.action(path) }
            case nil:
                fetch.inner = nil
                file.action(nil)
            }
        }
    }

    /// A picture file (a path), decoded off the GTK thread at the avatar's size and shared
    /// through `cache`; the initials meanwhile, and for nil or an unreadable file. A new value
    /// overrides a decode still running for the previous one.
    public func pictureFile(cache: TextureCache = .shared) -> BindingTarget<String?> {
        let lifetime = base.lifetime
        let state = base.state
        let request = AvatarRequest()
        return target("avatar-picture") { avatar, path in
            request.generation += 1
            guard let path else { return adw_avatar_set_custom_image(avatar.opaque, nil) }
            let across = Int(adw_avatar_get_size(avatar.opaque)) * Int(gtk_widget_get_scale_factor(avatar))
            let key = TextureCache.Key(path: path, width: across, height: across)
            if let texture = cache.cached(key) { return adw_avatar_set_custom_image(avatar.opaque, texture.pointer) }
            adw_avatar_set_custom_image(avatar.opaque, nil)
            let generation = request.generation
            let handle = WidgetPointer(avatar)
            cache.texture(for: key) { texture in
                guard let texture, request.generation == generation, !lifetime.hasEnded, !state.isDisposed else { return }
                adw_avatar_set_custom_image(handle.pointer.opaque, texture.pointer)
            }
        }
    }
}

/// Which value an avatar's picture binding shows last, so a decode finishing late never
/// overrides it.
@MainActor
private final class AvatarRequest {
    var generation = 0
}
