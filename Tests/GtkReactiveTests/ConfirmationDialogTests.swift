import CGtk
import GtkReactive
import GtkTestSupport
import Reactive
import Testing
import ViewModelKit

/// A view model's `Interaction<ConfirmationQuestion, Bool>` answered with libadwaita's message
/// dialog (`handleWithDialogs(over:)`): what the dialog says, each way it answers, and that it
/// closes unanswered when its screen or its window goes.
@MainActor
@Suite("Confirmation dialogs", .serialized, .needsDisplay)
struct ConfirmationDialogTests: DialogTesting {
    let logout = ConfirmationQuestion(title: "注销？", message: "确定要注销当前用户吗?", confirmTitle: "注销", cancelTitle: "取消")

    init() throws {
        try startGTK()
    }

    @Test func theQuestionIsAskedOverThePagesWindowAndAgreeingAnswersTrue() async throws {
        let (window, page) = windowWithPage()
        let interaction = Interaction<ConfirmationQuestion, Bool>("confirmLogout")
        let screen = Lifetime.make()
        screen.lifetime += interaction.handleWithDialogs(over: page)

        let answer = Task { try await interaction.ask(logout) }
        let dialog = try await shownDialog(over: window)
        #expect(dialog.heading == "注销？" && dialog.body == "确定要注销当前用户吗?", "the title heads it, the message under it")
        #expect(dialog.isModal, "modal over the page's window")
        #expect(dialog.label(ofResponse: MessageDialog.cancelResponse) == "取消")
        #expect(dialog.label(ofResponse: MessageDialog.confirmResponse) == "注销")
        #expect(dialog.appearance(ofResponse: MessageDialog.confirmResponse) == .destructive)
        #expect(dialog.defaultResponse == MessageDialog.cancelResponse && dialog.closeResponse == MessageDialog.cancelResponse,
                "取消 is the default, and Escape's")
        dialog.respond(MessageDialog.confirmResponse)
        try #require(await settled(interaction), "answered")
        #expect(try await answer.value == true)
        #expect(!dialog.isOpen, "answering closed it")
        window.destroy()
    }

    @Test func decliningOrClosingAnswersFalse() async throws {
        let (window, _) = windowWithPage()
        let interaction = Interaction<ConfirmationQuestion, Bool>("confirmRemoval")
        let screen = Lifetime.make()
        screen.lifetime += interaction.handleWithDialogs(over: window)
        let question = ConfirmationQuestion(message: "删除?", confirmTitle: "删除", cancelTitle: "保留", isDestructive: false)

        var answer = Task { try await interaction.ask(question) }
        var dialog = try await shownDialog(over: window)
        #expect(dialog.heading == "删除?" && dialog.body.isEmpty, "no title: the question heads it, once")
        #expect(dialog.appearance(ofResponse: MessageDialog.confirmResponse) == .suggested, "not destructive when the question says so")
        dialog.respond(MessageDialog.cancelResponse)
        try #require(await settled(interaction), "answered")
        #expect(try await answer.value == false)
        #expect(!dialog.isOpen)

        answer = Task { try await interaction.ask(question) }
        dialog = try await shownDialog(over: window)
        dialog.close() // Escape, or the window manager's close
        try #require(await settled(interaction), "answered")
        #expect(try await answer.value == false)
        #expect(!dialog.isOpen)
        window.destroy()
    }

    @Test func aDialogOpenWhenItsScreenGoesClosesAndTheAskIsCancelled() async throws {
        let (window, page) = windowWithPage()
        let interaction = Interaction<ConfirmationQuestion, Bool>("confirmLogout")
        let screen = Lifetime.make()
        screen.lifetime += interaction.handleWithDialogs(over: page)
        let answer = Task { try await interaction.ask(logout) }
        let dialog = try await shownDialog(over: window)

        screen.token.dispose()
        try #require(await settled(interaction), "cancelled")
        await #expect(throws: InteractionError.cancelled(interaction: "confirmLogout")) { try await answer.value }
        #expect(!dialog.isOpen, "the dialog closed with its screen")
        #expect(!interaction.hasHandler)
        window.destroy()
    }

    @Test func closingTheWindowClosesItsDialogUnanswered() async throws {
        let (window, page) = windowWithPage()
        let interaction = Interaction<ConfirmationQuestion, Bool>("confirmLogout")
        let screen = Lifetime.make()
        screen.lifetime += interaction.handleWithDialogs(over: page)
        let answer = Task { try await interaction.ask(logout) }
        let dialog = try await shownDialog(over: window)

        window.destroy()
        try #require(await settled(interaction), "answered when the window closed")
        #expect(!dialog.isOpen, "destroyed with its window")
        #expect(try await answer.value == false, "closed: declined")
        screen.token.dispose()
    }
}
