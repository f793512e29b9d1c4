import Foundation

/// Describes where JSON text is malformed. `JSONDecoder` only says "not valid JSON";
/// `JSONSerialization` says where, sometimes as a character offset, which is turned
/// into a line and column a person can find in an editor.
enum JSONSyntaxProblem {
    static func describe(_ data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return "the JSON parser rejected it"
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                ?? error.localizedDescription
            return lineAndColumn(replacingOffsetIn: detail, data: data)
        }
    }

    private static func lineAndColumn(replacingOffsetIn detail: String, data: Data) -> String {
        let trimmed = detail.hasSuffix(".") ? String(detail.dropLast()) : detail
        guard let match = trimmed.firstMatch(of: /around character (?<offset>\d+)/),
              let offset = Int(match.offset), offset <= data.count
        else { return trimmed }
        let before = data.prefix(offset)
        let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
        let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
        return trimmed.replacingCharacters(in: match.range, with: "around line \(line), column \(column)")
    }
}
