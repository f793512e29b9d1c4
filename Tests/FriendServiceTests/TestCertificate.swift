/// TEST ONLY, never to be trusted anywhere else: a self-signed certificate for the name localhost
/// (not for 127.0.0.1, so that checking the name can fail), valid until 2126, with its key: what a
/// test's own PostgreSQL shows when it takes TLS connections. Made with `openssl req -x509 -newkey
/// ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500 -subj /CN=localhost -addext
/// subjectAltName=DNS:localhost -addext basicConstraints=critical,CA:FALSE`.
enum TestCertificate {
    static let certificate = """
        -----BEGIN CERTIFICATE-----
        MIIBkjCCATigAwIBAgIUBR+/AG0FaehCpn5IopRucRxJjM0wCgYIKoZIzj0EAwIw
        FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEzMDEzMjMxOFoYDzIxMjYxMTA2
        MTMyMzE4WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
        PQMBBwNCAARTfEIEnY3z1EG9394TTYR47OLGz/UtzSfj46viLfIfQJUrdnlKeEc4
        N4dqukxy7xF98vai5nnNZSPW3TLk8Zweo2YwZDAdBgNVHQ4EFgQU4uHu5YIRfFeI
        cU0MPDVNWwE1Lq4wHwYDVR0jBBgwFoAU4uHu5YIRfFeIcU0MPDVNWwE1Lq4wFAYD
        VR0RBA0wC4IJbG9jYWxob3N0MAwGA1UdEwEB/wQCMAAwCgYIKoZIzj0EAwIDSAAw
        RQIgCxdFNB+DOqnH2ZmsAL4yfkXONAcRQhpOJ48Ffc7ojk0CIQC3X7n5tCNI6dMM
        VO/mpkyt7XrkPJ4Q9fOPIcUga9+oFg==
        -----END CERTIFICATE-----

        """

    static let privateKey = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgvaJ4irnMmniSPaAW
        CybaGsimLjhtZYIS5dpV/pMc9umhRANCAARTfEIEnY3z1EG9394TTYR47OLGz/Ut
        zSfj46viLfIfQJUrdnlKeEc4N4dqukxy7xF98vai5nnNZSPW3TLk8Zwe
        -----END PRIVATE KEY-----

        """

    /// An authority that signed nothing here, its key thrown away: a certificate `sslrootcert` can
    /// name that the server's was not signed by. Made as `certificate` was, with
    /// `-subj "/CN=Another test authority"` and no extensions.
    static let anotherAuthority = """
        -----BEGIN CERTIFICATE-----
        MIIBmjCCAT+gAwIBAgIUZ5kSrtIiTq0popuVZoCJdv5ZyCwwCgYIKoZIzj0EAwIw
        ITEfMB0GA1UEAwwWQW5vdGhlciB0ZXN0IGF1dGhvcml0eTAgFw0yNjExMzAxNTU1
        MTJaGA8yMTI2MTEwNjE1NTUxMlowITEfMB0GA1UEAwwWQW5vdGhlciB0ZXN0IGF1
        dGhvcml0eTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABJRcUjaFKDiEpKiIvoUj
        3u0NEVQjNhO8IrLe43z+Sh9HFw3C4k46RXTAHIggsq0AIyTaAcN08297AaMVPn46
        DfSjUzBRMB0GA1UdDgQWBBThsYZokkPr81+oYC0LElPjbEqAfTAfBgNVHSMEGDAW
        gBThsYZokkPr81+oYC0LElPjbEqAfTAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49
        BAMCA0kAMEYCIQCSZfkLMyVLYW3NNszcCwYqDtxe0lc7E1QlP6kM32ShcQIhAOUM
        a1XZlFfEAJS6DisrP7X0jp/3gy0aFYYiFd8LCFbW
        -----END CERTIFICATE-----

        """
}
