import Binding
import Foundation
import FriendsAPI
import FriendsClient
import FriendsViewModels
import WebUI

/// One browser session of the Friends app: the same view models as the terminal app, and the
/// way between its screens (list, a friend's details, the add and update forms), with alerts over
/// whatever is shown, and friends as a vCard file (Export, Import). It plays the part `FriendsApp` plays in the terminal: links and forms
/// become view-model inputs, and every output a page draws tells WebUI to push it again.
@MainActor
public final class FriendsWebApp: WebApplication {
    enum Screen {
        case detail(FriendDetailViewModel)
        case form(FriendFormViewModel, path: FriendsWebPath)
        case importer(ContactsFileViewModel)

        @MainActor var path: FriendsWebPath {
            switch self {
            case .detail(let detail): .friend(detail.friendID)
            case .form(_, let path): path
            case .importer: .importCards
            }
        }
    }

    public let isBusy = Bindable(false, skipsEqualValues: true)
    public var onChange: (@MainActor () -> Void)?

    let list: FriendsListViewModel
    /// The screens over the list, the one shown last.
    private(set) var screens: [Screen] = []
    /// Alerts waiting to be acknowledged, oldest first.
    private(set) var alerts: [Alert] = []
    /// What the search box holds (the terminal's search line keeps its text the same way).
    private(set) var searchText = ""
    /// Where the person was going when leaving a form asked first: Discard goes there.
    private var destinationAfterDiscard: String?
    private let client: any FriendsProviding
    /// FriendService's vCard routes, for Export and Import; `nil` hides them.
    let cards: (any CardExchanging)?
    private let avatars: ImageLoader<Int>
    private let feed: FriendChangeFeed?
    private let pages: FriendsPages

    /// - Parameters:
    ///   - avatars: the avatar loader, shared by every session.
    ///   - feed: the live change feed, shared by every session.
    ///   - pages: the templates; their `pageSize` is how many friends the list loads at a time.
    ///   - cards: where Export and Import go; by default the client, when it can (`AppServerClient` can).
    public init(
        client: any FriendsProviding, avatars: ImageLoader<Int>, feed: FriendChangeFeed?, pages: FriendsPages,
        cards: (any CardExchanging)? = nil
    ) {
        self.client = client
        self.cards = cards ?? (client as? any CardExchanging)
        self.avatars = avatars
        self.feed = feed
        self.pages = pages
        list = FriendsListViewModel(client: client, pageSize: pages.pageSize, feed: feed)
        list.onOpenFriend = { [weak self] friend in self?.showDetail(of: friend) }
        list.onAddFriend = { [weak self] in
            guard let self else { return }
            self.showForm(FriendFormViewModel(client: self.client), at: .add)
        }
        list.onEditFriend = { [weak self] friend in self?.showUpdateForm(for: friend) }
        list.onShowAlert = { [weak self] alert in self?.show(alert) }
        list.onSearchEnded = { [weak self] in self?.searchText = "" }
        watchOutputs(of: list)
        list.viewAppeared()
    }

    // MARK: WebApplication

    public var currentPath: String {
        shownPath == .list ? listPath : shownPath.path
    }

    /// The list's address, with its search: `/?q=ada`.
    var listPath: String {
        FriendsWebPath.listPath(searching: searchText)
    }

    /// Where the screen shown now lives: the top screen's, or the list's.
    var shownPath: FriendsWebPath {
        screens.last?.path ?? .list
    }

    public func open(path address: String) async -> Bool {
        go(to: address)
    }

