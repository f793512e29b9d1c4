import Foundation

/// A picture a card holds inline: `PHOTO;ENCODING=b;TYPE=JPEG:` (3.0), `PHOTO;ENCODING=BASE64;JPEG:`
/// (2.1) or `PHOTO:data:image/jpeg;base64,` (4.0). A picture by URL is kept in the card and never
/// fetched, so it is not one of these.
public struct VCardPhoto: Sendable, Equatable {
    public var bytes: [UInt8]
    /// From the bytes themselves, not from what the card claims: `image/png`, `image/jpeg`,
    /// `image/gif` or `image/webp`.
    public var mediaType: String

    /// The largest picture a card may hold, decoded.
    public static let maximumSize = 4 << 20

    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case notAnImage
        case tooLarge
        case unreadable

        public var description: String {
            switch self {
            case .notAnImage: "The photo is not a PNG, JPEG, GIF or WebP image."
            case .tooLarge: "The photo is larger than \(VCardPhoto.maximumSize >> 20) MiB."
            case .unreadable: "The photo's data is not valid base64."
            }
        }
    }

    /// The media type of an image's bytes, from their signature.
    public static func mediaType(of bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return "image/gif" }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        return nil
    }
}

extension VCard {
    /// The card's inline picture; `nil` without one or with a picture by URL.
    /// - Throws: `VCardPhoto.Problem` when the inline data is not a picture we can serve.
    public func photo() throws(VCardPhoto.Problem) -> VCardPhoto? {
        guard let encoded = try inlinePhotoBase64() else { return nil }
        guard let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else { throw .unreadable }
        guard data.count <= VCardPhoto.maximumSize else { throw .tooLarge }
        guard let mediaType = VCardPhoto.mediaType(of: data) else { throw .notAnImage }
        return VCardPhoto(bytes: Array(data), mediaType: mediaType)
    }

    /// What `photo()` would refuse, told from the size of the base64 and its first bytes only, without
    /// decoding a picture of megabytes (an import's report). A picture whose first bytes are one
    /// but whose base64 breaks later is not told.
    func photoProblemAtAGlance() -> VCardPhoto.Problem? {
        do throws(VCardPhoto.Problem) {
            guard let encoded = try inlinePhotoBase64() else { return nil }
            let head = String(String.UnicodeScalarView(encoded.unicodeScalars.lazy.filter(Self.isBase64).prefix(16)))
            guard let bytes = Data(base64Encoded: head) else { return .unreadable }
            return VCardPhoto.mediaType(of: bytes) == nil ? .notAnImage : nil
        } catch {
            return error
        }
    }

    /// The inline picture's base64, when its length allows a picture of at most `maximumSize`.
    private func inlinePhotoBase64() throws(VCardPhoto.Problem) -> String? {
        guard let property = first("PHOTO"), let encoded = Self.inlineData(of: property) else { return nil }
        guard encoded.utf8.count <= (VCardPhoto.maximumSize / 3 + 1) * 4 + encoded.utf8.count / 60 + 16 else { throw .tooLarge }
        return encoded
    }

    private static func isBase64(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+/=".unicodeScalars.contains(scalar))
    }

    /// The base64 text of an inline picture, or `nil` for a picture by URL.
    static func inlineData(of property: VCardProperty) -> String? {
        let value = property.value.trimmingSpaces
        if value.lowercased().hasPrefix("data:") {
            guard let comma = value.firstIndex(of: ","), value[..<comma].lowercased().hasSuffix(";base64") else { return nil }
            return String(value[value.index(after: comma)...])
        }
        return property.isBase64 ? value : nil
    }
}
