import FriendStorage

/// Why a `user` command (or `restored`) changed nothing, in words for the person who ran it. Never holds a
/// password or a token.
struct UserCommandError: Error, CustomStringConvertible, Equatable {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    /// A name far too long is shown by its start only: the reason says how long one may be.
    static func badName(_ text: String, _ error: AccountNameError) -> UserCommandError {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return UserCommandError("Cannot use the name \(shown.debugDescription): \(error)")
    }

    static func noAccount(_ name: AccountName) -> UserCommandError {
        UserCommandError("There is no account named \(name).")
    }

    static func noDatabase(_ location: DatabaseLocation) -> UserCommandError {
        UserCommandError("There is no database at \(location): check --database (or FRIENDSERVICE_DATABASE). `user add` makes it with the first account.")
    }

    static func storeInTheWay(of name: AccountName, at location: DatabaseLocation) -> UserCommandError {
        UserCommandError("An address book is already at \(location), where \(name)'s would be, left from an earlier database: move it away, then add \(name) again. Nothing was changed.")
    }

    static let passwordNotUTF8 = UserCommandError("The password is not UTF-8 text: the server reads passwords as UTF-8, so it could never be typed to sign in. Nothing was changed.")

    static let cannotHideInput = UserCommandError("Cannot turn off the terminal's echo to read a password.")
    static let notInteractive = UserCommandError(
        "Standard input is not a terminal: pass --password-stdin to read the password from it."
    )
}

extension AccountName {
    /// The name of a command's argument, or the reason it cannot be one.
    static func argument(_ text: String) throws(UserCommandError) -> AccountName {
        do {
            return try AccountName(validating: text)
        } catch {
            throw .badName(text, error)
        }
    }
}