    private func go(to address: String) -> Bool {
        let (path, query) = FriendsWebPath.split(address)
        guard let target = FriendsWebPath(path) else { return false }
        // The list's address says what it searches for (a bookmark, Back, a reload).
        let search = FriendsWebPath.search(inQuery: query)
        guard target != shownPath else {
            if target == .list, search != searchText { self.search(for: search) }
            return true
        }
        if target == .importCards, cards == nil { return false }
        // Going elsewhere from a form with changes (Back, a link, a typed address) asks first, as
        // its Cancel does; Discard then goes on to where the person was going.
        if case .form(let form, _)? = screens.last, form.wouldLoseChanges {
            destinationAfterDiscard = address
            form.cancelButtonTapped()
            changed()
            return true
        }
        // An alert belongs to the page it was shown over: going elsewhere leaves it behind.
        alerts.removeAll()
        // A link straight to a friend (a bookmark, a new tab, a reload) may name one no loaded
        // page holds: the list fetches it, and the page waits for that (`isBusy`).
        switch target {
        case .list:
            popToList()
            if search != searchText { self.search(for: search) }
        case .friend(let id):
            if !popTo(target) {
                popToList()
                list.openTapped(id: id)
            }
        case .add:
            popToList()
            list.addButtonTapped()
        case .importCards:
            guard let cards else { return false }
            popToList()
            showImporter(ContactsFileViewModel(cards: cards))
        case .edit(let id):
            if popTo(.friend(id)), case .detail(let detail)? = screens.last {
                detail.editButtonTapped()
            } else {
                popToList()
                list.editTapped(id: id)
            }
        }
        changed()
        return true
    }

    public func receive(_ input: FormFields, at path: String) -> Bool {
        guard let target = FriendsWebPath(path), let action = input["action"] else { return false }
        if action == "dismissAlert" {
            if !alerts.isEmpty { alerts.removeFirst() }
            changed()
            return true
        }
        // A page of a screen no longer shown (another tab moved on, or Back showed an old page):
        // its inputs do nothing, and the redirect shows where the session is, saying so unless
        // the input was the script's (typing, scrolling), which nobody pressed a button for.
        guard target == shownPath else {
            if input["_live"] == nil { show(Self.outOfDate) }
            return true
        }
        switch screens.last {
        case nil: return receiveListInput(action, input)
        case .detail(let detail): return receiveDetailInput(action, detail: detail)
        case .form(let form, _): return receiveFormInput(action, input, form: form)
        case .importer(let file):
            guard action == "import" else { return false }
            let chosen = input.file(named: "file")
            file.importRequested(filename: chosen?.filename ?? "", data: chosen?.data ?? Data(), encoding: input["encoding"] ?? ContactsFileViewModel.utf8)
            return true
        }
    }

    static let outOfDate = Alert(
        title: "Page Out of Date",
        message: "That page was no longer the one open here (another tab, Back or a second click had moved on), so what it sent was not used. This is where you are now."
    )

    /// `/friends.vcf`: every friend as one vCard file; `?version=3.0` (or `4.0`) writes every card
    /// in that version.
    public func download(at address: String) async -> Download? {
        guard let version = FriendsWebPath.exportVersion(at: address), let cards else { return nil }
        switch await ContactsFileViewModel(cards: cards).exportRequested(in: version) {
        case .file(let data, let filename): return .file(data, contentType: "text/vcard; charset=utf-8", filename: filename)
        case .failed(let message): return .unavailable(message)
        }
    }

    /// The alerts of the page `drawn` drew, that this app has not shown: a friend a typed address
    /// named that no longer exists, say.
    public func takeNotices(of drawn: any WebApplication) {
        guard let drawn = drawn as? FriendsWebApp, drawn !== self else { return }
        let new = drawn.alerts.filter { !alerts.contains($0) }
        guard !new.isEmpty else { return }
        alerts += new
        changed()
    }

    public func page(_ context: PageContext) -> String {
        pages.page(of: self, context)
    }

    public func fragments(_ context: PageContext) -> [Fragment] {
        pages.fragments(of: self, context)
    }

    // MARK: Inputs

    private func receiveListInput(_ action: String, _ input: FormFields) -> Bool {
        let id = input["id"].flatMap(Int.init)
        switch action {
        case "search": search(for: FriendsWebPath.searchText(input[FriendsWebPath.searchName] ?? ""))
        case "clearSearch": search(for: "")
        case "refresh": list.refreshRequested()
        case "more": list.visibleRowsChanged(lastFriendID: id)
        case "retryMore": list.nextPageRetried()
        case "delete": if let id { list.deleteTapped(id: id) }
        case "confirmDelete": list.deleteConfirmed()
        case "cancelDelete": list.deleteCancelled()
        default: return false
        }
        return true
    }

    private func receiveDetailInput(_ action: String, detail: FriendDetailViewModel) -> Bool {
        switch action {
        case "delete": detail.deleteButtonTapped()
        case "confirmDelete": detail.deleteConfirmed()
        case "cancelDelete": detail.deleteCancelled()
        default: return false
        }
        return true
    }

