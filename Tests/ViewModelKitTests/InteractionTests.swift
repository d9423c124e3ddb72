import Reactive
import Testing
import ViewModelKit

/// An answer the test gives when it chooses (a dialog the user has not answered yet).
@MainActor
final class Gate<Value: Sendable> {
    private var waiting: [CheckedContinuation<Value, Never>] = []
    private var value: Value?
    /// How many wait for the answer.
    var waiters: Int { waiting.count }

    func wait() async -> Value {
        if let value { return value }
        return await withCheckedContinuation { waiting.append($0) }
    }

    func open(_ value: Value) {
        self.value = value
        let waiting = self.waiting
        self.waiting = []
        for continuation in waiting { continuation.resume(returning: value) }
    }
}

/// Lets the main actor's queued work run until `condition` holds (a bounded number of turns).
@MainActor
func yield(until condition: () -> Bool) async {
    for _ in 0..<1_000 where !condition() { await Task.yield() }
}

/// A view model with a question, as a screen's would be.
@MainActor
final class AskingViewModel: ViewModel {
    private(set) lazy var pickNumber = Interaction<String, Int>("pickNumber", during: lifetime)
}

/// What a handler holds on to (a view), to see that it is let go.
final class HandlerProbe: Sendable {}

@MainActor
@Suite("Interaction: questions a view model asks its view")
struct InteractionTests {
    @Test func theHandlerAnswersTheQuestion() async throws {
        let interaction = Interaction<Int, Int>("double")
        interaction.handle { $0 * 2 }
        #expect(try await interaction.ask(21) == 42)
        #expect(interaction.pendingCount == 0)
    }

    @Test func anAskNobodyHandlesFailsNamingTheInteraction() async {
        let interaction = Interaction<Int, Int>("pickNumber")
        await #expect(throws: InteractionError.noHandler(interaction: "pickNumber")) { try await interaction.ask(1) }
        #expect(InteractionError.noHandler(interaction: "pickNumber").description.contains("pickNumber"))
        #expect(!interaction.hasHandler)
    }

    @Test func theNewestHandlerAnswersAndTheOneBeforeItAnswersAgainWhenItGoes() async throws {
        let interaction = Interaction<Void, String>("who")
        let older = interaction.handle { "older" }
        let newer = interaction.handle { "newer" }
        #expect(try await interaction.ask(()) == "newer")
        newer.dispose()
        #expect(try await interaction.ask(()) == "older")
        older.dispose()
        await #expect(throws: InteractionError.noHandler(interaction: "who")) { try await interaction.ask(()) }
    }

    @Test func aHandlerMayAnswerLaterOnVirtualTime() async throws {
        let scheduler = TestScheduler()
        let interaction = Interaction<Void, Bool>("confirm")
        // A dialog the user answers two seconds later.
        interaction.handle { await SignalProducer<Bool, Never>(value: true).delay(.seconds(2), on: scheduler).first() ?? false }
        let answer = Task { try await interaction.ask(()) }
        await yield { interaction.pendingCount == 1 }
        scheduler.advance(by: .milliseconds(1_999))
        await yield { false }
        #expect(interaction.pendingCount == 1, "not answered before the user does")
        scheduler.advance(by: .milliseconds(1))
        #expect(try await answer.value == true)
        #expect(interaction.pendingCount == 0)
    }

    @Test func aPendingAskIsCancelledWhenItsHandlerGoesAndTheLateAnswerIsIgnored() async throws {
        let interaction = Interaction<Void, Bool>("confirm")
        let fallback = interaction.handle { false }
        let user = Gate<Bool>()
        let screen = Lifetime.make()
        screen.lifetime += interaction.handle { await user.wait() }
        let answer = Task { try await interaction.ask(()) }
        await yield { user.waiters == 1 }

        screen.token.dispose() // the screen closed with its dialog open
        await #expect(throws: InteractionError.cancelled(interaction: "confirm")) { try await answer.value }
        #expect(interaction.pendingCount == 0)
        user.open(true)
        #expect(try await interaction.ask(()) == false, "the older handler answers again")
        fallback.dispose()
    }

    @Test func aPendingAskIsCancelledWhenTheOwnerEndsAndNothingIsAnsweredAfter() async throws {
        let owner = Lifetime.make()
        let interaction = Interaction<Void, Bool>("confirm", during: owner.lifetime)
        let user = Gate<Bool>()
        interaction.handle { await user.wait() }
        let answer = Task { try await interaction.ask(()) }
        await yield { user.waiters == 1 }

        owner.token.dispose()
        await #expect(throws: InteractionError.cancelled(interaction: "confirm")) { try await answer.value }
        #expect(!interaction.hasHandler, "its handlers are let go")
        await #expect(throws: InteractionError.cancelled(interaction: "confirm")) { try await interaction.ask(()) }
        user.open(true)
    }

    @Test func cancellingTheAskingTaskCancelsTheQuestionAndTheHandlersTask() async throws {
        let interaction = Interaction<Void, Bool>("confirm")
        let handlerCancelled = Gate<Bool>()
        interaction.handle {
            await withTaskCancellationHandler {
                await handlerCancelled.wait()
            } onCancel: {
                Task { @MainActor in handlerCancelled.open(true) }
            }
        }
        let answer = Task { try await interaction.ask(()) }
        await yield { handlerCancelled.waiters == 1 }
        answer.cancel()
        await #expect(throws: InteractionError.cancelled(interaction: "confirm")) { try await answer.value }
        #expect(await handlerCancelled.wait(), "the handler's own task was cancelled (its dialog closes)")
        #expect(interaction.pendingCount == 0)
    }

    @Test func aScreenClosingWithAQuestionOpenFreesTheViewModelAndTheHandler() async throws {
        var viewModel: AskingViewModel? = AskingViewModel()
        weak let weakViewModel = viewModel
        var probe: HandlerProbe? = HandlerProbe()
        weak let weakProbe = probe
        let user = Gate<Int>()
        let screen = Lifetime.make()
        let interaction = try #require(viewModel).pickNumber
        screen.lifetime += interaction.handle { [probe] _ in
            _ = probe
            return await user.wait()
        }
        probe = nil
        let answer = Task { try await interaction.ask("how many?") }
        await yield { user.waiters == 1 }

        screen.token.dispose()
        viewModel = nil
        await #expect(throws: InteractionError.cancelled(interaction: "pickNumber")) { try await answer.value }
        #expect(weakViewModel == nil)
        user.open(3) // the dialog's late answer lets its task end
        await yield { weakProbe == nil }
        #expect(weakProbe == nil, "the handler and what it holds are let go")
    }

    @Test func aViewModelFreedWithAQuestionOpenCancelsIt() async throws {
        var viewModel: AskingViewModel? = AskingViewModel()
        weak let weakViewModel = viewModel
        let user = Gate<Int>()
        let interaction = try #require(viewModel).pickNumber
        interaction.handle { _ in await user.wait() }
        let answer = Task { try await interaction.ask("how many?") }
        await yield { user.waiters == 1 }

        viewModel = nil
        #expect(weakViewModel == nil, "an open question does not keep its view model")
        await #expect(throws: InteractionError.cancelled(interaction: "pickNumber")) { try await answer.value }
        user.open(3)
    }
}
