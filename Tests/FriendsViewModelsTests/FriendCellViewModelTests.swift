import FriendsAPI
import Testing
import FriendsViewModels

@Suite struct FriendCellViewModelTests {
    @Test func showsTheFullNamePhoneAndInitials() {
        let cell = FriendCellViewModel(friend: Fixtures.charles)

        #expect(cell.fullName == "Charles Babbage")
        #expect(cell.phonenumberText == "+44 20 7946 0000")
        #expect(cell.initials == "CB")
    }

    @Test func namesInAnyScriptGiveInitials() {
        let cell = FriendCellViewModel(friend: Friend(id: 4, firstname: "øystein", lastname: "李"))

        #expect(cell.fullName == "øystein 李")
        #expect(cell.phonenumberText == "")
        #expect(cell.initials == "Ø李")
    }
}
