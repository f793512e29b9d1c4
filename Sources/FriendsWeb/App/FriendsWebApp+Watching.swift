import Binding
import FriendsViewModels

/// Every output a page draws, watched for as long as the app lives (each view model's bindings
/// go with the view model when its screen goes).
extension FriendsWebApp {
    func watchOutputs(of list: FriendsListViewModel) {
        watch(list.friendCells)
        watch(list.hasMoreFriends)
        watch(list.selectedFriendID)
        watch(list.chosenFriendID)
        watch(list.showLoadingHud)
        watch(list.title)
        watch(list.searchSummary)
        watch(list.deleteConfirmation)
        watch(list.statusMessage)
        watch(list.connectionStatus)
    }

    func watchOutputs(of detail: FriendDetailViewModel) {
        watch(detail.fullName)
        watch(detail.initials)
        watch(detail.sections)
        watch(detail.avatar)
        watch(detail.removedMessage)
        watch(detail.offersEditAndDelete)
        watch(detail.deleteConfirmation)
        watch(detail.showLoadingHud)
    }

    func watchOutputs(of form: FriendFormViewModel) {
        watch(form.fields)
        watch(form.phones)
        watch(form.emails)
        watch(form.fieldMessages)
        watch(form.submitEnabled)
        watch(form.showLoadingHud)
        watch(form.conflict)
        watch(form.discardConfirmation)
        watch(form.notice)
    }

    func watchOutputs(of file: ContactsFileViewModel) {
        watch(file.isImporting)
        watch(file.summary)
        watch(file.errorMessage)
    }

    private func watch<Value>(_ output: Bindable<Value>) {
        output.bind(self) { app, _ in app.changed() }
    }
}
