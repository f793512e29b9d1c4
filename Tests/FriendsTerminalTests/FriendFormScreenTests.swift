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

    /// One way through the add form: the keys pressed, and the screen (80×24) they leave.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let keys: [Key]
        let screen: [String]
        /// Where the terminal cursor is; `nil` when no text field is in focus.
        let cursor: CursorPosition?
        let submitEnabled: Bool
        var testDescription: String { name }
    }

    nonisolated static func typing(_ text: String) -> [Key] {
        text.map(Key.character)
    }

    /// The rows under the title and rule of an 80×24 screen, padded with empty rows to the footer.
    nonisolated static func wideScreen(_ title: String, _ rows: [String], footer: String = Self.footer) -> [String] {
        [" \(title)", String(repeating: "─", count: 80)] + rows + Array(repeating: "", count: 21 - rows.count) + [footer]
    }

    /// In a text field, where `?` is text: the keys that fit and the way out, without "? Help".
    nonisolated static let footer = " Tab/⇧Tab Move  ⏎ Submit  ^N Add phone/email  ^X Remove phone/email  Esc Cancel"
    /// On a button, where `?` opens the help.
    nonisolated static let buttonFooter = " Tab/⇧Tab Move  ⏎ Submit  ^N Add phone/email  Esc Cancel  ? Help"

    nonisolated static let scenarios: [Scenario] = [
        Scenario(name: "empty add form: the name hint, first field focused, SUBMIT enabled to show what is missing", keys: [], screen: wideScreen("Add Friend", [
            "",
            " Enter a first name, last name or organization.",
            " First name    [                                                ]",
            " Last name     [                                                ]",
            " Organization  [                                                ]",
            " Phone         [ Add phone ]",
            " Email         [ Add email ]",
            " Birthday      [                                                ]",
            " About         [                                                ]",
            "",
            "               [ SUBMIT ]",
        ]), cursor: CursorPosition(row: 4, column: 16), submitEnabled: true),
        Scenario(name: "invalid input: the message shows under its field; SUBMIT stays enabled to show every message",
                 keys: typing("x") + [.backspace, .tab, .tab, .tab, .enter] + typing("call me"), screen: wideScreen("Add Friend", [
            "",
            " Enter a first name, last name or organization.",
            " First name    [                                                ]",
            "                ! Give a first name, a last name or an organization.",
            " Last name     [                                                ]",
            " Organization  [                                                ]",
            " Phone         ★ mobile   [call me                              ]",
            "                           ! Phone number must be empty or at most 40",
            "                             characters with at least one digit, without",
            "                             control characters.",
            "               [ Add phone ]",
            " Email         [ Add email ]",
            " Birthday      [                                                ]",
            " About         [                                                ]",
            "",
            "               [ SUBMIT ]",
        ]), cursor: CursorPosition(row: 8, column: 34), submitEnabled: true),
        Scenario(name: "valid input: Tab reaches SUBMIT",
                 keys: typing("Ada") + [.tab] + typing("Lovelace") + Array(repeating: .tab, count: 6), screen: wideScreen("Add Friend", [
            "",
            " Enter a first name, last name or organization.",
            " First name    [Ada                                             ]",
            " Last name     [Lovelace                                        ]",
            " Organization  [                                                ]",
            " Phone         [ Add phone ]",
            " Email         [ Add email ]",
            " Birthday      [                                                ]",
            " About         [                                                ]",
            "",
            "               [ SUBMIT ]",
        ], footer: Self.buttonFooter), cursor: nil, submitEnabled: true),
        Scenario(name: "submitting: the spinner shows and SUBMIT is disabled",
                 keys: typing("Ada") + [.tab] + typing("Lovelace") + [.enter], screen: wideScreen("Add Friend", [
            "",
            " Enter a first name, last name or organization.",
            " First name    [Ada                                             ]",
            " Last name     [Lovelace                                        ]",
            " Organization  [                                                ]",
            " Phone         [ Add phone ]",
            " Email         [ Add email ]",
            " Birthday      [                                                ]",
            " About         [                                                ]",
            "                                ┌─────────────┐",
            "               [ SUBMIT ]       │ ⠋ Saving... │",
            "                                └─────────────┘",
        ]), cursor: nil, submitEnabled: false),
        Scenario(name: "two phone numbers, the second labelled work and made preferred; an email address",
                 keys: typing("Ada") + [.tab, .tab, .tab, .enter] + typing("0501234567") + [.ctrl("n")] + typing("+44 20 7946 0000")
                    + [.ctrl("t"), .ctrl("t"), .ctrl("p"), .tab, .tab, .tab, .enter] + typing("ada@example.com"),
                 screen: wideScreen("Add Friend", [
            "",
            " Enter a first name, last name or organization.",
            " First name    [Ada                                             ]",
            " Last name     [                                                ]",
            " Organization  [                                                ]",
            " Phone         ★ work     [+44 20 7946 0000                     ]",
            "                 mobile   [0501234567                           ]",
            "               [ Add phone ]",
            " Email         ★ home     [ada@example.com                      ]",
            "               [ Add email ]",
            " Birthday      [                                                ]",
            " About         [                                                ]",
            "",
            "               [ SUBMIT ]",
        ]), cursor: CursorPosition(row: 10, column: 42), submitEnabled: true),
        Scenario(name: "Ctrl-X removes the number in focus and the focus goes to the next",
                 keys: typing("Ada") + [.tab, .tab, .tab, .enter] + typing("1") + [.ctrl("n")] + typing("2") + [.up, .ctrl("x")],
                 screen: wideScreen("Add Friend", [
            "",
            " Enter a first name, last name or organization.",
            " First name    [Ada                                             ]",
            " Last name     [                                                ]",
            " Organization  [                                                ]",
            " Phone         ★ mobile   [2                                    ]",
            "               [ Add phone ]",
            " Email         [ Add email ]",
            " Birthday      [                                                ]",
            " About         [                                                ]",
            "",
            "               [ SUBMIT ]",
        ]), cursor: CursorPosition(row: 7, column: 28), submitEnabled: true),
    ]

    @Test(arguments: scenarios)
    func addForm(_ scenario: Scenario) {
        let screen = addScreen()
        for key in scenario.keys { _ = screen.handle(key) }
        let canvas = screen.render(size: Self.wide)
        expectScreen(canvas, scenario.screen)
        #expect(canvas.cursor == scenario.cursor)
        #expect(canvas.style(of: "[ SUBMIT ]")?.dim == !scenario.submitEnabled)
    }

    @Test("a message is drawn in red; a focused SUBMIT in inverse")
    func styles() {
        let screen = addScreen()
        type("x", into: screen)
        _ = screen.handle(.backspace)
        #expect(screen.render(size: Self.wide).style(of: "! Give a first name, a last name or an organization.")?.foreground == .red)
        type("Ada", into: screen)
        _ = screen.handle(.backTab)
        #expect(screen.focus == .submit)
        #expect(screen.render(size: Self.wide).style(of: "[ SUBMIT ]") == Style(bold: true, inverse: true))
    }

    @Test("Tab goes through every field, entry and Add button, and wraps around")
    func focusOrder() {
        let screen = addScreen()
        let phone = screen.viewModel.addEntryTapped(.phone)!
        let order: [FriendFormScreen.Focus] = [
            .field(.firstname), .field(.lastname), .field(.organization), .entry(.phone, phone), .add(.phone), .add(.email),
            .field(.birthday), .field(.about), .submit,
        ]
        #expect(screen.focusOrder == order)
        var visited: [FriendFormScreen.Focus] = []
        for _ in 0...order.count {
            visited.append(screen.focus)
            _ = screen.handle(.tab)
        }
        #expect(visited == order + [.field(.firstname)])
    }

    @Test("the entry keys are in the help, which ? opens from a button")
    func help() {
        let screen = addScreen()
        _ = screen.handle(.backTab)  // from the first name to SUBMIT
        #expect(screen.focus == .submit)
        let labels = screen.keyMap?.entries.map { "\($0.key) \($0.label)" }
        #expect(labels == [
            "Tab/⇧Tab Move", "⏎ Submit", "^N Add phone/email", "^X Remove phone/email", "^P Make preferred", "^T Next label", "Esc Cancel",
        ])
    }

    @Test("in a text field ? is text: the app does not take it for help")
    func questionMarkIsText() {
        let screen = addScreen()
        #expect(screen.keyMap == nil)
        type("Why? Because", into: screen)
        #expect(screen.viewModel.fields.value.firstname == "Why? Because")
    }

    @Test("a click on Add email adds one and moves to it; a click on an entry moves to it")
    func clicks() {
        let screen = addScreen()
        _ = screen.render(size: Self.wide)
        _ = screen.handle(.mouse(MouseEvent(action: .press, row: 0, column: 0, target: .button("Add email"))))
        let email = screen.viewModel.emails.value.map(\.id)
        #expect(email.count == 1)
        #expect(screen.focus == .entry(.email, email[0]))
        let phone = screen.viewModel.addEntryTapped(.phone)!
        _ = screen.handle(.mouse(MouseEvent(action: .press, row: 0, column: 0, target: .item(FriendFormScreen.targetName(phone)))))
        #expect(screen.focus == .entry(.phone, phone))
    }

    @Test("update form starts with the friend's fields, each number and address an entry; narrow, it scrolls")
    func updateFormNarrow() {
        let viewModel = FriendFormViewModel(updating: Versioned(SampleData.ada, eTag: "\"1\""), client: FakeFriendsClient(friends: []))
        let screen = FriendFormScreen(viewModel: viewModel, redraw: {})
        expectScreen(screen.render(size: Self.narrow), [
            " Update Friend",
            "────────────────────────────────────────",
            " Enter a first name, last name or orga…",
            " First name    [Ada                   ]",
            " Last name     [Lovelace              ]",
            " Organization  [                      ]",
            " Phone         ★ no label [0501234567 ]",
            "               [ Add phone ]",
            " Email         ★ no label [ada@example]",
            "               [ Add email ]",
            " Birthday      [                      ]▼",
            " Tab/⇧Tab Move  ⏎ Submit  Esc Cancel",
        ])
        _ = screen.handle(.backTab)
        let canvas = screen.render(size: Self.narrow)
        #expect(canvas.lines[10] == "               [ SUBMIT ]")
        // Nothing changed yet: there is nothing to save.
        #expect(canvas.style(of: "[ SUBMIT ]") == Style(dim: true, inverse: true))
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
            " About         [                      ]",
            "                                       ▼",
            " ←→ Choose  ⏎ Confirm  Esc Cancel",
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

    @Test("Alt-x as a terminal sends it (ESC x in one read) does not ask to discard the changes")
    func altLetterIsNotEscape() {
        let screen = addScreen()
        type("Ada", into: screen)
        var decoder = KeyDecoder()
        for key in decoder.feed(Array("\u{1B}x".utf8)) { _ = screen.handle(key) }
        #expect(screen.viewModel.discardConfirmation.value == nil)
        #expect(screen.viewModel.fields.value.firstname == "Ada")
    }

    /// Ada's form, her last name typed as `mine` and saved while it was changed elsewhere to
    /// `theirs`: the conflict dialog open.
    private func conflictingEdit(theirs: String, mine: String) async -> (FriendFormViewModel, FriendFormScreen) {
        var changed = SampleData.ada
        changed.lastname = theirs
        let client = FakeFriendsClient(pages: [.success(FriendPage(items: [SampleData.ada], nextCursor: nil))], changedElsewhere: changed)
        let viewModel = FriendFormViewModel(updating: Versioned(SampleData.ada, eTag: "\"1\""), client: client)
        let screen = FriendFormScreen(viewModel: viewModel, redraw: {})
        _ = screen.handle(.tab)
        _ = screen.handle(.ctrl("u"))
        type(mine, into: screen)
        _ = screen.handle(.enter)
        await viewModel.conflict.waitUntil { $0 != nil }
        return (viewModel, screen)
    }

    @Test("the conflict question starts on Edit on, as the discard question starts on Cancel: one Enter keeps the form as typed and saves nothing")
    func conflictStartsOnTheAnswerThatLosesNothing() async {
        let (viewModel, screen) = await conflictingEdit(theirs: "King", mine: "Byron")
        var wentBack = 0
        viewModel.onNavigateBack = { wentBack += 1 }
        _ = screen.handle(.enter)
        #expect(viewModel.conflict.value == nil)
        #expect(viewModel.fields.value.lastname == "Byron")
        #expect(viewModel.showLoadingHud.value == false, "no save was started")
        #expect(wentBack == 0)
    }

    @Test("a long notice wraps above the footer, whole where there is room")
    func longNoticeWraps() async throws {
        let client = FakeFriendsClient(pages: [.success(FriendPage(items: [SampleData.ada], nextCursor: nil))])
        client.deleteElsewhere(SampleData.ada.id)
        let viewModel = FriendFormViewModel(updating: Versioned(SampleData.ada, eTag: "\"1\""), client: client)
        let screen = FriendFormScreen(viewModel: viewModel, redraw: {})
        type("x", into: screen)
        _ = screen.handle(.enter)
        await viewModel.notice.waitUntil { $0 != nil }
        let notice = try #require(viewModel.notice.value)
        #expect(DisplayWidth.of(notice) > 78, "a notice longer than a row: \(notice)")
        let rows = screen.render(size: Self.wide).lines
        let shown = rows.dropLast().suffix(3).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(shown.joined(separator: " ") == notice, "\(rows)")
    }

    @Test("the conflict dialog is as wide as the values it asks about, where the terminal allows")
    func conflictShowsWholeValues() async {
        let (_, screen) = await conflictingEdit(
            theirs: "King, Countess of Lovelace, née Byron, of Ockham", mine: "Byron, daughter of the poet Lord Byron, of London"
        )
        let rows = screen.render(size: Self.wide).lines
        #expect(rows.contains { $0.contains("theirs: King, Countess of Lovelace, née Byron, of Ockham") }, "\(rows)")
        #expect(rows.contains { $0.contains("mine:   Byron, daughter of the poet Lord Byron, of London") }, "\(rows)")
    }

    /// Two long values that differ only at their ends: cut to a line each, they looked the same.
    static let longTheirs = "King of Ockham Park, Surrey, Countess of Lovelace, Baroness King, née Byron, the end T"
    static let longMine = "King of Ockham Park, Surrey, Countess of Lovelace, Baroness King, née Byron, the end M"

    @Test("the conflict dialog shows long values whole, wrapped, so that where they differ shows")
    func conflictWrapsLongValues() async {
        let (_, screen) = await conflictingEdit(theirs: Self.longTheirs, mine: Self.longMine)
        let rows = screen.render(size: Self.wide).lines
        #expect(rows.contains { $0.contains("theirs: King of Ockham Park") }, "\(rows)")
        #expect(rows.contains { $0.contains("mine:   King of Ockham Park") }, "\(rows)")
        #expect(rows.contains { $0.contains("end T") }, "\(rows)")
        #expect(rows.contains { $0.contains("end M") }, "\(rows)")
    }

    @Test("fields that do not fit the conflict dialog scroll with ↑↓ and say so, the answers staying in view")
    func conflictScrollsOnASmallTerminal() async {
        let (viewModel, screen) = await conflictingEdit(theirs: Self.longTheirs, mine: Self.longMine)
        let first = screen.render(size: Self.narrow).lines
        #expect(first.contains { $0.contains("lines 1–") && $0.contains("↑↓ scroll") }, "\(first)")
        #expect(first.contains { $0.contains("[ Theirs ]") }, "\(first)")
        #expect(!first.contains { $0.contains("end M") }, "\(first)")
        _ = screen.handle(.end)
        let last = screen.render(size: Self.narrow).lines
        #expect(last.contains { $0.contains("end M") }, "\(last)")
        #expect(last.contains { $0.contains("[ Theirs ]") }, "\(last)")
        _ = screen.handle(.up)
        _ = screen.handle(.home)
        #expect(screen.render(size: Self.narrow).lines.contains { $0.contains("theirs: King") })
        // Scrolling answers nothing: the dialog is still open, Edit on still chosen.
        #expect(viewModel.conflict.value != nil)
        _ = screen.handle(.enter)
        #expect(viewModel.conflict.value == nil)
    }

    @Test("on a narrow terminal the conflict's three answers keep whole, shorter titles, and a click on one answers")
    func conflictOnANarrowTerminal() async {
        let (viewModel, screen) = await conflictingEdit(theirs: "King", mine: "Byron")
        let rows = screen.render(size: Self.narrow).lines
        #expect(rows.contains { $0.contains("[ Theirs ]  [ Mine ]  [ Edit on ]") }, "\(rows)")
        _ = screen.handle(.click(.button("Theirs")))
        #expect(viewModel.conflict.value == nil)
        #expect(viewModel.fields.value.lastname == "King")
    }

    @Test("at 24 columns the conflict shows each value under its field's name, and every answer, on two rows")
    func conflictOnATinyTerminal() async {
        let (viewModel, screen) = await conflictingEdit(theirs: "Theirs", mine: "Mine")
        let tiny = TerminalSize(rows: 12, columns: 24)
        let rows = screen.render(size: tiny).lines
        #expect(rows.contains { $0.contains("│ Last name") }, "\(rows)")
        #expect(rows.contains { $0.contains("theirs: Theirs") }, "\(rows)")
        #expect(rows.contains { $0.contains("mine:   Mine") }, "\(rows)")
        #expect(rows.contains { $0.contains("[ Theirs ]  [ Mine ]") }, "\(rows)")
        #expect(rows.contains { $0.contains("[ Edit on ]") }, "\(rows)")
        _ = screen.handle(.enter)
        #expect(viewModel.conflict.value == nil, "Edit on, focused on its own row, answers")
        #expect(viewModel.fields.value.lastname == "Mine")
    }

    @Test("a save that meets a change made elsewhere shows theirs beside mine; Keep mine saves what was typed")
    func conflict() async {
        let (viewModel, screen) = await conflictingEdit(theirs: "King", mine: "Byron")
        var wentBack = 0
        viewModel.onNavigateBack = { wentBack += 1 }
        expectScreen(screen.render(size: Self.wide), [
            " Update Friend",
            "────────────────────────────────────────────────────────────────────────────────",
            "",
            " Enter a first name, last name or organization.",
            " First name    [Ada                                             ]",
            " Last name     [Byron                                           ]",
            " Organization  [                                                ]",
            " Phone         ★ no label [0501234567                           ]",
            "               [ Add phone ]",
            " Email         ★┌─ Ada King was changed elsewhere. ───────────┐ ]",
            "               [│ Last name     theirs: King                  │",
            " Birthday      [│               mine:   Byron                 │ ]",
            " About         [│                                             │ ]",
            "                │ [ Keep theirs ]  [ Keep mine ]  [ Edit on ] │",
            "               [└─────────────────────────────────────────────┘",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " ←→ Choose  ⏎ Confirm  Esc Edit on  ? Help",
        ])
        // → stays on Edit on, the last answer, rather than go round to Keep theirs.
        _ = screen.handle(.right)
        _ = screen.handle(.left)
        _ = screen.handle(.enter)
        await viewModel.showLoadingHud.waitUntil { !$0 }
        #expect(wentBack == 1)
        #expect(viewModel.fields.value.lastname == "Byron")
    }
}
