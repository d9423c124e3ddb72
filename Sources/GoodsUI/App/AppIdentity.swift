import GtkReactive
import Localization

// What GoodsDesk says about itself, in the user's language: the About dialog, and what screen
// readers hear for a picture. The framework shows them; the texts are the app's.
extension GoodsDeskApp {
    /// The About window's content (关于 GoodsDesk in the menu); the version is `version`, the one
    /// the built-in plugins and `--version` give.
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
            license: .mitX11,
            developerName: "GoodsDesk developers",
            issueURL: "https://github.com/goodsdesk/goodsdesk/issues")
    }

    /// The accessible descriptions of pictures: shown, or the placeholder (the UI tests tell
    /// them apart by these).
    public static var pictureDescriptions: PictureDescriptions {
        PictureDescriptions(shown: tr("图片"), placeholder: tr("默认图片"))
    }
}
