import Foundation

/// Reads a form sent as `multipart/form-data` (a form with a file input): its text fields and
/// its files. Small and strict: the boundary comes from the Content-Type, every part must be
/// framed as RFC 7578 says, and anything else is refused with a reason a person can read.
enum MultipartForm {
    struct Failure: Error, Equatable {
        let message: String
    }

    /// The most parts a form may have (a file input and a few fields need far fewer).
    static let maximumParts = 64
    /// The most bytes of headers one part may have.
    static let maximumHeaderSize = 8 * 1024

    /// The boundary named by a `multipart/form-data` Content-Type, or `nil` when the type is
    /// another. Throws when it is multipart without a usable boundary.
    static func boundary(inContentType contentType: String?) throws(Failure) -> String? {
        guard let contentType else { return nil }
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            // RFC 2046: 1 to 70 characters of a small set, not ending in a space.
            guard (1...70).contains(value.utf8.count), !value.hasSuffix(" "),
                  value.unicodeScalars.allSatisfy({ boundaryCharacters.contains($0) }) else {
                throw Failure(message: "The form's boundary is not one a browser would send.")
            }
            return value
        }
        throw Failure(message: "The form says it is multipart/form-data but names no boundary.")
    }

    private static let boundaryCharacters = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'()+_,-./:=? ")

    /// The fields and files of `body`, framed by `boundary`.
    static func parse(_ body: [UInt8], boundary: String) throws(Failure) -> FormFields {
        let delimiter = Array("--\(boundary)".utf8)
        let crlf: [UInt8] = [13, 10]
        // Browsers send no preamble; one is allowed, as long as the first delimiter starts a line.
        guard var position = firstDelimiter(delimiter, in: body) else {
            throw Failure(message: "The form's body does not start with its boundary.")
        }
        var fields = FormFields()
        var parts = 0
        while true {
            position += delimiter.count
            if body[position...].starts(with: [45, 45]) { return fields } // "--": the last delimiter.
            guard body[position...].starts(with: crlf) else {
                throw Failure(message: "The form's body is cut short or broken after a boundary.")
            }
            position += 2
            parts += 1
            guard parts <= maximumParts else { throw Failure(message: "The form has too many parts.") }
            guard let headerEnd = find([13, 10, 13, 10], in: body, from: position),
                  headerEnd - position <= maximumHeaderSize else {
                throw Failure(message: "A part of the form has no end to its headers.")
            }
            let part = try headers(String(decoding: body[position..<headerEnd], as: UTF8.self))
            let contentStart = headerEnd + 4
            guard let contentEnd = find(crlf + delimiter, in: body, from: contentStart) else {
                throw Failure(message: "The form's body is cut short: a part has no closing boundary.")
            }
            let content = Array(body[contentStart..<contentEnd])
            if let filename = part.filename {
                fields.files.append(UploadedFile(name: part.name, filename: filename, contentType: part.contentType, data: Data(content)))
            } else {
                guard let text = String(validating: content, as: UTF8.self) else {
                    throw Failure(message: "The form's field \(part.name) is not UTF-8 text.")
                }
                fields.append(name: part.name, value: text)
            }
            position = contentEnd + 2
        }
    }

    private struct PartHeaders {
        var name: String
        var filename: String?
        var contentType: String
    }

    /// A part's `Content-Disposition: form-data; name="..."; filename="..."` and `Content-Type`.
    private static func headers(_ text: String) throws(Failure) -> PartHeaders {
        var disposition: String?
        var contentType = "text/plain"
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { throw Failure(message: "A part of the form has a broken header.") }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch name {
            case "content-disposition": disposition = value
            case "content-type": contentType = value
            default: continue
            }
        }
        guard let disposition, disposition.lowercased().hasPrefix("form-data") else {
            throw Failure(message: "A part of the form is not form-data.")
        }
        let parameters = self.parameters(disposition)
        guard let name = parameters["name"], !name.isEmpty else { throw Failure(message: "A part of the form has no name.") }
        return PartHeaders(name: name, filename: parameters["filename"], contentType: contentType)
    }

    /// `key=value` and `key="quoted value"` parameters after the first `;`; keys lower-cased.
    private static func parameters(_ header: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(header)
        guard let first = rest.firstIndex(of: ";") else { return result }
        rest = rest[rest.index(after: first)...]
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == ";" }
            guard let equals = rest.firstIndex(of: "=") else { break }
            let key = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            rest = rest[rest.index(after: equals)...]
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                while let character = rest.first, character != "\"" {
                    rest = rest.dropFirst()
                    if character == "\\", let escaped = rest.first {
                        value.append(escaped)
                        rest = rest.dropFirst()
                    } else {
                        value.append(character)
                    }
                }
                rest = rest.dropFirst()
                rest = rest.drop { $0 != ";" }
            } else {
                let end = rest.firstIndex(of: ";") ?? rest.endIndex
                value = rest[..<end].trimmingCharacters(in: .whitespaces)
                rest = rest[end...]
            }
            if result[key] == nil { result[key] = value }
        }
        return result
    }

    private static func firstDelimiter(_ delimiter: [UInt8], in body: [UInt8]) -> Int? {
        if body.starts(with: delimiter) { return 0 }
        return find([13, 10] + delimiter, in: body, from: 0).map { $0 + 2 }
    }

    /// Where `needle` first occurs in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
