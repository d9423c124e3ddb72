/// Small SVG pictures for the data set: the original image URLs are dead and the app works
/// offline, so every avatar, goods picture and banner is a local file.
enum Pictures {
    /// A round avatar with the nickname's first character.
    static func avatar(initial: String, palette: (String, String)) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
          <circle cx="48" cy="48" r="48" fill="\(palette.1)"/>
          <circle cx="48" cy="48" r="40" fill="\(palette.0)"/>
          <text x="48" y="62" font-size="40" text-anchor="middle" fill="#FFFFFF" font-family="sans-serif">\(escape(initial))</text>
        </svg>

        """
    }

    /// A square goods picture: a shape on a soft background with the item's name.
    static func goods(label: String, variant: Int, palette: (String, String)) -> String {
        let shapes = [
            #"<rect x="70" y="50" width="160" height="130" rx="18" fill="\#(palette.0)"/>"#,
            #"<circle cx="150" cy="115" r="72" fill="\#(palette.0)"/>"#,
            #"<polygon points="150,40 235,185 65,185" fill="\#(palette.0)"/>"#,
            #"<rect x="95" y="40" width="110" height="150" rx="50" fill="\#(palette.0)"/>"#,
        ]
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
          <rect width="300" height="300" fill="\(palette.1)"/>
          \(shapes[variant % shapes.count])
          <text x="150" y="250" font-size="30" text-anchor="middle" fill="#333333" font-family="sans-serif">\(escape(label))</text>
        </svg>

        """
    }

    /// A wide banner with a title on a gradient.
    static func banner(title: String, palette: (String, String)) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
          <defs>
            <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stop-color="\(palette.0)"/>
              <stop offset="1" stop-color="\(palette.1)"/>
            </linearGradient>
          </defs>
          <rect width="750" height="300" fill="url(#g)"/>
          <text x="375" y="170" font-size="64" text-anchor="middle" fill="#FFFFFF" font-family="sans-serif">\(escape(title))</text>
        </svg>

        """
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
