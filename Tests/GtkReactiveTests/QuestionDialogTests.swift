import CGtk
import Foundation
import GtkReactive
import GtkTestSupport
import Reactive
import Testing
import ViewModelKit

/// The typed questions beside confirmations, answered by the view: a choice and a line of text
/// in libadwaita's message dialog, a file in the desktop's file chooser. Each answers what the
/// user gave, or nil when they declined or the screen went.
@MainActor
@Suite("Choice, text and file dialogs", .serialized, .needsDisplay)
struct QuestionDialogTests: DialogTesting {
    enum Copy: Equatable { case keepBoth, replace }

    let replaceOrKeep = ChoiceQuestion<Copy>(
        title: "文件已存在", message: "要替换它吗？",
        choices: [.init(.keepBoth, label: "保留两者"), .init(.replace, label: "替换", isDestructive: true)],
        cancelTitle: "取消")

    init() throws {
        try startGTK()
    }

    @Test func aChoiceHasOneButtonPerAnswerAndAnswersThePickedOne() async throws {
        let (window, page) = windowWithPage()
        let interaction = Interaction<ChoiceQuestion<Copy>, Copy?>("replaceOrKeep")
        let screen = Lifetime.make()
        screen.lifetime += interaction.handleWithDialogs(over: page)

        var answer = Task { try await interaction.ask(replaceOrKeep) }
        var dialog = try await shownDialog(over: window)
        #expect(dialog.heading == "文件已存在" && dialog.body == "要替换它吗？")
        #expect(dialog.label(ofResponse: MessageDialog.cancelResponse) == "取消")
        #expect(dialog.label(ofResponse: MessageDialog.choiceResponse(0)) == "保留两者")
        #expect(dialog.appearance(ofResponse: MessageDialog.choiceResponse(0)) == .suggested)
        #expect(dialog.appearance(ofResponse: MessageDialog.choiceResponse(1)) == .destructive)
        #expect(dialog.defaultResponse == MessageDialog.choiceResponse(0), "the safe first answer is Enter's")
        dialog.respond(MessageDialog.choiceResponse(1))
        try #require(await settled(interaction), "answered")
        #expect(try await answer.value == .replace)

        answer = Task { try await interaction.ask(replaceOrKeep) }
        dialog = try await shownDialog(over: window)
        dialog.close()
        try #require(await settled(interaction), "answered")
        #expect(try await answer.value == nil, "closed: no choice")
        window.destroy()
    }

    @Test func aDestructiveFirstChoiceIsNotTheDefault() async throws {
        let (window, page) = windowWithPage()
        let question = ChoiceQuestion<Copy>(message: "替换？", choices: [.init(.replace, label: "替换", isDestructive: true)], cancelTitle: "取消")
        let asking = Task { await MessageDialog.ask(question, over: page) }
        let dialog = try await shownDialog(over: window)
        #expect(dialog.defaultResponse == MessageDialog.cancelResponse)
        asking.cancel()
        #expect(await asking.value == nil, "cancelled: no choice")
        #expect(!dialog.isOpen, "cancelling the ask closed the dialog")
        window.destroy()
    }

    @Test func aTextQuestionAnswersTheTypedTextOnlyWhenItIsAcceptable() async throws {
        let (window, page) = windowWithPage()
        let interaction = Interaction<TextQuestion, String?>("renameCopy")
        let screen = Lifetime.make()
        screen.lifetime += interaction.handleWithDialogs(over: page)
        let question = TextQuestion(title: "重命名", message: "新的名字", text: "旧名字", placeholder: "名字",
                                    confirmTitle: "重命名", cancelTitle: "取消", maximumLength: 8)

        var answer = Task { try await interaction.ask(question) }
        var dialog = try await shownDialog(over: window)
        let field = try #require(dialog.extraChild.flatMap { Entry.cast($0.pointer) }, "a text field under the message")
        #expect(field.text == "旧名字")
        #expect(dialog.isResponseEnabled(MessageDialog.confirmResponse))
        field.text = "   "
        #expect(await pumpMainLoopYielding { !dialog.isResponseEnabled(MessageDialog.confirmResponse) }, "blank: cannot confirm")
        field.text = "新名字"
        #expect(await pumpMainLoopYielding { dialog.isResponseEnabled(MessageDialog.confirmResponse) })
        #expect(dialog.defaultResponse == MessageDialog.confirmResponse, "Enter in the field confirms")
        dialog.respond(MessageDialog.confirmResponse)
        try #require(await settled(interaction), "answered")
        #expect(try await answer.value == "新名字")

        answer = Task { try await interaction.ask(question) }
        dialog = try await shownDialog(over: window)
        dialog.respond(MessageDialog.cancelResponse)
        try #require(await settled(interaction), "answered")
        #expect(try await answer.value == nil, "declined: no text")
        window.destroy()
    }