    /// Only over the version the page was drawn from (a friend changed since would be changed
    /// back by fields the person never touched) and when the page's phones and emails are the
    /// form's (their inputs are named by ids a form gives its entries in turn).
    public func restore(_ input: FormFields, at path: String) -> Bool {
        // What asked to throw the changes away is not answered by bringing them back.
        guard !["cancel", "discard", "keepTheirs"].contains(input["action"] ?? "") else { return false }
        guard FriendsWebPath(path) == shownPath, case .form(let form, _)? = screens.last,
              input["_edits"] == form.editedVersionTag else { return false }
        let entries = Set(ContactEntryKind.allCases.flatMap { form.entries($0).value.map(\.id.rawValue) })
        guard Self.entryIDs(in: input).isSubset(of: entries) else { return false }
        takeFields(input, into: form)
        show(Self.keptAfterRestart)
        return true
    }

    /// What cannot be restored was not done: said, unless the page shown anew is all it asked.
    public func notDoneAfterRestart(_ input: FormFields, at path: String) {
        if let action = input["action"], Self.doneByShowingAnew.contains(action) { return }
        show(Self.notDoneAfterRestart)
    }

    /// Actions that only show the page again, or leave it as it was: opened anew, it is as they asked.
    private static let doneByShowingAnew: Set<String> = ["refresh", "dismissAlert", "cancelDelete", "keepEditing"]

    static let notDoneAfterRestart = Alert(
        title: "Not Done",
        message: "This app was restarted after the page was opened, so what it asked was not done. This is the page as it is now: try again."
    )

    /// The ids of the entries a form's inputs name (`entry-3`, `entry-3-label`).
    private static func entryIDs(in input: FormFields) -> Set<Int> {
        Set(input.pairs.compactMap { pair in
            guard pair.name.hasPrefix("entry-") else { return nil }
            return Int(pair.name.dropFirst("entry-".count).prefix { $0 != "-" })
        })
    }

    static let keptAfterRestart = Alert(
        title: "Not Saved Yet",
        message: "This app was restarted after the page was opened, so what it sent was not used. What you typed is here again: check it and send it once more."
    )

    private func receiveFormInput(_ action: String, _ input: FormFields, form: FriendFormViewModel) -> Bool {
        takeFields(input, into: form)
        switch FormEntryAction(action) {
        case .add(let kind)?: form.addEntryTapped(kind)
        case .remove(let id)?: form.removeEntryTapped(id)
        case .makePreferred(let id)?: form.makePreferredTapped(id)
        case nil: return receiveFormAction(action, form: form)
        }
        return true
    }

    /// The form's fields as the page sent them; entries by the ids the page drew them with.
    private func takeFields(_ input: FormFields, into form: FriendFormViewModel) {
        for field in FriendField.allCases {
            if let text = input[field.rawValue], text != form.fields.value.value(of: field) {
                form.fieldChanged(field, to: text)
            }
        }
        for entry in ContactEntryKind.allCases.flatMap({ form.entries($0).value }) {
            if let text = input[FormEntryAction.inputName(of: entry.id)], text != entry.value {
                form.entryChanged(entry.id, to: text)
            }
            if let label = input[FormEntryAction.labelName(of: entry.id)], label != entry.label {
                form.entryLabelChosen(entry.id, label: label)
            }
        }
    }

    private func receiveFormAction(_ action: String, form: FriendFormViewModel) -> Bool {
        switch action {
        case "field": break
        // "submit": Enter in a field (the form's first button; see formPage.mustache).
        case "save", "submit":
            // Sent from a page whose button said Submit, drawn before the friend was deleted
            // elsewhere: the person has not seen that it would add them anew. The page says so now.
            guard !form.addsAsNew.value else { break }
            form.submitButtonTapped()
        case "addAsNew":
            if form.addsAsNew.value { form.submitButtonTapped() }
        case "cancel":
            destinationAfterDiscard = nil
            form.cancelButtonTapped()
        case "discard": form.discardConfirmed()
        case "keepEditing":
            destinationAfterDiscard = nil
            form.discardCancelled()
        case "keepTheirs": form.keepTheirsTapped()
        case "keepMine": form.keepMineTapped()
        case "editOn": form.editOnTapped()
        default: return false
        }
        return true
    }

