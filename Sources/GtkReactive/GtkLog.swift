import Foundation

/// Problems the framework reports without stopping: one line on standard error, named after the
/// program (GtkReactive belongs to no app).
enum GtkLog {
    static func problem(_ message: String) {
        FileHandle.standardError.write(Data("\(ProcessInfo.processInfo.processName): \(message)\n".utf8))
    }
}
