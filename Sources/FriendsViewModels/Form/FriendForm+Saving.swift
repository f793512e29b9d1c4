import FriendsAPI

extension Friend {
    /// What the form edits of this friend: the text fields and every phone number and email
    /// address. A friend from a route that sends only the original fields has its one number and
    /// address as lists of one.
    var formValues: NewFriend {
        var values = fields
        values.phones = phones.isEmpty && !phonenumber.isEmpty ? [LabeledValue(label: "", value: phonenumber)] : phones
        values.emails = emails.isEmpty && !email.isEmpty ? [LabeledValue(label: "", value: email)] : emails
        return values
    }
}

extension NewFriend {
    /// The body that adds this friend. A list that says no more than its preferred value alone
    /// (one mobile number, one unlabelled email address: what the server makes of `phonenumber`
    /// and `email`) is left out, so such a request stays the seed's.
    var addRequest: NewFriend {
        var request = self
        var alone = self
        alone.phones = []
        alone.emails = []
        let implied = FriendUpdate(replacingWith: alone)
        if implied.phones == phones { request.phones = [] }
        if implied.emails == emails { request.emails = [] }
        return request
    }
}

extension FriendUpdate {
    /// What changed from `old` to `new` (both as `FriendForm.saved` has them): the text fields that
    /// differ, and for each list nothing when it is the same, only `phonenumber` or `email` when
    /// just the preferred entry's value changed, else the whole list.
    init(changesFrom old: NewFriend, to new: NewFriend) {
        self.init()
        for field in FriendField.allCases where field != .phonenumber && field != .email {
            if old.value(of: field) != new.value(of: field) { set(field, to: new.value(of: field)) }
        }
        switch ListChange(from: old.phones, to: new.phones) {
        case .none: break
        case .preferredValue(let value): phonenumber = value
        case .list(let list): phones = list
        }
        switch ListChange(from: old.emails, to: new.emails) {
        case .none: break
        case .preferredValue(let value): email = value
        case .list(let list): emails = list
        }
    }
}

/// How a list changed, told the shortest way the server understands.
enum ListChange: Equatable {
    case none
    /// Only the preferred entry's value: the server keeps its label and everything else.
    case preferredValue(String)
    case list([LabeledValue])

    init(from old: [LabeledValue], to new: [LabeledValue]) {
        if old == new {
            self = .none
        } else if let first = old.first, let newFirst = new.first, first.label == newFirst.label,
                  old.dropFirst().elementsEqual(new.dropFirst()) {
            self = .preferredValue(newFirst.value)
        } else {
            self = .list(new)
        }
    }
}