    private func search(for text: String) {
        searchText = text
        list.searchTextChanged(text)
        changed()
    }

    // MARK: Navigation

    private func showDetail(of friend: Friend) {
        let detail = makeDetail(of: friend)
        push(.detail(detail))
        detail.viewAppeared()
    }

    private func makeDetail(of friend: Friend) -> FriendDetailViewModel {
        let detail = FriendDetailViewModel(friend: friend, client: client, avatars: avatars, feed: feed)
        detail.onEditFriend = { [weak self] friend in self?.showUpdateForm(for: friend) }
        detail.onShowAlert = { [weak self] alert in self?.show(alert) }
        // Deleted: back to the list, which says so.
        detail.onFriendDeleted = { [weak self] friend in
            guard let self else { return }
            self.list.friendDeleted(friend)
            self.popToList()
        }
        watchOutputs(of: detail)
        return detail
    }

    private func showUpdateForm(for friend: Versioned<Friend>) {
        showForm(FriendFormViewModel(updating: friend, client: client, feed: feed), at: .edit(friend.value.id))
    }

    private func showForm(_ form: FriendFormViewModel, at path: FriendsWebPath) {
        let kind = form.kind
        form.onSaved = { [weak self, weak form] friend in
            guard let self, let form else { return }
            if kind == .add || form.addsAsNew.value { self.list.friendAdded(friend) } else { self.list.friendUpdated(friend) }
            self.showSaved(friend, under: form)
        }
        form.onNavigateBack = { [weak self, weak form] in
            guard let self, let form else { return }
            self.pop(form)
            if let destination = self.destinationAfterDiscard {
                self.destinationAfterDiscard = nil
                _ = self.go(to: destination)
            }
        }
        form.onShowAlert = { [weak self] alert in self?.show(alert) }
        watchOutputs(of: form)
        push(.form(form, path: path))
    }

    /// The details under the form that saved `friend` show what was saved, so the page drawn
    /// next shows it.
    private func showSaved(_ friend: Friend, under form: FriendFormViewModel) {
        guard let index = index(of: form), index > 0, case .detail(let detail) = screens[index - 1] else { return }
        detail.friendSaved(friend)
    }

    private func showImporter(_ file: ContactsFileViewModel) {
        file.onImported = { [weak self] in self?.list.refreshRequested() }
        watchOutputs(of: file)
        push(.importer(file))
    }

    private func push(_ screen: Screen) {
        screens.append(screen)
        changed()
    }

    /// The form is done: it goes, and the screen below it shows again.
    private func pop(_ form: FriendFormViewModel) {
        guard let index = index(of: form) else { return }
        screens.removeSubrange(index...)
        appeared()
    }

    private func index(of form: FriendFormViewModel) -> Int? {
        screens.lastIndex { if case .form(let shown, _) = $0 { shown === form } else { false } }
    }

    private func popToList() {
        guard !screens.isEmpty else { return }
        screens = []
        appeared()
    }

    /// Pops the screens above the one at `path`; false when no screen is there.
    private func popTo(_ path: FriendsWebPath) -> Bool {
        guard let index = screens.lastIndex(where: { $0.path == path }) else { return false }
        screens.removeSubrange((index + 1)...)
        appeared()
        return true
    }

    /// The screen now on top is shown again: it loads what changed while it was covered.
    private func appeared() {
        switch screens.last {
        case nil: list.viewAppeared()
        case .detail(let detail): detail.viewAppeared()
        case .form, .importer: break
        }
        changed()
    }

    private func show(_ alert: Alert) {
        alerts.append(alert)
        changed()
    }

    /// Something a page draws changed: the session pushes it to open tabs.
    func changed() {
        // A page without the script shows what is there when it is drawn: it waits for these.
        isBusy.value = switch screens.last {
        case nil: list.showLoadingHud.value
        case .detail(let detail): detail.avatar.value == .loading || detail.showLoadingHud.value
        case .form(let form, _): list.showLoadingHud.value || form.showLoadingHud.value
        case .importer(let file): file.isImporting.value
        }
        onChange?()
    }
}
