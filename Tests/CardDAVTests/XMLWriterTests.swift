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

    @Test func anElementEscapesTextButWritesMarkupAsItIs() {
        func written(_ name: XMLName, _ value: PropertyValue) -> String {
            var bytes: [UInt8] = Array("…".utf8)
            name.write(value, into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(written(.dav("getetag"), .text("\"12-3\"")) == "…<D:getetag>&quot;12-3&quot;</D:getetag>")
        #expect(written(.cardDAV("address-data"), .text("FN:Tom & Jerry\r\n"))
            == "…<C:address-data>FN:Tom &amp; Jerry&#13;\n</C:address-data>")
        #expect(written(.dav("owner"), .markup("<D:href>/p/</D:href>")) == "…<D:owner><D:href>/p/</D:href></D:owner>")
        #expect(written(.calendarServer("getctag"), .text("7")) == "…<CS:getctag>7</CS:getctag>")
        #expect(written(XMLName("urn:x&y", "color"), .text("<red>"))
            == #"…<X:color xmlns:X="urn:x&amp;y">&lt;red&gt;</X:color>"#)
        #expect(written(XMLName("", "plain"), .text("a")) == "…<plain>a</plain>")
        #expect(written(.dav("resourcetype"), .markup("")) == "…<D:resourcetype/>")
        #expect(written(XMLName("urn:x", "empty"), .text("")) == #"…<X:empty xmlns:X="urn:x"/>"#)
        #expect(XMLName.dav("resourcetype").emptyElement == "<D:resourcetype/>")
        #expect(XMLName("urn:x&y", "empty").emptyElement == #"<X:empty xmlns:X="urn:x&amp;y"/>"#)
        #expect(XMLName("", "plain").emptyElement == "<plain/>")
    }
}
