import Testing
@testable import WebUI

@Suite struct FormFieldsTests {
    @Test func decodesPlusAsSpaceAndPercentEscapesAsUTF8() throws {
        let fields = try #require(FormFields(urlEncoded: "name=Zo%C3%AB+%C3%98degaard&note=a%2Bb%26c%3D&empty="))
        #expect(fields["name"] == "Zoë Ødegaard")
        #expect(fields["note"] == "a+b&c=")
        #expect(fields["empty"] == "")
        #expect(fields["missing"] == nil)
    }

    @Test func aLineBreakSentAsCRLFIsReadAsTheLineFeedTyped() throws {
        let fields = try #require(FormFields(urlEncoded: "about=one%0D%0Atwo%0D%0A%0D%0Athree"))
        #expect(fields["about"] == "one\ntwo\n\nthree")
    }

    @Test func keepsOrderAndTheFirstOfRepeatedNames() throws {
        let fields = try #require(FormFields(urlEncoded: "a=1&b=2&a=3&flag"))
        #expect(fields.pairs.map(\.name) == ["a", "b", "a", "flag"])
        #expect(fields["a"] == "1")
        #expect(fields["flag"] == "")
    }

    @Test(arguments: ["a=%", "a=%4", "a=%zz", "a=%FF", "%C3=x"])
    func refusesWhatIsNotAForm(_ body: String) {
        #expect(FormFields(urlEncoded: body) == nil)
    }
}
