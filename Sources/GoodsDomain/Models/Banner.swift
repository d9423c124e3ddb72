/// A promotion shown in the goods list's carousel.
public struct Banner: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int
    public var title: String
    /// Picture location: a path relative to the data set, or a URL.
    public var image: String
    /// What a click opens (a web page), if anything.
    public var link: String?
    /// Position in the carousel, smallest first.
    public var displayOrder: Int

    public init(id: Int, title: String, image: String, link: String?, displayOrder: Int) {
        self.id = id
        self.title = title
        self.image = image
        self.link = link
        self.displayOrder = displayOrder
    }
}