    @Test func theQuestionsOwnRulesDecideWhatIsAcceptable() {
        let question = TextQuestion(message: "名字", confirmTitle: "好", cancelTitle: "取消", maximumLength: 3)
        #expect(!question.accepts("") && !question.accepts(" \t") && question.accepts("abc") && !question.accepts("abcd"))
        #expect(TextQuestion(message: "备注", confirmTitle: "好", cancelTitle: "取消", allowsBlank: true).accepts(""))
        #expect(TextQuestion(message: "x", confirmTitle: "好", cancelTitle: "取消", maximumLength: -5).maximumLength == 1,
                "a length below one is one")
    }

    /// The file chooser GTK shows without a portal: a `GtkFileChooserDialog` over the window.
    func visibleChooser(over window: Window) -> UnsafeMutablePointer<GtkWidget>? {
        guard let toplevels = gtk_window_get_toplevels() else { return nil }
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            g_object_unref(item)
            let widget = item.assumingMemoryBound(to: GtkWidget.self)
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            guard g_type_check_instance_is_a(instance, gtk_file_chooser_dialog_get_type()) != 0,
                  gtk_widget_get_visible(widget) != 0,
                  gtk_window_get_transient_for(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self))
                    .map({ UnsafeMutableRawPointer($0) }) == UnsafeMutableRawPointer(window.pointer)
            else { continue }
            return widget
        }
        return nil
    }

    func shownChooser(over window: Window) async throws -> UnsafeMutablePointer<GtkWidget> {
        await pumpMainLoopYielding(timeout: .seconds(10)) { visibleChooser(over: window) != nil }
        return try #require(visibleChooser(over: window), "a file chooser opens over the window")
    }

    @Test func aFileQuestionAnswersTheFileAcceptedInTheChooser() async throws {
        let (window, page) = windowWithPage()
        window.present()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goodsdesk-chooser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let interaction = Interaction<FileQuestion, URL?>("exportLikes")
        let screen = Lifetime.make()
        screen.lifetime += interaction.handleWithFileChooser(over: page)
        let question = FileQuestion(title: "导出收藏", purpose: .save(suggestedName: "收藏.json"), acceptTitle: "导出", cancelTitle: "取消",
                                    filters: [.init(name: "JSON", patterns: ["*.json"], mimeTypes: ["application/json"])], folder: folder)

        let answer = Task { try await interaction.ask(question) }
        let dialog = try await shownChooser(over: window)
        #expect(gtk_window_get_title(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self)).map { String(cString: $0) } == "导出收藏")
        // What the user does: the accept button (GTK ignores an accepting response no button asked for).
        let accept = try #require(gtk_dialog_get_widget_for_response(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkDialog.self),
                                                                     GTK_RESPONSE_ACCEPT.rawValue))
        #expect(gtk_widget_activate(accept) != 0)
        try #require(await settled(interaction), "answered")
        #expect(try await answer.value?.standardizedFileURL == folder.appendingPathComponent("收藏.json").standardizedFileURL,
                "the suggested name in the folder asked for")
        window.destroy()
    }

    @Test func aTestAnswersAChooserWithoutDrivingIt() async throws {
        let (window, page) = windowWithPage()
        window.present()
        let asking = Task { await FileChooser.ask(FileQuestion(title: "打开", acceptTitle: "打开", cancelTitle: "取消"), over: page) }
        _ = try await shownChooser(over: window)
        let chooser = try #require(FileChooser.showing.last)
        chooser.respond(with: URL(fileURLWithPath: "/tmp/goods.json"))
        #expect(await asking.value == URL(fileURLWithPath: "/tmp/goods.json"))
        #expect(await pumpMainLoopYielding { visibleChooser(over: window) == nil }, "answering closed it")
        window.destroy()
    }

    @Test func aChooserOpenWhenItsScreenGoesClosesAndTheAskIsCancelled() async throws {
        let (window, page) = windowWithPage()
        window.present()
        let interaction = Interaction<FileQuestion, URL?>("exportFile")
        let screen = Lifetime.make()
        screen.lifetime += interaction.handleWithFileChooser(over: page)
        let answer = Task { try await interaction.ask(FileQuestion(title: "导出", purpose: .save(suggestedName: "收藏.json"),
                                                                   acceptTitle: "导出", cancelTitle: "取消")) }
        _ = try await shownChooser(over: window)
        #expect(FileChooser.showing.count == 1)
        screen.token.dispose()
        try #require(await settled(interaction), "cancelled")
        await #expect(throws: InteractionError.cancelled(interaction: "exportFile")) { try await answer.value }
        #expect(await pumpMainLoopYielding { visibleChooser(over: window) == nil }, "the chooser closed with its screen")
        #expect(FileChooser.showing.isEmpty)
        window.destroy()
    }

    @Test func closingTheWindowClosesItsChooserUnanswered() async throws {
        let (window, page) = windowWithPage()
        window.present()
        let asking = Task { await FileChooser.ask(FileQuestion(title: "打开", acceptTitle: "打开", cancelTitle: "取消"), over: page) }
        _ = try await shownChooser(over: window)
        window.destroy()
        #expect(await pumpMainLoopYielding { FileChooser.showing.isEmpty }, "answered when the window closed")
        #expect(await asking.value == nil)
    }
}
