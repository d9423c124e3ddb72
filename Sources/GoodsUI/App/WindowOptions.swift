import AppShell
import GtkReactive
import Localization

extension ShellOptions {
    /// GoodsDesk's window: its menu (`menus.ui`) and shortcuts window (`shortcuts.ui`), the header's
    /// 填充 and 刷新 (F5, Ctrl+R) and the menu's 注销 as slots its screens' items use, Ctrl+F kept
    /// for the goods page's search, and the shell's words in the user's language.
    public static func goodsDesk() -> ShellOptions {
        let menus = MenusLayout()
        // A menus.ui that did not load (logged) gives the two sections alone.
        let menu = menus.uiLayout.error == nil
            ? ShellMenu(primary: menus.primaryMenu, screenItems: menus.screenItems, appItems: menus.appItems)
            : ShellMenu.plain()
        return ShellOptions(
            menu: menu,
            shortcutsWindow: {
                guard let layout = try? ShortcutsLayout.load() else { return nil }
                return ShortcutsWindow(window: Window(toplevel: layout.helpOverlay.pointer), owner: layout)
            },
            slots: [
                ChromeSlot(id: "fill", label: tr("填充"), accessibleName: tr("填充")),
                ChromeSlot(id: "refresh", icon: "view-refresh-symbolic", accessibleName: tr("刷新"),
                           isAction: true, accelerators: ["F5", "<Control>r"]),
                ChromeSlot(id: "logout", label: tr("注销"), accessibleName: tr("注销"), isOnScreen: false, isAction: true),
            ],
            reservedAccelerators: ["<Control>f": "search"],
            texts: ShellTexts(back: tr("返回"), menu: tr("菜单"), missingRoute: { tr("没有插件提供此页面（{0}）", $0) }))
    }
}
