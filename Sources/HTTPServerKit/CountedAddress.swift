import NIOCore

/// What a client address is counted as by `SignInThrottle`: an IPv4 address as it is, a global
/// IPv6 address as its /64 network (`2001:db8:1:2::/64`), since one home or host is given a whole
/// /64 and could otherwise try from a new address for every guess. Local IPv6 addresses (link-local,
/// unique local), each a device of the same network, stay apart.
public enum CountedAddress {
    public static func of(_ address: String) -> String {
        guard address.contains(":"), case .v6(let v6)? = try? SocketAddress(ipAddress: address, port: 0) else { return address }
        let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        // An IPv4 address written as IPv6 (::ffff:192.0.2.1) is that IPv4 address.
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12..<16].map(String.init).joined(separator: ".")
        }
        // Global unicast is 2000::/3.
        guard bytes[0] & 0xE0 == 0x20 else { return address }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
