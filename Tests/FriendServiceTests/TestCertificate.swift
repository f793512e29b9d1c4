/// A self-signed certificate for localhost and 127.0.0.1, valid until 2126, with its key: what a
/// test's own PostgreSQL shows when it takes TLS connections (a P-256 key, made with
/// `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500
/// -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1`).
enum TestCertificate {
    static let certificate = """
        -----BEGIN CERTIFICATE-----
        MIIBmjCCAUGgAwIBAgIUKtg5+06qdAU/sNAZ6p4WPup0zpUwCgYIKoZIzj0EAwIw
        FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEzMDEyNDc1M1oYDzIxMjYxMTA2
        MTI0NzUzWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
        PQMBBwNCAAR8AwmER5YzsGSvblXDByrKusoZ0phNAoLMjLzFWHWs9yCLvKxHn5Pw
        UGCWp17JU9Hva3sfSC5XDWIcSC7bzOlSo28wbTAdBgNVHQ4EFgQUwt35eew3c3H9
        I4zHq+iFtWJwro8wHwYDVR0jBBgwFoAUwt35eew3c3H9I4zHq+iFtWJwro8wDwYD
        VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
        zj0EAwIDRwAwRAIgVFRAA3WbqACG0wqQq5GHBIbUo+eLROiMq9xKudoHE/8CIHsB
        b9Mycn6+o325BzRKR5DimtiUrjb4b09k3ZDVHMs3
        -----END CERTIFICATE-----

        """

    static let privateKey = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgQMUYboTa8T388OZR
        gRfMh4WwTEGZd84aMHKqQLIiV0ehRANCAAR8AwmER5YzsGSvblXDByrKusoZ0phN
        AoLMjLzFWHWs9yCLvKxHn5PwUGCWp17JU9Hva3sfSC5XDWIcSC7bzOlS
        -----END PRIVATE KEY-----

        """
}
