import Testing
@testable import CardDAV

@Suite struct XMLReaderTests {
    let reader = XMLReader(maxBytes: 1 << 20, maxDepth: 32)

    func read(_ text: String) throws(XMLReadError) -> DAVXMLElement { try reader.read(Array(text.utf8)) }

    @Test func readsNamespacesPrefixesAndDefaults() throws {
        let root = try read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- iOS sends a default namespace -->
            <A:propfind xmlns:A="DAV:" xmlns="urn:ietf:params:xml:ns:carddav">
              <A:prop><addressbook-home-set/><x:y xmlns:x="urn:other" a="1" x:b='2'/></A:prop>
            </A:propfind>
            """)
        #expect(root.name == .dav("propfind"))
        let prop = try #require(root.child(.dav("prop")))
        #expect(prop.children.map(\.name) == [.cardDAV("addressbook-home-set"), XMLName("urn:other", "y")])
        #expect(prop.children[1].attribute("a") == "1")
        #expect(prop.children[1].attributes[XMLName("urn:other", "b")] == "2")
    }

    @Test func normalisesLineEnds() throws {
        let root = try read("<a>x\r\ny\rz<![CDATA[\r\n]]>&#13;</a>")
        #expect(Array(root.text.unicodeScalars) == Array("x\ny\nz\n\r".unicodeScalars))
    }

    @Test func aPropInNoNamespaceIsNotDAVProp() throws {
        let root = try read(#"<D:propfind xmlns:D="DAV:"><prop><getetag/></prop></D:propfind>"#)
        #expect(root.child(.dav("prop")) == nil)
        #expect(root.child(XMLName("", "prop")) != nil)
    }

    @Test func decodesEntitiesCharacterReferencesAndCDATA() throws {
        let root = try read("<a>&lt;&amp;&gt;&quot;&apos;&#65;&#x1F600;<![CDATA[<raw & text>]]></a>")
        #expect(root.text == "<&>\"'A😀<raw & text>")
    }

    @Test(arguments: [
        ("xxe", #"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><D:propfind xmlns:D="DAV:"><D:prop>&e;</D:prop></D:propfind>"#),
        ("laughs", #"<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><x>&b;</x>"#),
    ])
    func refusesDTDs(name: String, body: String) {
        #expect(throws: XMLReadError.doctypeRefused) { try read(body) }
    }

    @Test(arguments: [
        "<a>&e;</a>", "<a>&#0;</a>", "<a>&#xD800;</a>", "<a>&#;</a>", "<a>&amp</a>",
        "<D:propfind xmlns:D=\"DAV:\"><D:prop>", "<a></b>", "<a><b></a></b>", "<p:a/>", "<a/><b/>",
        "<a/>text", "", "   ", "<a b=1/>", "<a b='1' b='2'/>", "<a b='1'c='2'/>", "<1a/>", "<a:b:c xmlns:a='x'/>",
        "<a>]]></a>", "<a><!-- unterminated </a>", "<a><![CDATA[ open </a>", "text", "<a x='<'/>",
        "<x:a xmlns:x='u' xmlns:y='u' y:b='1' x:b='2'/>", "<a xmlns:p=''/>",
    ])
    func refusesMalformedDocuments(body: String) {
        #expect(throws: XMLReadError.self) { try read(body) }
    }

    @Test func refusesInvalidUTF8AndInvalidBytesInNames() {
        let prefix = Array("<D:propfind xmlns:D=\"DAV:\"><D:".utf8)
        #expect(throws: XMLReadError.invalidUTF8) { try reader.read(prefix + [0xFF, 0x80] + Array("/></D:propfind>".utf8)) }
        #expect(throws: XMLReadError.invalidUTF8) { try reader.read([0x3C, 0xC3, 0x28, 0x3E, 0x3C, 0x2F, 0xC3, 0x28, 0x3E]) }
        #expect(throws: XMLReadError.invalidUTF8) { try reader.read(Array("<a>".utf8) + [0xC0, 0xAF] + Array("</a>".utf8)) }
    }

    @Test func refusesNULAndControlCharacters() {
        #expect(throws: XMLReadError.self) { try reader.read(Array("<a>\u{0}</a>".utf8)) }
        #expect(throws: XMLReadError.self) { try reader.read(Array("<a\u{0}/>".utf8)) }
        #expect(throws: XMLReadError.self) { try reader.read(Array("<a>\u{1B}</a>".utf8)) }
    }

    @Test func refusesDeepNestingWithoutRecursion() {
        let deep = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        #expect(throws: XMLReadError.tooDeep) { try read(deep) }
        let fine = String(repeating: "<a>", count: 32) + String(repeating: "</a>", count: 32)
        #expect((try? read(fine)) != nil)
    }

    @Test func refusesBodiesOverTheLimit() {
        let small = XMLReader(maxBytes: 10, maxDepth: 8)
        #expect(throws: XMLReadError.tooLarge) { try small.read(Array("<a>0123456789</a>".utf8)) }
    }

    static func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool = true) -> [UInt8] {
        let units = (byteOrderMark ? [0xFEFF] : []) + Array(text.utf16)
        return units.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    static let utf16Propfind = #"<?xml version="1.0" encoding="UTF-16"?><D:propfind xmlns:D="DAV:"><D:prop><D:displayname/></D:prop><x>Zoë 李 😀</x></D:propfind>"#

    /// Older Windows and Java clients write request XML in UTF-16, with a byte order mark.
    @Test(arguments: [true, false])
    func readsUTF16ByItsByteOrderMark(bigEndian: Bool) throws {
        let root = try reader.read(Self.utf16(Self.utf16Propfind, bigEndian: bigEndian))
        #expect(root.name == .dav("propfind"))
        #expect(root.child(XMLName("", "x"))?.text == "Zoë 李 😀")
    }

    /// Without a byte order mark, `<` beside a zero byte says UTF-16 and which end first.
    @Test(arguments: [true, false])
    func readsUTF16WithoutAByteOrderMarkByItsFirstBytes(bigEndian: Bool) throws {
        let text = Self.utf16Propfind.replacingOccurrences(of: "UTF-16", with: bigEndian ? "UTF-16BE" : "UTF-16LE")
        let root = try reader.read(Self.utf16(text, bigEndian: bigEndian, byteOrderMark: false))
        #expect(root.child(XMLName("", "x"))?.text == "Zoë 李 😀")
    }

    @Test func readsTheEncodingItsDeclarationNames() throws {
        let latin1 = Array(#"<?xml version='1.0' encoding='ISO-8859-1'?><a>"#.utf8) + [0xE9] + Array("</a>".utf8)
        #expect(try reader.read(latin1).text == "é")
        let windows = Array(#"<?xml version="1.0" encoding = "windows-1252" ?><a>"#.utf8) + [0x80] + Array("</a>".utf8)
        #expect(try reader.read(windows).text == "€")
        // .NET declares UTF-16 for a string it then sends in UTF-8; libxml2 reads it as UTF-8.
        #expect(try read(#"<?xml version="1.0" encoding="utf-16"?><a>ü</a>"#).text == "ü")
        // In ASCII an encoding not read here says the same as UTF-8.
        #expect(try read(#"<?xml version="1.0" encoding="Shift_JIS"?><a>x</a>"#).text == "x")
    }

    /// The `Content-Type`'s charset reads text nothing else names and that is not UTF-8; where the
    /// XML names its own, or is UTF-8, that stands (as sabre/dav and Radicale read it).
    @Test func readsTheCharsetOfTheContentTypeWhereTheXMLNamesNone() throws {
        let latin1 = Array("<a>".utf8) + [0xE9] + Array("</a>".utf8)
        #expect(try reader.read(latin1, contentTypeCharset: "iso-8859-1").text == "é")
        #expect(throws: XMLReadError.invalidUTF8) { try reader.read(latin1) }
        #expect(try reader.read(Array("<a>é</a>".utf8), contentTypeCharset: "iso-8859-1").text == "é")
        let declared = Array(#"<?xml version="1.0" encoding="windows-1252"?><a>"#.utf8) + [0x80] + Array("</a>".utf8)
        #expect(try reader.read(declared, contentTypeCharset: "utf-8").text == "€")
        #expect(throws: XMLReadError.unsupportedEncoding("koi8-r")) { try reader.read(latin1, contentTypeCharset: "koi8-r") }
    }

    @Test func refusesBadUTF16AndEncodingsItDoesNotRead() {
        let lone = Self.utf16("<a>", bigEndian: false) + [0x00, 0xD8] + Self.utf16("</a>", bigEndian: false, byteOrderMark: false)
        #expect(throws: XMLReadError.invalidText("UTF-16")) { try reader.read(lone) }
        #expect(throws: XMLReadError.invalidText("UTF-16")) { try reader.read(Self.utf16("<a/>", bigEndian: true) + [0x3C]) }
        #expect(throws: XMLReadError.unsupportedEncoding("UTF-32")) { try reader.read([0xFF, 0xFE, 0, 0, 0x3C, 0, 0, 0]) }
        let ebcdic: [UInt8] = [0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x6F, 0x6E, 0x4C, 0x81, 0x61, 0x6E]  // `<?xml?><a/>` in code page 037
        #expect(throws: XMLReadError.unsupportedEncoding("EBCDIC")) { try reader.read(ebcdic) }
        let shiftJIS = Array(#"<?xml version="1.0" encoding="Shift_JIS"?><a>"#.utf8) + [0x82, 0xA0] + Array("</a>".utf8)
        #expect(throws: XMLReadError.unsupportedEncoding("shift_jis")) { try reader.read(shiftJIS) }
    }

    /// Decoded first, a DTD is refused as in UTF-8: no entity is expanded.
    @Test func refusesADTDInUTF16() {
        let xxe = #"<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>"#
        #expect(throws: XMLReadError.doctypeRefused) { try reader.read(Self.utf16(xxe, bigEndian: false)) }
    }

    @Test func acceptsAByteOrderMarkAndNonASCIINames() throws {
        let root = try reader.read([0xEF, 0xBB, 0xBF] + Array("<é xmlns='u'>ü</é>".utf8))
        #expect(root.name == XMLName("u", "é"))
        #expect(root.text == "ü")
    }
}

@Suite struct HostileBodyTests {
    @Test(arguments: [
        #"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><D:propfind xmlns:D="DAV:"><D:prop>&e;</D:prop></D:propfind>"#,
        #"<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><D:propfind xmlns:D="DAV:">&c;</D:propfind>"#,
        "<D:propfind xmlns:D=\"DAV:\"><D:prop>",
        String(repeating: "<D:prop xmlns:D=\"DAV:\">", count: 10_000),
        "<D:propfind xmlns:D=\"DAV:\">\u{0}</D:propfind>",
        "{\"json\": true}",
    ])
    func hostileXMLGetsA400(body: String) async {
        let backend = InMemoryBackend()
        for (method, path) in [("PROPFIND", book), ("REPORT", book), ("PROPPATCH", book), ("PROPFIND", "/")] {
            let answer = await send(method, path, headers: [("Depth", "0")], body: body, backend: backend)
            #expect(answer.status == 400, "\(method) \(path)")
            #expect(answer.header("Content-Type")?.hasPrefix("text/plain") == true)
            #expect(!answer.text.contains("root:"))
        }
    }

    @Test func invalidBytesGetA400() async {
        let backend = InMemoryBackend()
        let body = Array("<D:propfind xmlns:D=\"DAV:\"><D:".utf8) + [0xFF, 0x80] + Array("/></D:propfind>".utf8)
        let answer = await send("PROPFIND", book, bytes: body, backend: backend)
        #expect(answer.status == 400)
    }

    @Test func aUTF16BodyIsAnsweredAndAnEncodingNotReadGetsA415() async throws {
        let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada"))])
        let propfind = #"<?xml version="1.0" encoding="UTF-16"?><D:propfind xmlns:D="DAV:"><D:prop><D:displayname/></D:prop></D:propfind>"#
        let answer = await send("PROPFIND", book, headers: [("Depth", "0")], bytes: XMLReaderTests.utf16(propfind, bigEndian: false), backend: backend)
        #expect(answer.status == 207)
        #expect(answer.response(book)?.found(.dav("displayname"))?.text == "Friends")
        let body = Array(#"<?xml version="1.0" encoding="EBCDIC-CP-US"?><D:propfind xmlns:D="DAV:"><D:prop><D:displayname/></D:prop></D:propfind>"#.utf8) + [0xC1]
        let refused = await send("PROPFIND", book, headers: [("Depth", "0")], bytes: body, backend: backend)
        #expect(refused.status == 415)
        #expect(refused.text.contains("not ebcdic-cp-us"))
        let latin1 = Array(#"<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>Caf"#.utf8) + [0xE9]
            + Array("</D:displayname></D:prop></D:set></D:propertyupdate>".utf8)
        let renamed = await send("PROPPATCH", book, headers: [("Content-Type", "application/xml; charset=iso-8859-1")], bytes: latin1, backend: backend)
        #expect(renamed.status == 207)
    }

    @Test func oversizedBodiesGetA413() async {
        let backend = InMemoryBackend()
        let body = "<D:propfind xmlns:D=\"DAV:\"><D:allprop/></D:propfind>" + String(repeating: " ", count: 2000)
        let answer = await send("PROPFIND", book, body: body, backend: backend,
                                configuration: CardDAVConfiguration(maxRequestBodySize: 1000))
        #expect(answer.status == 413)
    }

    @Test func aPropInTheWrongNamespaceIsABadRequest() async {
        let backend = InMemoryBackend()
        let answer = await send("PROPFIND", book, body: #"<propfind xmlns="DAV:"><C:prop xmlns:C="urn:ietf:params:xml:ns:carddav"><getetag/></C:prop></propfind>"#, backend: backend)
        #expect(answer.status == 400)
    }
}
