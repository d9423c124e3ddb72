/// What the app keeps across runs (`$XDG_DATA_HOME/goodsdesk-todo/todos.json`): the to-dos and
/// the filter. The file is untrusted input: decoding range-checks it (at most `maximumCount`
/// to-dos, ids positive and each once, titles not empty and not too long), and a file out of
/// range is damaged (kept aside, not loaded).
public struct TodoFile: Codable, Sendable, Equatable {
    public static let maximumCount = 100_000
    public var todos: [Todo]
    public var filter: TodoFilter

    public init(todos: [Todo], filter: TodoFilter) {
        (self.todos, self.filter) = (todos, filter)
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        (todos, filter) = (try values.decode([Todo].self, forKey: .todos), try values.decode(TodoFilter.self, forKey: .filter))
        guard todos.count <= Self.maximumCount, Set(todos.map(\.id)).count == todos.count,
              todos.allSatisfy({ (1...Todo.maximumID).contains($0.id) && !$0.title.isEmpty && $0.title.count <= Todo.maximumTitleLength }) else {
            throw DecodingError.dataCorruptedError(forKey: .todos, in: values, debugDescription: "to-dos out of range")
        }
    }
}
