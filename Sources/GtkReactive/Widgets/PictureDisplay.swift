import CGtk
import GtkShim

extension PictureShowing {
    /// Shows `texture` (decoded elsewhere, through `TextureCache`), or the placeholder icon for
    /// nil (nothing, in a `Picture`); the accessible description says which. For pictures
    /// decoded at a size of the caller's choosing; `reactive.pictureFile` decodes at the widget's.
    public func show(_ texture: Texture?, placeholder: String = "image-missing-symbolic") {
        grshim_picture_show_texture(pointer, texture?.pointer, placeholder, nil, nil)
    }

    /// Lets go of what it shows, texture reference included (a reused row's pictures on unbind,
    /// so the shared cache alone decides what stays decoded).
    public func clearPicture() { grshim_picture_clear(pointer) }
}
