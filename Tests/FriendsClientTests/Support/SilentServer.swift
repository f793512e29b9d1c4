import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP port on 127.0.0.1 that takes connections and never answers: a server that hangs.
final class SilentServer: @unchecked Sendable {
    let url: URL
    private let listener: Int32
    private let lock = NSLock()
    private var connections: [Int32] = []

    init() throws {
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard listener >= 0, bound else { throw URLError(.cannotConnectToHost) }
        url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
    }

    /// Returns once a client has connected; the connection is held open, unanswered.
    func nextConnection() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread { [self] in
                let connection = accept(listener, nil, nil)
                lock.withLock { connections.append(connection) }
                continuation.resume()
            }
        }
    }

    deinit {
        for connection in connections { close(connection) }
        close(listener)
    }
}
