/// One to-do, as the list shows it and the file keeps it (range-checked by `TodoFile`).
public struct Todo: Codable, Sendable, Equatable {
    /// The longest title kept; a longer one typed in is cut to it.
    public static let maximumTitleLength = 1_000
    /// The largest id: a file's ids stay far from overflow however many to-dos are added.
    public static let maximumID = Int(Int32.max)
    public var id: Int
    public var title: String
    public var completed: Bool

    public init(id: Int, title: String, completed: Bool = false) { (self.id, self.title, self.completed) = (id, title, completed) }
}
