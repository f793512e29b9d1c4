import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP server on 127.0.0.1 (OS-picked port) for the tests of clients: it takes one request a
/// connection and answers the n-th as `answer(n, request line)` says, with raw response bytes, or
/// nil to hold the connection open and never answer (`silent()`: a server that hangs). Blocking
/// sockets on threads of its own; `stop` ends it all.
public final class ScriptedHTTPServer: @unchecked Sendable {
    public let url: URL
    public var port: Int { url.port ?? 0 }
    private let listener: Int32
    private let lock = NSLock()
    private var connections: [Int32] = []
    private var connectionsAwaited = 0
    private var waiters: [(number: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private let answer: @Sendable (Int, String) -> String?

    /// A server that takes connections and requests and never answers.
    public static func silent() throws -> ScriptedHTTPServer {
        try ScriptedHTTPServer { _, _ in nil }
    }

    public init(answer: @escaping @Sendable (Int, String) -> String?) throws {
        self.answer = answer
        #if canImport(Glibc)
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listener = listener
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, address, &length) == 0
            }
        }
        guard listener >= 0, bound else { throw URLError(.cannotConnectToHost) }
        url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
        Thread.detachNewThread { [self] in acceptConnections() }
    }

    /// Returns once the next client has connected (the first call, the first client; and so on).
    public func nextConnection() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isHere = lock.withLock {
                connectionsAwaited += 1
                guard connections.count < connectionsAwaited else { return true }
                waiters.append((connectionsAwaited, continuation))
                return false
            }
            if isHere { continuation.resume() }
        }
    }

    /// Stops accepting and closes every connection.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        lock.withLock { connections.forEach { _ = shutdown($0, Int32(SHUT_RDWR)) } }
    }

    deinit {
        lock.withLock { connections.forEach { close($0) } }
        close(listener)
    }

    private func acceptConnections() {
        var index = 0
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let arrived = lock.withLock {
                connections.append(connection)
                let arrived = waiters.filter { $0.number <= connections.count }
                waiters.removeAll { $0.number <= connections.count }
                return arrived
            }
            arrived.forEach { $0.continuation.resume() }
            let number = index
            index += 1
            Thread.detachNewThread { [self] in serve(connection, number: number) }
        }
    }

    private func serve(_ connection: Int32, number: Int) {
        guard let requestLine = Self.readRequest(from: connection), let response = answer(number, requestLine) else { return }
        let bytes = Array(response.utf8)
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
    }

    /// Reads a request's head and its `Content-Length` body; answers its first line.
    private static func readRequest(from connection: Int32) -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        func readMore() -> Bool {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            received += buffer[..<count]
            return true
        }
        let end = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            guard readMore() else { return nil }
            headEnd = (0...max(0, received.count - end.count)).first { Array(received[$0..<min(received.count, $0 + end.count)]) == end }
        }
        let head = String(decoding: received[..<headEnd!], as: UTF8.self)
        let length = head.split(separator: "\r\n").compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first ?? 0
        while received.count < headEnd! + end.count + length {
            guard readMore() else { return nil }
        }
        return head.split(separator: "\r\n").first.map(String.init)
    }
}
