import FriendsAPI
import FriendsClient
import FriendsViewModels
import TerminalUI
import TestSupport
import Testing
@testable import FriendsTerminal

@MainActor
@Suite("The add and update form")
struct FriendFormScreenTests {
    static let wide = TerminalSize(rows: 24, columns: 80)
    static let narrow = TerminalSize(rows: 12, columns: 40)

    private func addScreen(_ client: FakeFriendsClient = FakeFriendsClient(friends: [])) -> FriendFormScreen {
        FriendFormScreen(viewModel: FriendFormViewModel(client: client), redraw: {})
    }

    private func type(_ text: String, into screen: FriendFormScreen) {
        for character in text { _ = screen.handle(.character(character)) }
    }

    @Test("empty add form: first field focused, SUBMIT disabled")
    func emptyAddForm() {
        let screen = addScreen()
        let canvas = screen.render(size: Self.wide)
        expectScreen(canvas, [
            " Add Friend",
            "────────────────────────────────────────────────────────────────────────────────",
            "",
            " First name    [                                                ]",
            " Last name     [                                                ]",
            " Organization  [                                                ]",
            " Phone number  [                                                ]",
            " Email         [                                                ]",
            " Birthday      [                                                ]",
            " About         [                                                ]",
            "",
            "               [ SUBMIT ]",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " Tab/⇧Tab Move  ⏎ Submit  Esc Cancel",
        ])
        #expect(canvas.cursor == CursorPosition(row: 3, column: 16))
        #expect(canvas.style(of: "[ SUBMIT ]")?.dim == true)
    }

    @Test("invalid input: the message shows under its field and SUBMIT stays disabled")
    func invalidForm() {
        let screen = addScreen()
        type("x", into: screen)
        _ = screen.handle(.backspace)
        for _ in 0..<3 { _ = screen.handle(.tab) }
        type("call me", into: screen)
        let canvas = screen.render(size: Self.wide)
        expectScreen(canvas, [
            " Add Friend",
            "────────────────────────────────────────────────────────────────────────────────",
            "",
            " First name    [                                                ]",
            "                ! Give a first name, a last name or an organization.",
            " Last name     [                                                ]",
            " Organization  [                                                ]",
            " Phone number  [call me                                         ]",
            "                ! Phone number must be empty or at most 40 characters with at",
            "                  least one digit, without control characters.",
            " Email         [                                                ]",
            " Birthday      [                                                ]",
            " About         [                                                ]",
            "",
            "               [ SUBMIT ]",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " Tab/⇧Tab Move  ⏎ Submit  Esc Cancel",
        ])
        #expect(canvas.style(of: "[ SUBMIT ]")?.dim == true)
        #expect(canvas.style(of: "! Give a first name, a last name or an organization.")?.foreground == .red)
    }

    @Test("valid input: SUBMIT is enabled; Tab reaches it and wraps around")
    func validForm() {
        let screen = addScreen()
        type("Ada", into: screen)
        _ = screen.handle(.tab)
        type("Lovelace", into: screen)
        for _ in 0..<6 { _ = screen.handle(.tab) }
        #expect(screen.focus == .submit)
        let canvas = screen.render(size: Self.wide)
        expectScreen(canvas, [
            " Add Friend",
            "────────────────────────────────────────────────────────────────────────────────",
            "",
            " First name    [Ada                                             ]",
            " Last name     [Lovelace                                        ]",
            " Organization  [                                                ]",
            " Phone number  [                                                ]",
            " Email         [                                                ]",
            " Birthday      [                                                ]",
            " About         [                                                ]",
            "",
            "               [ SUBMIT ]",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " Tab/⇧Tab Move  ⏎ Submit  Esc Cancel",
        ])
        #expect(canvas.cursor == nil)
        #expect(canvas.style(of: "[ SUBMIT ]") == Style(bold: true, inverse: true))
        _ = screen.handle(.tab)
        #expect(screen.focus == .field(.firstname))
        _ = screen.handle(.backTab)
        #expect(screen.focus == .submit)
    }

    @Test("submitting: the spinner shows and SUBMIT is disabled")
    func submitting() {
        let screen = addScreen()
        type("Ada", into: screen)
        _ = screen.handle(.tab)
        type("Lovelace", into: screen)
        _ = screen.handle(.enter)
        let canvas = screen.render(size: Self.wide)
        expectScreen(canvas, [
            " Add Friend",
            "────────────────────────────────────────────────────────────────────────────────",
            "",
            " First name    [Ada                                             ]",
            " Last name     [Lovelace                                        ]",
            " Organization  [                                                ]",
            " Phone number  [                                                ]",
            " Email         [                                                ]",
            " Birthday      [                                                ]",
            " About         [                                                ]",
            "",
            "               [ SUBMIT ]       ┌─────────────┐",
            "                                │ ⠋ Saving... │",
            "                                └─────────────┘",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " Tab/⇧Tab Move  ⏎ Submit  Esc Cancel",
        ])
        #expect(canvas.style(of: "[ SUBMIT ]")?.dim == true)
        #expect(canvas.cursor == nil)
    }

