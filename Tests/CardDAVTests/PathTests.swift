import Testing
@testable import CardDAV

@Suite struct PathTests {
    let paths = DAVPaths(principal: "anna maria")

    @Test func resolvesTheResources() {
        #expect(paths.resource(for: "/") == .success(.root))
        #expect(paths.resource(for: "/.well-known/carddav") == .success(.wellKnown))
        #expect(paths.resource(for: "/.well-known/carddav/") == .success(.wellKnown))
        #expect(paths.resource(for: "/dav/") == .success(.davRoot))
        #expect(paths.resource(for: "/dav/principals/anna%20maria/") == .success(.principal))
        #expect(paths.resource(for: "/dav/addressbooks/anna%20maria") == .success(.home))
        #expect(paths.resource(for: "/dav/addressbooks/anna%20maria/friends") == .success(.addressBook))
        #expect(paths.resource(for: "/dav/addressbooks/anna%20maria/friends/8F3A-12.vcf") == .success(.card("8F3A-12.vcf")))
        #expect(paths.resource(for: "/dav/addressbooks/anna%20maria/friends/a%40b%20c%C3%A9.vcf?x=1") == .success(.card("a@b cé.vcf")))
        #expect(paths.resource(for: "https://host:8443/dav/addressbooks/anna%20maria/friends/x.vcf") == .success(.card("x.vcf")))
        #expect(paths.resource(for: "HTTP://host/dav/addressbooks/anna%20maria/friends/x.vcf#top") == .success(.card("x.vcf")))
        #expect(paths.resource(for: "https://host") == .success(.root))
        #expect(paths.resource(for: "/dav/addressbooks/anna%20maria/friends/Zoë 李.vcf") == .success(.card("Zoë 李.vcf")))
        #expect(paths.resource(for: "/dav/addressbooks/anna%20maria/friends/\u{301}x.vcf") == .success(.card("\u{301}x.vcf")))
        #expect(paths.resource(for: "/dav/addressbooks/anna%20maria/friends/" + String(repeating: "y", count: 255))
            == .success(.card(String(repeating: "y", count: 255))))
        #expect(paths.resource(for: "/dav/x://y/") == .failure(.notFound))
    }

    /// A client that joins a base ending in `/` to a path starting with one sends `//`: each run of
    /// slashes is one separator, as Apache, nginx and sabre/dav read it.
    @Test func emptySegmentsAreOneSeparator() {
        #expect(paths.resource(for: "//") == .success(.root))
        #expect(paths.resource(for: "/.well-known//carddav/") == .success(.wellKnown))
        #expect(paths.resource(for: "/dav//principals/") == .success(.principals))
        #expect(paths.resource(for: "//dav/principals//anna%20maria//") == .success(.principal))
        #expect(paths.resource(for: "/dav/addressbooks/anna%20maria/friends//") == .success(.addressBook))
        #expect(paths.resource(for: "/dav//addressbooks/anna%20maria/friends//8F3A-12.vcf") == .success(.card("8F3A-12.vcf")))
        #expect(paths.resource(for: "https://host//dav/addressbooks/anna%20maria///friends/x.vcf") == .success(.card("x.vcf")))
    }

    @Test func emptySegmentsLeadNowhereElse() {
        for path in ["/dav/addressbooks//someone/friends/", "/dav/addressbooks/someone//anna%20maria/friends/",
                     "/dav/addressbooks/anna%20maria//someone/friends/x.vcf", "/dav/principals//someone//",
                     "/dav/addressbooks/anna%20maria/friends/x.vcf//", "/dav/addressbooks/anna%20maria/friends//x.vcf//y",
                     "//elsewhere//"] {
            #expect(paths.resource(for: path) == .failure(.notFound), "\(path)")
        }
        for path in ["/dav/addressbooks/anna%20maria/friends//..", "/dav/addressbooks/anna%20maria/friends//.//x.vcf",
                     "/dav/addressbooks/anna%20maria/friends//a%2F..%2Fb.vcf", "/dav/addressbooks/anna%20maria//..//someone/friends/"] {
            guard case .failure(.badRequest) = paths.resource(for: path) else {
                Issue.record("accepted \(path)")
                continue
            }
        }
    }

    @Test func collapsingSlashesKeepsEverythingElse() {
        #expect(DAVPaths.collapsingSlashes("//dav///addressbooks/a%2F%2Fb//") == "/dav/addressbooks/a%2F%2Fb/")
        #expect(DAVPaths.collapsingSlashes("/dav/x.vcf") == "/dav/x.vcf")
    }

    @Test func refusesDotsEncodedSlashesAndBadNames() {
        for path in ["/dav/addressbooks/anna%20maria/friends/..", "/dav/addressbooks/anna%20maria/friends/%2E%2E",
                     "/dav/addressbooks/anna%20maria/friends/a%2Fb.vcf",
                     "/dav/addressbooks/anna%20maria/friends/%zz", "/dav/addressbooks/anna%20maria/friends/%FF.vcf",
                     "/dav/addressbooks/anna%20maria/friends/a%00.vcf", "dav/", "host/dav/",
                     "/dav/addressbooks/anna%20maria/friends/a\u{7F}.vcf",
                     "/dav/addressbooks/anna%20maria/friends/" + String(repeating: "x", count: 256)] {
            guard case .failure(.badRequest) = paths.resource(for: path) else {
                Issue.record("accepted \(path)")
                continue
            }
        }
        #expect(paths.resource(for: "/dav/addressbooks/anna%20maria/other/") == .failure(.notFound))
        #expect(paths.resource(for: "/dav/addressbooks/anna%20maria/friends/x.vcf/") == .failure(.notFound))
        #expect(paths.resource(for: "/elsewhere") == .failure(.notFound))
    }

    /// Names are lower case ("Bob" signs in as "bob"): a URL typed with capitals is pointed at the
    /// one that exists, not answered "not found"; another principal's name, in any case, still is.
    @Test func aPrincipalSpelledInCapitalsIsPointedAtItsName() {
        let bob = DAVPaths(principal: "bob")
        #expect(bob.resource(for: "/dav/addressbooks/Bob/") == .failure(.spelledInCapitals(canonicalPath: "/dav/addressbooks/bob/")))
        #expect(bob.resource(for: "/dav/addressbooks/BOB/friends/") == .failure(.spelledInCapitals(canonicalPath: "/dav/addressbooks/bob/friends/")))
        #expect(bob.resource(for: "https://host/dav/principals/Bob") == .failure(.spelledInCapitals(canonicalPath: "/dav/principals/bob")))
        #expect(bob.resource(for: "/dav/addressbooks/bOb/friends/a%20b.vcf")
            == .failure(.spelledInCapitals(canonicalPath: "/dav/addressbooks/bob/friends/a%20b.vcf")))
        #expect(bob.resource(for: "/dav/addressbooks/Bob/Friends/") == .failure(.notFound))
        #expect(bob.resource(for: "/dav/addressbooks/Alice/friends/") == .failure(.notFound))
        #expect(bob.resource(for: "/dav/addressbooks/Bobby/") == .failure(.notFound))
    }

    @Test func hrefsArePercentEncodedAndRoundTrip() {
        #expect(paths.principalHref == "/dav/principals/anna%20maria/")
        #expect(paths.href(.card("a b/ü?#%.vcf")) == "/dav/addressbooks/anna%20maria/friends/a%20b%2F%C3%BC%3F%23%25.vcf")
        #expect(paths.href(.card("8F3A-12.vcf")) == "/dav/addressbooks/anna%20maria/friends/8F3A-12.vcf")
        #expect(paths.href(.card("a@b:c+d.vcf")) == "/dav/addressbooks/anna%20maria/friends/a@b:c+d.vcf")
        for name in ["a b.vcf", "ü.vcf", "x@y.vcf", "100%.vcf", "a&b.vcf"] {
            #expect(paths.resource(for: paths.href(.card(name))) == .success(.card(name)))
        }
    }

    @Test func syncTokensParseStrictly() {
        #expect(SyncToken.parse(SyncToken.format(42)) == 42)
        #expect(SyncToken.parse("http://friends.invalid/ns/sync/0") == 0)
        let listing = SyncToken.Point(number: 42, listingAfter: 1_500)
        #expect(SyncToken.point(in: SyncToken.format(listing, epoch: 7), epoch: 7) == listing)
        #expect(SyncToken.parse(SyncToken.format(listing)) == nil, "a listing's token is not a finished one")
        for bad in ["42", "http://friends.invalid/ns/sync/", "http://friends.invalid/ns/sync/042",
                    "http://friends.invalid/ns/sync/-1", "http://friends.invalid/ns/sync/4 2",
                    "http://friends.invalid/ns/sync/99999999999999999999", "http://sabre.io/ns/sync/4"] {
            #expect(SyncToken.parse(bad) == nil, "\(bad)")
        }
    }
}
