import ArgumentParser
import FriendsClient

/// `friends export --vcard-version 3.0|4.0`.
extension CardFileVersion: ExpressibleByArgument {}
