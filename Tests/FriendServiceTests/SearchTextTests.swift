import Foundation
import FriendsAPI
import Testing

@testable import FriendService
@testable import FriendStorage

struct SearchTextTests {
    @Test(arguments: ["Ada", "  LOVELACE\t", "O'Brien-Smith", "de la Cruz", "", "   ", "A\u{0B}B", "MiXeD 123"])
    func theASCIIShortcutFoldsLikeFoundation(text: String) {
        let general = FriendValidation.trim(text)
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
        #expect(SearchText.fold(text) == general)
    }

    @Test func foldingIgnoresCaseAndAccentsBeyondASCII() {
        #expect(SearchText.fold("José") == "jose")
        #expect(SearchText.fold("ÉMILE") == "emile")
        #expect(SearchText.fold("李") == "李")
    }
}

extension SearchTextTests {
    @Test(arguments: [
        ("Ødegaard", "odegaard"), ("Łukasz", "lukasz"), ("Strauß", "strauss"), ("STRAUSS", "strauss"), ("Ærø", "aero"),
        ("Đorđe", "dorde"), ("Þór", "thor"), ("Ðóra", "dora"), ("Œuvre", "oeuvre"), ("Ħal", "hal"), ("Yılmaz", "yilmaz"),
        ("Ǿrsted", "orsted"), ("Ĳssel", "ijssel"),
    ])
    func lettersWithoutADecompositionAreSpelledOut(text: String, folded: String) {
        #expect(SearchText.fold(text) == folded)
    }
}
