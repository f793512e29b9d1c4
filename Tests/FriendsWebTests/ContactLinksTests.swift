import Foundation
import Testing
@testable import FriendsWeb

/// The links of a friend's page are built from the characters their scheme allows, nothing else.
struct ContactLinksTests {
    @Test(arguments: [
        ("+44 (20) 7946-0001", "tel:+442079460001"), ("020.7946.0002", "tel:02079460002"), ("*31# 555", "tel:%2A31%23555"),
        ("1+2", "tel:12"), ("tel:+1 555 0100", "tel:+15550100"), ("\"><script>9", "tel:9"),
        ("+1-555-0100 ext. 102", "tel:+15550100;ext=102"), ("+1 555 0100 Ext 7", "tel:+15550100;ext=7"),
        ("tel:+1-555-0100;ext=12", "tel:+15550100;ext=12"), ("+1 555 next door", "tel:+1555"),
        ("+1 555 0100 x102", "tel:+15550100;ext=102"), ("+1 555 0100 extension 12", "tel:+15550100;ext=12"),
        ("+1 555 0100,102", "tel:+15550100,102"), (",5", "tel:5"), ("Text: 0501234567", "tel:0501234567"), ("Next 0501234567", "tel:0501234567"), ("ext. 12", "tel:12"),
        ("+1 555 0100 ext 102 (office)", "tel:+15550100;ext=102"), ("+1 555 0100 extn 5", "tel:+15550100;ext=5"),
        ("Fax 0501234567", "tel:0501234567"), ("+1 555 0100 EXT.7 ask for Bob", "tel:+15550100;ext=7"),
        ("1-800-FLOWERS", "tel:18003569377"), ("+1 800 GO FEDEX", "tel:+18004633339"), ("1-800-FLOWERS x12", "tel:18003569377;ext=12"),
        ("0501234567 ask for Bob", "tel:0501234567"), ("TEL 0501234567", "tel:0501234567"),
        ("0501234567 / 0507654321", "tel:0501234567"), ("+1 555 0100 or +1 555 0199", "tel:+15550100"), ("0501234567\n0507654321", "tel:0501234567"),
        ("030/1234567", "tel:0301234567"), ("030 / 1234567", "tel:0301234567"),
        ("+49 (0)30 1234567", "tel:+49301234567"), ("+44 ( 0 ) 20 7946 0001", "tel:+442079460001"), ("(0)30 1234567", "tel:0301234567"),
    ])
    func phoneNumbersKeepTheirDigits(_ number: String, _ link: String) {
        #expect(ContactLinks.telephone(number) == link)
    }

    @Test func aNumberWithoutDigitsIsNoLink() {
        #expect(ContactLinks.telephone("call me") == nil)
        #expect(ContactLinks.telephone("+") == nil)
    }

    @Test func emailsArePercentEncoded() {
        #expect(ContactLinks.mail("ada@example.com") == "mailto:ada@example.com")
        #expect(ContactLinks.mail("a b@c.d?subject=x&bcc=e") == "mailto:a%20b@c.d%3Fsubject%3Dx%26bcc%3De")
        #expect(ContactLinks.mail("no-at-sign") == nil)
        #expect(ContactLinks.mail("@example.com") == nil)
    }

    @Test func theAvatarsTypeComesFromItsBytes() {
        #expect(ContactLinks.imageType(of: Data([0xFF, 0xD8, 0xFF, 0xE0])) == "image/jpeg")
        #expect(ContactLinks.imageType(of: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])) == "image/png")
        #expect(ContactLinks.imageType(of: Data("GIF89a".utf8)) == "image/gif")
        #expect(ContactLinks.imageType(of: Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == "image/webp")
        #expect(ContactLinks.imageType(of: Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)) == "image/svg+xml")
        #expect(ContactLinks.imageType(of: Data("<html>".utf8)) == nil)
        #expect(ContactLinks.imageType(of: Data()) == nil)
    }
}
