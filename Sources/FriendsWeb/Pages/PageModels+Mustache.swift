import Mustache

// The page models hand their values to the templates by name. Without this, Mustache finds each
// value by reflection (`Mirror`) on every lookup, which made the list page of 50 friends cost 8 ms
// and 19,000 allocations to draw (WebBenchmarks, BENCHMARKS.md); a switch per model does the same
// lookup directly. Each case is a stored property of the same name: keep them in step (the page
// snapshot tests fail on a value that no longer shows).

extension PageChrome: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "csrfToken": self.csrfToken
        case "documentTitle": self.documentTitle
        case "connection": self.connection
        case "loading": self.loading
        case "alert": self.alert
        case "path": self.path
        default: nil
        }
    }
}

extension PageChrome.Connection: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "text": self.text
        case "isLive": self.isLive
        default: nil
        }
    }
}

extension PageChrome.AlertModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": self.title
        case "message": self.message
        case "buttonTitle": self.buttonTitle
        default: nil
        }
    }
}

extension ConfirmationModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": self.title
        case "message": self.message
        case "confirmTitle": self.confirmTitle
        case "cancelTitle": self.cancelTitle
        case "confirmAction": self.confirmAction
        case "cancelAction": self.cancelAction
        case "path": self.path
        default: nil
        }
    }
}

extension ListPageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": self.chrome
        case "title": self.title
        case "searchText": self.searchText
        case "hasSearch": self.hasSearch
        case "searchSummary": self.searchSummary
        case "status": self.status
        case "rows": self.rows
        case "moreAfter": self.moreAfter
        case "retryAfter": self.retryAfter
        case "confirmation": self.confirmation
        default: nil
        }
    }
}

extension ListPageModel.Row: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "friend": self.friend
        case "error": self.error
        case "empty": self.empty
        default: nil
        }
    }
}

extension ListPageModel.Row.FriendRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": self.id
        case "fullName": self.fullName
        case "phone": self.phone
        case "initials": self.initials
        case "isSelected": self.isSelected
        case "takesFocus": self.takesFocus
        default: nil
        }
    }
}

extension DetailPageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": self.chrome
        case "id": self.id
        case "fullName": self.fullName
        case "initials": self.initials
        case "avatarBase64": avatarBase64
        case "lines": self.lines
        case "removedMessage": self.removedMessage
        case "canEdit": self.canEdit
        default: nil
        }
    }
}

extension DetailPageModel.Line: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": self.label
        case "value": self.value
        default: nil
        }
    }
}

extension FormPageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": self.chrome
        case "title": self.title
        case "path": self.path
        case "notice": self.notice
        case "fields": self.fields
        case "submitDisabled": self.submitDisabled
        case "conflict": self.conflict
        case "discard": self.discard
        default: nil
        }
    }
}

extension FormPageModel.Field: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "label": self.label
        case "value": self.value
        case "type": self.type
        case "isMultiline": self.isMultiline
        case "message": self.message
        case "autocomplete": self.autocomplete
        case "takesFocus": self.takesFocus
        default: nil
        }
    }
}

extension FormPageModel.ConflictModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": self.title
        case "fields": self.fields
        case "path": self.path
        default: nil
        }
    }
}

extension FormPageModel.ConflictModel.Choice: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": self.label
        case "theirs": self.theirs
        case "mine": self.mine
        default: nil
        }
    }
}
