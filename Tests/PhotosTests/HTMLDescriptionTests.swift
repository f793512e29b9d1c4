import Testing
@testable import Photos

/// The article's own catalog has HTML in descriptions; people see the text.
@Suite("Descriptions that hold HTML")
struct HTMLDescriptionTests {
    static let original = "Я на других ресурсах: \n<a href=\"http://instagram.com/pavel_vozmischev\">Inst</a> | "
        + "<a href=\"http://vk.com/pavel_vozmischev\">VK</a> | <a href=\"https://www.facebook.com/vozmischev\">FB</a>"

    @Test("tags are dropped and character references decoded, in the row and in the detail")
    func rowAndDetail() {
        let photo = Photo.fixture(description: Self.original, camera: "Canon")
        #expect(PhotoCellViewModel(photo).descriptionText == "Canon - Я на других ресурсах: Inst | VK | FB")
        #expect(PhotoDetailViewModel(photo).descriptionText == "Я на других ресурсах: \nInst | VK | FB")
    }

    @Test(arguments: [
        ("Salt &amp; sky", "Salt & sky"),
        ("&lt;b&gt; is bold", "<b> is bold"),
        ("caf&#233; &#xE9;t&#XE9;", "café été"),
        ("line<br>next<br/>last", "line\nnext\nlast"),
        ("<p>One</p><p>Two</p>", "One\nTwo\n"),
        ("<!-- note -->kept", "kept"),
        ("5 < 6 & 7 > 3", "5 < 6 & 7 > 3"),
        ("AT&T and &bogus; stay", "AT&T and &bogus; stay"),
        ("no markup at all", "no markup at all"),
    ])
    func plainText(html: String, text: String) {
        #expect(HTMLText.plainText(html) == text)
    }
}
