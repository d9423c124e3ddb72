import GtkReactive
import Localization

// What GoodsDesk says about itself, in the user's language: the About dialog, and what screen
// readers hear for a picture. The framework shows them; the texts are the app's.
extension GoodsDeskApp {
    /// The About dialog's content (关于 GoodsDesk in the menu).
    public static var about: AboutInfo {
        AboutInfo(
            title: tr("关于 GoodsDesk"),
            programName: "GoodsDesk",
            version: version,
            comments: tr("浏览二手好物：以 GTK 4 上的 MVVM 框架写成的桌面应用。"),
            website: "https://github.com/goodsdesk/goodsdesk",
            logoIconName: applicationID,
            authors: ["GoodsDesk developers"],
            // TRANSLATORS: your name, shown in the About dialog.
            translatorCredits: tr("translator-credits"),
            license: .mitX11)
    }

    /// The accessible descriptions of pictures: shown, or the placeholder (the UI tests tell
    /// them apart by these).
    public static var pictureDescriptions: PictureDescriptions {
        PictureDescriptions(shown: tr("图片"), placeholder: tr("默认图片"))
    }
}
