import FriendsAPI
import FriendsClient

/// The sample friends `--demo` adds, so a first run has something to show: names from several
/// scripts and countries, some with email and notes, some with only a name.
enum DemoFriends {
    static let all: [NewFriend] = [
        NewFriend(firstname: "Ada", lastname: "Lovelace", phonenumber: "+44 20 7946 0018",
                  email: "ada@analytical.engine", about: "Wrote the first program, for a machine not yet built."),
        NewFriend(firstname: "Alan", lastname: "Turing", phonenumber: "+44 161 496 0754", email: "alan@bletchley.example"),
        NewFriend(firstname: "Grace", lastname: "Hopper", phonenumber: "(202) 555-0143",
                  about: "Keeps a nanosecond of wire in her handbag."),
        NewFriend(firstname: "José", lastname: "García", phonenumber: "+34 612 345 678", email: "jose.garcia@example.es"),
        NewFriend(firstname: "Zoë", lastname: "Ødegaard", phonenumber: "+47 912 34 567"),
        NewFriend(firstname: "Łukasz", lastname: "Nowak", phonenumber: "+48 501 234 567", email: "lukasz@example.pl"),
        NewFriend(firstname: "Aino", lastname: "Virtanen", phonenumber: "040 123 4567",
                  about: "Sauna on Saturdays, ice swimming when brave."),
        NewFriend(firstname: "Дмитрий", lastname: "Иванов", phonenumber: "+7 912 345-67-89"),
        NewFriend(firstname: "芳", lastname: "王", phonenumber: "+86 138 0013 8000", email: "fang.wang@example.cn"),
        NewFriend(firstname: "花子", lastname: "山田", phonenumber: "+81 90-1234-5678"),
        NewFriend(firstname: "Priya", lastname: "Sharma", phonenumber: "+91 98765 43210", email: "priya@example.in"),
        NewFriend(firstname: "Kwame", lastname: "Mensah", phonenumber: "+233 24 123 4567",
                  about: "Met at the jazz festival in Accra."),
    ]

    /// Adds the sample friends when there are no friends at all; otherwise changes nothing.
    static func addIfEmpty(using client: some FriendsProviding) async throws(LaunchError) {
        do {
            guard try await client.friends(FriendListQuery(limit: 1)).items.isEmpty else { return }
            for friend in all {
                _ = try await client.addFriend(friend)
            }
        } catch {
            throw LaunchError("Could not add the sample friends: \(error).")
        }
    }
}
