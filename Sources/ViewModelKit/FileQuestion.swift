import Foundation

/// A file for the user to pick: what an `Interaction<FileQuestion, URL?>` asks (a data set to
/// import, where to export), answered with the file's URL, or nil when the user declined. The
/// view shows the desktop's file chooser.
///
/// The answer is the user's own choice of file, but still untrusted input: the view model
/// checks what it reads from it as it would any file.
public struct FileQuestion: Sendable, Equatable {
    /// What the chooser is for.
    public enum Purpose: Sendable, Equatable {
        /// An existing file to read.
        case open
        /// A folder to read.
        case openFolder
        /// A file to write, proposing `suggestedName`.
        case save(suggestedName: String)
    }

    /// A named set of files the chooser can limit itself to.
    public struct Filter: Sendable, Equatable {
        /// What the user reads (JSON 数据).
        public var name: String
        /// Shell patterns (`*.json`).
        public var patterns: [String]
        /// MIME types (`application/json`).
        public var mimeTypes: [String]

        public init(name: String, patterns: [String] = [], mimeTypes: [String] = []) {
            self.name = name
            self.patterns = patterns
            self.mimeTypes = mimeTypes
        }
    }

    /// The chooser's title.
    public var title: String
    public var purpose: Purpose
    /// The label of the accepting button (打开, 导出).
    public var acceptTitle: String
    /// The label of the declining button (取消).
    public var cancelTitle: String
    /// The filters offered, the first one chosen; none shows every file.
    public var filters: [Filter]
    /// The folder the chooser starts in; nil for the chooser's own choice.
    public var folder: URL?

    public init(title: String, purpose: Purpose = .open, acceptTitle: String, cancelTitle: String,
                filters: [Filter] = [], folder: URL? = nil) {
        self.title = title
        self.purpose = purpose
        self.acceptTitle = acceptTitle
        self.cancelTitle = cancelTitle
        self.filters = filters
        self.folder = folder
    }
}
