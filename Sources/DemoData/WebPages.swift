/// The data set's own web pages: one per banner (`web/banner-N.html`), what a banner click opens
/// in the app (the web plugin), so the demo's banner page works offline. Plain HTML and CSS, no
/// scripts, UTF-8; each page's `<title>` is its banner's title, which the pane then shows.
enum WebPages {
    /// The page of the banner titled `title`, showing its picture (`image`, relative to the page).
    static func banner(title: String, number: Int, image: String, palette: (String, String)) -> String {
        let title = escape(title)
        return """
        <!DOCTYPE html>
        <html lang="zh-CN">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>
          body { margin: 0; font-family: sans-serif; color: #2e3436; background: #fafafa; }
          header { padding: 48px 24px; text-align: center; color: #ffffff;
                   background: linear-gradient(135deg, \(palette.0), \(palette.1)); }
          h1 { margin: 0; font-size: 2.2em; }
          main { max-width: 640px; margin: 0 auto; padding: 24px; line-height: 1.7; }
          img { width: 100%; border-radius: 12px; }
          .note { color: #77767b; font-size: 0.9em; }
        </style>
        </head>
        <body>
        <header><h1>\(title)</h1></header>
        <main>
        <p><img src="\(image)" alt="\(title)"></p>
        <p>第\(number)个广告：\(title)。精选闲置好物，低价转让，同城面交或包邮到家。</p>
        <p class="note">这是数据集自带的本地页面，离线也能打开。</p>
        </main>
        </body>
        </html>

        """
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
