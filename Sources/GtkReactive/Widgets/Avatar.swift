import CGtk
import Reactive

/// An `AdwAvatar`: a person's picture in a circle, or their initials (from `text`) on a
/// colour of Adwaita's palette, or a placeholder icon — right in the light and the dark style.
/// `reactive.picture(…)` shows a picture in it like in an `Image` (its custom image).
open class Avatar: Widget {
    override open class var gtkType: GType { adw_avatar_get_type() }

    /// A new avatar `size` pixels across, for `text` (a name: its initials show when
    /// `showsInitials`).
    public convenience init(size: Int, text: String? = nil, showsInitials: Bool = false) {
        self.init(adw_avatar_new(Int32(clamping: size), text, showsInitials ? 1 : 0))
    }

    private var avatar: OpaquePointer { pointer.opaque }

    /// The name it stands for: its initials (and its colour) come from it.
    public var text: String? {
        get { adw_avatar_get_text(avatar).map { String(cString: $0) } }
        set { adw_avatar_set_text(avatar, newValue) }
    }

    /// Whether it shows the initials of `text` rather than the placeholder icon.
    public var showsInitials: Bool {
        get { adw_avatar_get_show_initials(avatar) != 0 }
        set { adw_avatar_set_show_initials(avatar, newValue ? 1 : 0) }
    }

    /// The icon shown when there is no picture and no initials (`avatar-default-symbolic` when nil).
    public var iconName: String? {
        get { adw_avatar_get_icon_name(avatar).map { String(cString: $0) } }
        set { adw_avatar_set_icon_name(avatar, newValue) }
    }

    /// Its width and height, in pixels.
    public var size: Int {
        get { Int(adw_avatar_get_size(avatar)) }
        set { adw_avatar_set_size(avatar, Int32(clamping: newValue)) }
    }

    /// Whether it shows a picture now (not initials or the placeholder).
    public var showsPicture: Bool { adw_avatar_get_custom_image(avatar) != nil }
}

extension ReactiveWidget where Base: Avatar {
    /// The name the initials and the colour come from.
    public var text: BindingTarget<String> {
        target("avatar-text") { adw_avatar_set_text($0.opaque, $1) }
    }
}
