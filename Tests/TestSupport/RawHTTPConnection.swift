import Dispatch
import Foundation
import Glibc

/// A plain TCP connection to 127.0.0.1 that sends exactly the bytes a test writes, for what no HTTP
/// client will send: broken framing, slow headers, pipelined requests, `CONNECT`. Blocking calls run
/// on dispatch queues, never on the tasks the server needs: one for sending, one for reading, so a
/// test may send while it reads. Reads and sends give up after `readLimit` so a test that fails
/// cannot hang; that bound is never what a test waits for, and is generous: on two cores shared
/// with the whole suite, an answer that checks a password once took longer than 15 s.
public final class RawHTTPConnection: @unchecked Sendable {
    public struct Response: Sendable {
        public var statusLine: String
        public var headers: [String: String]
        public var body: Data

        public var status: Int { Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0 }
        public var text: String { String(decoding: body, as: UTF8.self) }
        public func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    /// How the server ended the connection.
    public enum Ending: Equatable, Sendable {
        case closed
        case reset
        case stillOpen
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    public static let readLimit: TimeInterval = 60

    private let socket: Int32
    private let queue = DispatchQueue(label: "RawHTTPConnection")
    private let sendingQueue = DispatchQueue(label: "RawHTTPConnection.sending")
    private var buffer = Data()

    /// `receiveBuffer` makes the kernel's buffer for what arrives that small (in bytes), and its
    /// segments small, for a client that reads slowly: what it has not read stays on the server's
    /// side. (Loopback's segments of 64 KB would let the server's kernel take megabytes.)
    public init(port: Int, receiveBuffer: Int32? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed") }
        var timeout = timeval(tv_sec: Int(Self.readLimit), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var receiveBuffer {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
            var segment: Int32 = 536
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_MAXSEG, &segment, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            Glibc.close(socket)
            throw Failure(description: "connect() failed")
        }
    }

    private var isOpen = true

    deinit {
        if isOpen { Glibc.close(socket) }
    }

    /// Says the client sends nothing more (`shutdown(SHUT_WR)`, as `nc -N` does), still reading.
    public func finishSending() {
        shutdown(socket, Int32(SHUT_WR))
    }

    /// Closes the client's side, as a client does once it read the server's end.
    public func close() {
        if isOpen { Glibc.close(socket) }
        isOpen = false
    }

    public func send(_ text: String) async throws {
        try await send(Data(text.utf8))
    }

    public func send(_ data: Data) async throws {
        try await onQueue(sendingQueue) {
            var sent = 0
            while sent < data.count {
                let count = data.withUnsafeBytes { bytes in
                    Glibc.send(self.socket, bytes.baseAddress! + sent, data.count - sent, Int32(MSG_NOSIGNAL))
                }
                guard count > 0 else { throw Failure(description: "send() failed: errno \(errno)") }
                sent += count
            }
        }
    }

    /// Reads one response: its head, then `Content-Length` bytes of body (none for `HEAD`).
    public func readResponse(toHEAD: Bool = false) async throws -> Response {
        try await onQueue {
            let separator = Data("\r\n\r\n".utf8)
            while self.buffer.range(of: separator) == nil {
                guard try self.receive() else { throw Failure(description: "closed before a response head") }
            }
            let end = self.buffer.range(of: separator)!
            let head = String(decoding: self.buffer[..<end.lowerBound], as: UTF8.self)
            self.buffer.removeSubrange(..<end.upperBound)
            var lines = head.components(separatedBy: "\r\n")
            let statusLine = lines.removeFirst()
            var headers: [String: String] = [:]
            for line in lines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let length = toHEAD ? 0 : Int(headers["content-length"] ?? "0") ?? 0
            while self.buffer.count < length {
                guard try self.receive() else { throw Failure(description: "closed inside a response body") }
            }
            let body = Data(self.buffer.prefix(length))
            self.buffer.removeFirst(length)
            return Response(statusLine: statusLine, headers: headers, body: body)
        }
    }

    /// Reads until the server ends the connection, telling an orderly close from a reset.
    public func readToEnd() async -> (ending: Ending, unread: Data) {
        await (try? onQueue { () -> (Ending, Data) in
            while true {
                do {
                    guard try self.receive() else { return (.closed, self.buffer) }
                } catch let failure as Failure where failure.description.hasSuffix("errno \(ECONNRESET)") {
                    return (.reset, self.buffer)
                } catch {
                    return (.stillOpen, self.buffer)
                }
            }
        }) ?? (.stillOpen, Data())
    }

    /// Whether the server's end of the connection has arrived already (nothing unread before it),
    /// without waiting for it.
    public func hasEnded() -> Bool {
        var byte: UInt8 = 0
        return buffer.isEmpty && recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }

    /// Whether more bytes arrived; `false` at the end of the stream.
    private func receive() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = recv(socket, &chunk, chunk.count, 0)
        if count < 0 { throw Failure(description: "recv() failed: errno \(errno)") }
        buffer.append(contentsOf: chunk[..<count])
        return count > 0
    }

    private func onQueue<T: Sendable>(_ queue: DispatchQueue? = nil, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            (queue ?? self.queue).async { continuation.resume(with: Result { try work() }) }
        }
    }
}
