import Localization

/// The plugin's text, from its own gettext catalogue (`goodsdesk-web`, named by the manifest's
/// `Gettext-Domain`, which the loader binds before any code of the plugin runs). It shadows the
/// app's `tr`, so the calls and xgettext's `tr` keyword stay as they are.
let tr = Localization.Domain("goodsdesk-web")
