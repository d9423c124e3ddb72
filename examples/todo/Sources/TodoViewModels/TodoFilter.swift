/// Which to-dos the list shows (All, Active, Completed); kept in the file with them.
public enum TodoFilter: String, Codable, Sendable, CaseIterable {
    case all, active, completed

    /// Whether the list shows `todo` under this filter.
    public func includes(_ todo: Todo) -> Bool { self == .all || todo.completed == (self == .completed) }
}
