import Foundation

/// What a `JSONFileStore` found when it loaded its file.
public enum StoredFile<Value: Sendable>: Sendable {
    /// The file, decoded (and so range-checked by `Value`'s `Decodable` init).
    case loaded(Value)
    /// No file yet: a first start.
    case missing
    /// A file that could not be read or is not a valid `Value` (`reason`). It is kept, renamed with a timestamp (`keptAt`), never deleted; `keptAt` is nil
    /// when even that failed, and the store then never writes over it.
    case damaged(reason: FileStoreError, keptAt: URL?)
}
