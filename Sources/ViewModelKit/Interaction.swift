import Reactive

/// A question a view model asks its view and awaits the answer to, as ReactiveUI's
/// `Interaction<TInput, TOutput>`: the view model says what it asks (`Input`) and what answer
/// it needs (`Output`); the view decides how to ask (a dialog, a file chooser) by registering a
/// handler. Tests answer with a handler of their own, without a view.
///
///     // The view model:
///     public private(set) lazy var confirmLogout = Interaction<ConfirmationQuestion, Bool>("confirmLogout", during: lifetime)
///     guard try await confirmLogout.ask(question) else { return }
///     // The view, for the screen's lifetime:
///     lifetime += viewModel.confirmLogout.handle { question in await MessageDialog.ask(question, over: window) }
///     // A test:
///     viewModel.confirmLogout.handle { _ in true }
///
/// Handlers stack: the newest registered answers; when its registration ends, the one before
/// answers again. A handler may take its time (a dialog), and is called in a task of its own,
/// which is cancelled when its question goes away.
///
/// An ask never hangs: it fails with `InteractionError.noHandler` when nobody handles it, and
/// with `.cancelled` when its handler's registration ends before it answers (the screen closed),
/// when the interaction's owner ends (`during:`), or when the asking task is cancelled. A late
/// answer to a cancelled question is ignored.
@MainActor
public final class Interaction<Input: Sendable, Output: Sendable> {
    /// Answers one question; it runs on the main actor, in a task of its own.
    public typealias Handler = @MainActor @Sendable (Input) async throws(InteractionError) -> Output

    /// What the interaction is called (`confirmLogout`), in its errors.
    public let name: String

    /// The registered handlers, oldest first: the last one answers.
    private var handlers: [(id: Int, answer: Handler)] = []
    /// The questions being answered, by number.
    private var pending: [Int: Pending] = [:]
    private var lastID = 0
    private var hasEnded = false
    /// Cancels what waits for the owner's end, when the interaction goes first.
    private var ownerEnd: (any Disposable)?

    private struct Pending {
        /// The handler answering it.
        let handler: Int
        let continuation: CheckedContinuation<Result<Output, InteractionError>, Never>
        /// The handler's task, cancelled when the question goes away unanswered.
        var work: Task<Void, Never>?
    }

    /// An interaction called `name` that ends with `lifetime` (a view model's): then its
    /// pending questions are cancelled, its handlers released, and later asks fail as cancelled.
    public init(_ name: String, during lifetime: Lifetime = .never) {
        self.name = name
        ownerEnd = lifetime.observeEnded { [weak self] in
            MainThread.run { [weak self] in self?.end() }
        }
    }

    isolated deinit {
        ownerEnd?.dispose()
    }

    /// Whether a handler is registered (someone answers an ask).
    public var hasHandler: Bool { !handlers.isEmpty }

    /// How many questions wait for their answer.
    public var pendingCount: Int { pending.count }

    /// Asks the newest handler and waits for its answer (see the type's notes on failures).
    public func ask(_ input: Input) async throws(InteractionError) -> Output {
        guard !hasEnded, !Task.isCancelled else { throw .cancelled(interaction: name) }
        guard let handler = handlers.last else { throw .noHandler(interaction: name) }
        lastID += 1
        let id = lastID
        let name = self.name
        let answer = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Output, InteractionError>, Never>) in
                pending[id] = Pending(handler: handler.id, continuation: continuation)
                pending[id]?.work = Task { [weak self] in
                    let result: Result<Output, InteractionError>
                    do throws(InteractionError) {
                        result = .success(try await handler.answer(input))
                    } catch {
                        result = .failure(error)
                    }
                    self?.resolve(id, with: result)
                }
            }
        } onCancel: { [weak self] in
            MainThread.run { [weak self] in self?.resolve(id, with: .failure(.cancelled(interaction: name))) }
        }
        return try answer.get()
    }

    /// Registers `answer` as the newest handler: it answers every ask until the returned
    /// registration is disposed (then pending questions it had are cancelled, and the handler
    /// before it answers again). Unkept, it answers as long as the interaction lives.
    @discardableResult
    public func handle(_ answer: @escaping Handler) -> any Disposable {
        guard !hasEnded else { return AnyDisposable() }
        lastID += 1
        let id = lastID
        handlers.append((id, answer))
        return AnyDisposable { [weak self] in
            MainThread.run { [weak self] in self?.unregister(id) }
        }
    }

    /// Ends the question `id` with `result`, once; later results for it are ignored.
    private func resolve(_ id: Int, with result: Result<Output, InteractionError>) {
        guard let entry = pending.removeValue(forKey: id) else { return }
        entry.work?.cancel()
        entry.continuation.resume(returning: result)
    }

    private func unregister(_ handler: Int) {
        handlers.removeAll { $0.id == handler }
        for (id, entry) in pending where entry.handler == handler {
            resolve(id, with: .failure(.cancelled(interaction: name)))
        }
    }

    /// The owner ended: nothing is answered any more.
    private func end() {
        hasEnded = true
        handlers = []
        for id in pending.keys { resolve(id, with: .failure(.cancelled(interaction: name))) }
    }
}
