import CGtk
import GtkReactive
import GtkShim
import Reactive
import Localization

/// The detail page's widgets: seller, title, price, freight, place, the full description, every
/// picture large, and the like button. It owns their events and offers binding targets; it knows
/// no view model.
@MainActor
final class GoodsDetailViewManager {
    /// The labels the page shows, each empty-hidden.
    enum Text: CaseIterable {
        case nickname, verified, publishTime, title, price, originalPrice, condition
        case freight, count, place, description, messages
    }

    let page: Widget
    private let labels: [Text: Widget]
    private let avatarImage: Widget
    private let pictures: [Widget]
    private let like: Widget
    private let token = Lifetime.make().token

    /// Ends when the view manager is released.
    var lifetime: Lifetime { token.lifetime }

    init(pictureCount: Int) {
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scroller, 1)
        goods_set_accessible_label(scroller, tr("商品详情"))
        page = Widget(scroller)

        let column = Self.box(GTK_ORIENTATION_VERTICAL, spacing: 12, css: "goods-detail")
        gtk_widget_set_margin_start(column, 16)
        gtk_widget_set_margin_end(column, 16)
        gtk_widget_set_margin_top(column, 16)
        gtk_widget_set_margin_bottom(column, 16)
        gtk_scrolled_window_set_child(cast(scroller), column)

        var labels: [Text: Widget] = [:]
        func label(_ text: Text, css: String?, wrap: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
            let label = gtk_label_new("")!
            gtk_label_set_xalign(cast(label), 0)
            if let css { gtk_widget_add_css_class(label, css) }
            if wrap {
                gtk_label_set_wrap(cast(label), 1)
                gtk_label_set_wrap_mode(cast(label), PANGO_WRAP_WORD_CHAR)
            }
            labels[text] = Widget(label)
            return label
        }

        let seller = Self.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10, css: nil)
        let avatar = gtk_image_new_from_icon_name("avatar-default-symbolic")!
        gtk_image_set_pixel_size(cast(avatar), 56)
        gtk_widget_add_css_class(avatar, "row-avatar")
        avatarImage = Widget(avatar)
        gtk_box_append(cast(seller), avatar)
        let who = Self.box(GTK_ORIENTATION_VERTICAL, spacing: 2, css: nil)
        gtk_widget_set_valign(who, GTK_ALIGN_CENTER)
        let name = Self.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, css: nil)
        gtk_box_append(cast(name), label(.nickname, css: "nickname"))
        gtk_box_append(cast(name), label(.verified, css: "badge"))
        gtk_box_append(cast(who), name)
        gtk_box_append(cast(who), label(.publishTime, css: "dim"))
        gtk_box_append(cast(seller), who)
        gtk_box_append(cast(column), seller)

        gtk_box_append(cast(column), label(.title, css: "title-3", wrap: true))
        let prices = Self.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, css: nil)
        gtk_box_append(cast(prices), label(.price, css: "price"))
        gtk_box_append(cast(prices), label(.originalPrice, css: "original-price"))
        gtk_box_append(cast(prices), label(.condition, css: "badge"))
        gtk_box_append(cast(column), prices)
        let facts = Self.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, css: "dim")
        gtk_box_append(cast(facts), label(.freight, css: nil))
        gtk_box_append(cast(facts), label(.count, css: nil))
        gtk_box_append(cast(facts), label(.place, css: nil))
        gtk_box_append(cast(column), facts)
        let footer = Self.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, css: nil)
        let messages = label(.messages, css: "dim")
        gtk_widget_set_hexpand(messages, 1)
        gtk_box_append(cast(footer), messages)
        let like = gtk_button_new_with_label("")!
        gtk_widget_add_css_class(like, "like-button")
        self.like = Widget(like)
        gtk_box_append(cast(footer), like)
        gtk_box_append(cast(column), footer)
        gtk_box_append(cast(column), label(.description, css: "description", wrap: true))

        var pictures: [Widget] = []
        for _ in 0..<pictureCount {
            let picture = gtk_picture_new()!
            gtk_picture_set_can_shrink(cast(picture), 1)
            gtk_picture_set_content_fit(cast(picture), GTK_CONTENT_FIT_CONTAIN)
            gtk_widget_set_size_request(picture, -1, 320)
            gtk_widget_add_css_class(picture, "detail-picture")
            gtk_box_append(cast(column), picture)
            pictures.append(Widget(picture))
        }
        self.pictures = pictures

        self.labels = labels
    }

    /// A label's text; an empty text hides the label.
    func text(of text: Text) -> BindingTarget<String> {
        let label = labels[text] ?? page
        return label.target("label", during: lifetime) { widget, value in
            gtk_label_set_text(goods_label(widget), value)
            gtk_widget_set_visible(widget, value.isEmpty ? 0 : 1)
        }
    }

    /// The seller's avatar.
    func avatar(loader: PictureLoader) -> BindingTarget<PictureSource?> {
        avatarImage.picture(placeholder: "avatar-default-symbolic", loader: loader, during: lifetime)
    }

    /// Picture `index`, large.
    func picture(_ index: Int, loader: PictureLoader) -> BindingTarget<PictureSource?> {
        pictures[index].picture(loader: loader, during: lifetime)
    }

    var likeText: BindingTarget<String> {
        like.target("button-label", during: lifetime) { gtk_button_set_label(goods_button($0), $1) }
    }

    /// The like button's accessible name (what pressing it does).
    var likeName: BindingTarget<String> {
        like.target("accessible-label", during: lifetime) { goods_set_accessible_label($0, $1) }
    }

    var likeEnabled: BindingTarget<Bool> { like.sensitive(during: lifetime) }

    /// The like button was clicked.
    var likeClicked: Signal<Void, Never> { like.events("clicked", during: lifetime) }

    func focusLikeButton() { gtk_widget_grab_focus(like.pointer) }

    private static func box(_ orientation: GtkOrientation, spacing: Int32, css: String?) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(orientation, spacing)!
        if let css { gtk_widget_add_css_class(box, css) }
        return box
    }
}

/// A GTK widget pointer as the more specific type a GTK function takes (GTK's cast macros are
/// not imported into Swift).
private func cast<T>(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutablePointer(OpaquePointer(widget))
}

/// The same, for GTK types Swift imports as opaque pointers.
private func cast(_ widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer { OpaquePointer(widget) }
