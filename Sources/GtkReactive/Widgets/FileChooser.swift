import CGtk
import Foundation
import Reactive
import ViewModelKit

/// The desktop's file chooser (`GtkFileChooserNative`: the portal's when the app is sandboxed,
/// GTK's own dialog otherwise), set up from a `FileQuestion` and answered once: the file the
/// user accepted, or nil when they declined, closed it, or the asking task was cancelled.
@MainActor
public final class FileChooser {
    private let native: OpaquePointer
    private var continuation: CheckedContinuation<URL?, Never>?
    private var response: SignalConnection?
    /// The window it is over, watched so a chooser over a closing window closes unanswered.
    private let parent: Window?
    private var parentClosing: (any Disposable)?
    /// Whether the chooser holds a reference to the parent window (while it shows).
    private var holdsParent = false
    /// Whether the chooser has been destroyed (answered).
    private var isDestroyed = false

    /// A chooser asking `question`, modal over `parent` (nil: none); not yet shown.
    public init(_ question: FileQuestion, over parent: Window?) {
        let action: GtkFileChooserAction = switch question.purpose {
        case .open: GTK_FILE_CHOOSER_ACTION_OPEN
        case .openFolder: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
        case .save: GTK_FILE_CHOOSER_ACTION_SAVE
        }
        self.parent = parent
        native = gtk_file_chooser_native_new(question.title, parent?.pointer.typed(GtkWindow.self), action,
                                             question.acceptTitle, question.cancelTitle)
        gtk_native_dialog_set_modal(dialog, 1)
        if case let .save(name) = question.purpose { gtk_file_chooser_set_current_name(chooser, name) }
        for wanted in question.filters {
            let filter = gtk_file_filter_new()
            gtk_file_filter_set_name(filter, wanted.name)
            for pattern in wanted.patterns { gtk_file_filter_add_pattern(filter, pattern) }
            for type in wanted.mimeTypes { gtk_file_filter_add_mime_type(filter, type) }
            gtk_file_chooser_add_filter(chooser, filter)
            g_object_unref(UnsafeMutableRawPointer(filter))
        }
        if let folder = question.folder, folder.isFileURL {
            let file = g_file_new_for_path(folder.path)
            _ = gtk_file_chooser_set_current_folder(chooser, file, nil)
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        parentClosing = parent?.lifetime.observeEnded { [weak self] in GtkThread.run { [weak self] in self?.finish(nil) } }
    }

    isolated deinit {
        parentClosing?.dispose()
        response?.dispose()
        if !isDestroyed {
            gtk_native_dialog_destroy(dialog)
            gtk_native_dialog_set_transient_for(dialog, nil)
        }
        g_object_unref(UnsafeMutableRawPointer(native))
    }

    private var dialog: UnsafeMutablePointer<GtkNativeDialog> {
        UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkNativeDialog.self)
    }

    private var chooser: OpaquePointer { native }

    /// Whether the chooser is showing.
    public var isOpen: Bool { gtk_native_dialog_get_visible(dialog) != 0 }

    /// Answers as if the user had accepted `file` (a test's way to pick, and a chooser's own
    /// way to be driven by keyboard scripts); nil declines.
    public func respond(with file: URL?) {
        guard let file, file.isFileURL else { return finish(nil) }
        let picked = g_file_new_for_path(file.path)
        _ = gtk_file_chooser_set_file(chooser, picked, nil)
        g_object_unref(UnsafeMutableRawPointer(picked))
        finish(file)
    }

    /// Shows the chooser and waits for its answer; cancelling the waiting task closes it.
    public var value: URL? {
        get async {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in start(continuation) }
            } onCancel: {
                GtkThread.run { self.finish(nil) }
            }
        }
    }

    private func start(_ continuation: CheckedContinuation<URL?, Never>) {
        guard self.continuation == nil, response == nil else { return continuation.resume(returning: nil) }
        self.continuation = continuation
        response = SignalConnection(UnsafeMutableRawPointer(native), signal: "response") { [weak self] code in
            guard let self else { return }
            finish(Int32(bitPattern: code) == GTK_RESPONSE_ACCEPT.rawValue ? chosenFile() : nil)
        }
        Self.showing.append(self)
        // The parent window stays a live object while the chooser shows, even once destroyed:
        // GTK's dialog behind the chooser still points at it until the chooser goes.
        if let parent { g_object_ref(UnsafeMutableRawPointer(parent.pointer)) }
        holdsParent = parent != nil
        gtk_native_dialog_show(dialog)
    }

    /// The file the chooser holds, as a local path; nil for none (or one with no local path).
    private func chosenFile() -> URL? {
        guard let file = gtk_file_chooser_get_file(chooser) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return URL(fileURLWithPath: String(cString: path))
    }

    private func finish(_ file: URL?) {
        guard let continuation else { return }
        self.continuation = nil
        // Answered once: the chooser and the dialog behind it go at once, before a closing
        // parent window can leave that dialog without one.
        gtk_native_dialog_destroy(dialog)
        // Nothing points at the window once it may go.
        gtk_native_dialog_set_transient_for(dialog, nil)
        isDestroyed = true
        if holdsParent, let parent { g_object_unref(UnsafeMutableRawPointer(parent.pointer)) }
        holdsParent = false
        Self.showing.removeAll { $0 === self }
        continuation.resume(returning: file)
    }

    /// The choosers showing now, newest last (what a test answers).
    public private(set) static var showing: [FileChooser] = []

    /// Asks `question` with a chooser over `parent`'s window (nil: none).
    public static func ask(_ question: FileQuestion, over parent: Widget?) async -> URL? {
        await FileChooser(question, over: parent.flatMap(Window.open(containing:))).value
    }
}

extension Interaction where Input == FileQuestion, Output == URL? {
    /// Answers this interaction's questions with the desktop's file chooser over `parent`'s
    /// window (`FileChooser.ask`) until the registration is disposed, as `handleWithDialogs`
    /// does for confirmations.
    public func handleWithFileChooser(over parent: Widget) -> any Disposable {
        handle { [weak parent] question in await FileChooser.ask(question, over: parent) }
    }
}
