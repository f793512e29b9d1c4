#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One line of standard input, checked to be UTF-8: `Swift.readLine()` would put U+FFFD in place
/// of bytes that are not, and a password so read would never match what was typed. Read a byte at
/// a time from the descriptor, so nothing after the line is taken from the input.
public enum StandardInputLine {
    public struct NotUTF8: Error, Equatable {}

    /// The next line without its line end (LF or CRLF); nil at the end of the input.
    public static func read() throws(NotUTF8) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = readByte(&byte)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else {
                if bytes.isEmpty { return nil }
                break
            }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let line = String(validating: bytes, as: UTF8.self) else { throw NotUTF8() }
        return line
    }

    private static func readByte(_ byte: inout UInt8) -> Int {
        #if canImport(Glibc)
        Glibc.read(STDIN_FILENO, &byte, 1)
        #else
        Darwin.read(STDIN_FILENO, &byte, 1)
        #endif
    }
}
