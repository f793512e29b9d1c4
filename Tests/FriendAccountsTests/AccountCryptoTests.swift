import Testing
@testable import FriendAccounts

/// The hashes here use the smallest parameters `ScryptHash` accepts, to stay fast in a debug build.
struct AccountCryptoTests {
    let crypto = AccountCrypto(parameters: ScryptHash.Parameters(logRounds: 10, blockSize: 8, parallelism: 1))

    @Test func aPasswordVerifiesAgainstItsOwnHashOnly() throws {
        let stored = try crypto.hash(password: "correct horse battery staple")
        #expect(crypto.verify(password: "correct horse battery staple", against: stored))
        #expect(!crypto.verify(password: "correct horse battery stapler", against: stored))
        #expect(!crypto.verify(password: "", against: stored))
        // The parameters come from the stored hash, not from the instance checking it.
        #expect(AccountCrypto().verify(password: "correct horse battery staple", against: stored))
    }

    @Test func theHashNamesItsParametersAndHidesThePassword() throws {
        let stored = try AccountCrypto().hash(password: "s3cret")
        #expect(stored.hasPrefix("$scrypt$ln=15,r=8,p=3$"))
        #expect(!stored.contains("s3cret"))
        let parsed = try #require(ScryptHash(parsing: stored))
        #expect(parsed.salt.count == 16)
        #expect(parsed.hash.count == 32)
        #expect(parsed.text == stored)
    }

    @Test func twoHashesOfOnePasswordDiffer() throws {
        let first = try crypto.hash(password: "same")
        let second = try crypto.hash(password: "same")
        #expect(first != second)
        #expect(crypto.verify(password: "same", against: first) && crypto.verify(password: "same", against: second))
    }

    @Test func unicodePasswordsAreHashedAsTheirUTF8() throws {
        let stored = try crypto.hash(password: "pässwörd 🔑")
        #expect(crypto.verify(password: "pässwörd 🔑", against: stored))
        #expect(!crypto.verify(password: "passwort 🔑", against: stored))
    }

    @Test func aPasswordIsTheSameWhetherItsAccentsComeComposedOrApart() throws {
        let composed = "caf\u{E9} cr\u{E8}me", decomposed = "cafe\u{301} cre\u{300}me"
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        #expect(crypto.verify(password: decomposed, against: try crypto.hash(password: composed)))
        #expect(crypto.verify(password: composed, against: try crypto.hash(password: decomposed)))
        #expect(!crypto.verify(password: "cafe creme", against: try crypto.hash(password: composed)))
    }

    @Test func aHashMadeOfThePasswordAsTypedBeforeNormalizingStillVerifies() throws {
        let decomposed = "cafe\u{301}"
        let parameters = ScryptHash.Parameters(logRounds: 10, blockSize: 8, parallelism: 1)
        let salt = [UInt8](repeating: 7, count: 16)
        let key = try AccountCrypto.scrypt(Array(decomposed.utf8), salt: salt, parameters: parameters, byteCount: 32)
        let stored = ScryptHash(parameters: parameters, salt: salt, hash: key.withUnsafeBytes(Array.init)).text
        #expect(crypto.verify(password: decomposed, against: stored))
    }

    @Test func emptyAndOverlongPasswordsAreRefused() {
        #expect(throws: PasswordError.empty) { try crypto.hash(password: "") }
        #expect(throws: PasswordError.tooLong) { try crypto.hash(password: String(repeating: "a", count: 1_025)) }
        #expect((try? crypto.hash(password: String(repeating: "a", count: 1_024))) != nil)
        // 342 × 3 bytes: few characters, too many bytes.
        #expect(throws: PasswordError.tooLong) { try crypto.hash(password: String(repeating: "€", count: 342)) }
    }

    @Test(arguments: [
        "",
        "garbage",
        "$scrypt$",
        "$scrypt$ln=10,r=8,p=1$$",
        "$scrypt$ln=10,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$",
        "$bcrypt$ln=10,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$scrypt$r=8,ln=10,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$scrypt$ln=+10,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$scrypt$ln=10,r=8,p=1$c2Fs!HNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$scrypt$ln=10,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$scrypt$ln=10,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g$",
        // Parameters that would take gigabytes or minutes, and ones too weak to have been made here.
        "$scrypt$ln=30,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$scrypt$ln=18,r=32,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$scrypt$ln=17,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$scrypt$ln=15,r=8,p=16$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$scrypt$ln=15,r=8,p=999$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$scrypt$ln=1,r=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$scrypt$ln=10,r=0,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$scrypt$ln=99999999999999999999,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
    ])
    func aTamperedOrGarbageStoredHashVerifiesNothing(_ stored: String) {
        #expect(!crypto.verify(password: "anything", against: stored))
    }

    @Test func aHashWithOneCharacterChangedVerifiesNothing() throws {
        // The hash's first character, which holds six bits of it (the last one holds only four,
        // and the rest of its bits are not read).
        var stored = Array(try crypto.hash(password: "pw"))
        let first = try #require(stored.lastIndex(of: "$")) + 1
        stored[first] = stored[first] == "A" ? "B" : "A"
        #expect(!crypto.verify(password: "pw", against: String(stored)))
    }

    @Test func theTokenDigestIsLowercaseHexSHA256() {
        // FIPS 180-2 test vector.
        #expect(crypto.tokenDigest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(crypto.tokenDigest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func tokensAreLongRandomAndURLSafe() {
        let tokens = (0..<50).map { _ in crypto.newToken() }
        #expect(Set(tokens).count == tokens.count)
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for token in tokens {
            #expect(token.hasPrefix(AccountCrypto.tokenPrefix))
            let body = token.dropFirst(AccountCrypto.tokenPrefix.count)
            #expect(body.count == 43)  // 32 bytes, base64 without padding
            #expect(body.allSatisfy(alphabet.contains))
        }
    }

    @Test func onlyWhatHasTheShapeOfATokenIsLookedUpAsOne() {
        #expect(crypto.mayBeToken(crypto.newToken()))
        #expect(!crypto.mayBeToken("correct horse battery staple"))
        #expect(!crypto.mayBeToken(""))
    }

    @Test func aCacheDigestIsStableInOneInstanceAndDiffersBetweenInstances() {
        let other = AccountCrypto()
        #expect(crypto.cacheDigest("pw") == crypto.cacheDigest("pw"))
        #expect(crypto.cacheDigest("pw") != crypto.cacheDigest("pW"))
        #expect(crypto.cacheDigest("pw") != other.cacheDigest("pw"))
        #expect(crypto.cacheDigest("pw").count == 64)
        #expect(!crypto.cacheDigest("pw").contains("pw"))
    }
}
