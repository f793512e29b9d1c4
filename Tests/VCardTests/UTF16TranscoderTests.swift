import Foundation
import Testing
import VCard

/// vCard files saved as UTF-16 are read as the UTF-8 they say, however they arrive in chunks.
struct UTF16TranscoderTests {
    static let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë 🦊 Ålund\r\nN:Ålund;Zoë;;;\r\nEND:VCARD\r\n"

    /// The transcoder's output for `bytes` cut into chunks of `size`.
    private func transcoded(_ bytes: [UInt8], chunk size: Int) -> [UInt8] {
        var transcoder = UTF16Transcoder()
        var output: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: size) {
            output += transcoder.append(bytes[start..<min(start + size, bytes.count)])
        }
        return output + transcoder.finish()
    }

    static let littleEndian: [UInt8] = text.utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    static let bigEndian: [UInt8] = text.utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }

    @Test(arguments: [[0xFF, 0xFE] + littleEndian, [0xFE, 0xFF] + bigEndian, littleEndian, bigEndian])
    func utf16WithOrWithoutAByteOrderMarkBecomesUTF8(_ bytes: [UInt8]) {
        for size in [1, 2, 3, 7, bytes.count] {
            #expect(transcoded(bytes, chunk: size) == Array(Self.text.utf8), "chunks of \(size)")
        }
    }

    @Test func utf8PassesThroughUnchanged() {
        let bytes = Array(("\u{FEFF}" + Self.text).utf8)
        #expect(transcoded(bytes, chunk: 1) == bytes)
        #expect(transcoded(bytes, chunk: 5) == bytes)
        #expect(transcoded([0x42], chunk: 1) == [0x42], "a file of one byte")
        // Only a byte order mark or `BEGIN` spelt in UTF-16 says UTF-16: a NUL alone does not.
        let nul = [0x00] + Array("ý\nBEGIN:VCARD\n".utf8)
        #expect(transcoded(nul, chunk: 1) == nul)
        #expect(transcoded([0x00, 0x41, 0x00, 0x42], chunk: 2) == [0x00, 0x41, 0x00, 0x42])
    }

    @Test func aBrokenSurrogateOrAnOddLastByteIsAReplacementCharacter() {
        let lone: [UInt8] = [0xFF, 0xFE, 0x41, 0x00, 0x3D, 0xD8, 0x42, 0x00]
        #expect(String(decoding: transcoded(lone, chunk: 3), as: UTF8.self) == "A\u{FFFD}B")
        #expect(String(decoding: transcoded([0xFF, 0xFE, 0x41, 0x00, 0x42], chunk: 2), as: UTF8.self) == "A\u{FFFD}")
    }
}