    @Test("update form starts with the friend's fields, SUBMIT enabled; narrow")
    func updateFormNarrow() {
        let viewModel = FriendFormViewModel(updating: Versioned(SampleData.ada, eTag: "\"1\""), client: FakeFriendsClient(friends: []))
        let screen = FriendFormScreen(viewModel: viewModel, redraw: {})
        let canvas = screen.render(size: Self.narrow)
        expectScreen(canvas, [
            " Update Friend",
            "────────────────────────────────────────",
            " First name    [Ada                   ]",
            " Last name     [Lovelace              ]",
            " Organization  [                      ]",
            " Phone number  [0501234567            ]",
            " Email         [ada@example.com       ]",
            " Birthday      [                      ]",
            " About         [Wrote the first progra]",
            "",
            "               [ SUBMIT ]",
            " Tab/⇧Tab Move  ⏎ Submit  Esc Cancel",
        ])
        #expect(canvas.style(of: "[ SUBMIT ]")?.dim == false)
    }

    @Test("editing keys: the cursor moves, text is inserted where it is")
    func editing() {
        let screen = addScreen()
        type("Aa", into: screen)
        _ = screen.handle(.left)
        type("d", into: screen)
        #expect(screen.viewModel.fields.value.firstname == "Ada")
        _ = screen.handle(.ctrl("u"))
        #expect(screen.viewModel.fields.value.firstname == "a")
    }

    @Test("Escape leaves an untouched form at once")
    func cancelUntouched() {
        let client = FakeFriendsClient(friends: [])
        let screen = addScreen(client)
        var wentBack = 0
        screen.viewModel.onNavigateBack = { wentBack += 1 }
        #expect(screen.handle(.escape) == .handled)
        #expect(wentBack == 1)
    }

    @Test("Escape with unsaved changes asks first: Keep Editing stays, Discard leaves without saving")
    func cancelAsksFirst() {
        let client = FakeFriendsClient(friends: [])
        let screen = addScreen(client)
        var wentBack = 0
        screen.viewModel.onNavigateBack = { wentBack += 1 }
        type("Ada", into: screen)
        _ = screen.handle(.escape)
        expectScreen(screen.render(size: Self.narrow), [
            " Add Friend",
            "────────────────────────────────────────",
            " ┌────────────────────────────────────┐",
            " │ Discard Changes                    │",
            " │                                    │",
            " │ Leave without saving your changes? │",
            " │                                    │",
            " │   [ Discard ]  [ Keep Editing ]    │",
            " └────────────────────────────────────┘",
            "",
            "               [ SUBMIT ]",
            " Tab/⇧Tab Move  ⏎ Submit  Esc Cancel",
        ])
        _ = screen.handle(.enter)
        #expect(wentBack == 0)
        #expect(screen.viewModel.discardConfirmation.value == nil)
        #expect(screen.viewModel.fields.value.firstname == "Ada")
        _ = screen.handle(.escape)
        _ = screen.handle(.left)
        _ = screen.handle(.enter)
        #expect(wentBack == 1)
        #expect(client.recorded.added.isEmpty)
    }

    @Test("a save that meets a change made elsewhere shows theirs beside mine; Keep mine saves what was typed")
    func conflict() async {
        var theirs = SampleData.ada
        theirs.lastname = "King"
        let client = FakeFriendsClient(pages: [.success(FriendPage(items: [SampleData.ada], nextCursor: nil))], changedElsewhere: theirs)
        let viewModel = FriendFormViewModel(updating: Versioned(SampleData.ada, eTag: "\"1\""), client: client)
        let screen = FriendFormScreen(viewModel: viewModel, redraw: {})
        var wentBack = 0
        viewModel.onNavigateBack = { wentBack += 1 }
        _ = screen.handle(.tab)
        _ = screen.handle(.ctrl("u"))
        type("Byron", into: screen)
        _ = screen.handle(.enter)
        await viewModel.conflict.waitUntil { $0 != nil }
        expectScreen(screen.render(size: Self.wide), [
" Update Friend",
            "────────────────────────────────────────────────────────────────────────────────",
            "",
            " First name    [Ada                                             ]",
            " Last name     [Byron                                           ]",
            " Organization  [                                                ]",
            " Phone number  [0501234567                                      ]",
            " Email         [ada@example.com                                 ]",
            " Birthday      [                                                ]",
            " About         [┌─ Ada King was changed elsewhere. ───────────┐ ]",
            "                │ Last name     theirs: King                  │",
            "               [│               mine:   Byron                 │",
            "                │                                             │",
            "                │ [ Keep theirs ]  [ Keep mine ]  [ Edit on ] │",
            "                └─────────────────────────────────────────────┘",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " Tab/⇧Tab Move  ⏎ Submit  Esc Cancel",
        ])
        _ = screen.handle(.enter)
        await viewModel.showLoadingHud.waitUntil { !$0 }
        #expect(wentBack == 1)
        #expect(viewModel.fields.value.lastname == "Byron")
    }
}
