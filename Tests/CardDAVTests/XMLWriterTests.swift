import Testing
@testable import CardDAV

@Suite struct XMLWriterTests {
    @Test func plainTextGoesOutAsItIs() {
        for text in ["", "card-1.vcf", "Zoë Dvořák 李 🙂", "/dav/addressbooks/friends/friends/a%20b.vcf"] {
            #expect(escapeXML(text) == text)
        }
    }

    @Test func markupQuotesAndCarriageReturnsAreEscaped() {
        #expect(escapeXML(#"<a href="x">Tom & 'Jerry'</a>"#)
            == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;")
        #expect(escapeXML("\"12-3\"") == "&quot;12-3&quot;")
        #expect(escapeXML("BEGIN:VCARD\r\nFN:Zoë\r\n\tEND") == "BEGIN:VCARD&#13;\nFN:Zoë&#13;\n\tEND")
    }

    @Test func charactersXMLCannotCarryAreDropped() {
        #expect(escapeXML("a\u{0}b\u{1B}c\u{7F}d") == "abc\u{7F}d")
        #expect(escapeXML("x\u{FFFE}y\u{FFFF}z\u{FFFD}\u{EFFF}") == "xyz\u{FFFD}\u{EFFF}")
        #expect(escapeXML("<\u{FFFF}") == "&lt;")
    }
}
