import Foundation
import Testing
@testable import FriendsWeb

/// The page models name their values once (`TemplateModel.templateKeys`); a template that asks
/// for a name no model hands over would draw nothing where a value belongs, so every tag of every
/// template must be a name of some model, and every name a model hands over must be used.
struct TemplateModelTests {

    static func templates() throws -> [String: String] {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FriendsWeb/Resources/Templates")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "mustache" }
        return try Dictionary(uniqueKeysWithValues: files.map {
            ($0.deletingPathExtension().lastPathComponent, try String(contentsOf: $0, encoding: .utf8))
        })
    }

    /// The names of `{{name}}`, `{{#name}}`, `{{^name}}` and `{{/name}}` tags (not partials `{{> name}}`).
    static func tagNames(in text: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"\{\{\s*[#^/]?\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}"#)
        let range = NSRange(text.startIndex..., in: text)
        return Set(pattern.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }.flatMap { $0.split(separator: ".").map(String.init) })
    }

    @Test func everyTagIsANameSomeModelHandsOver() throws {
        let keys = Set(FriendsPages.templateModels.flatMap { $0.templateKeyNames })
        for (name, text) in try Self.templates() {
            let unknown = Self.tagNames(in: text).subtracting(keys)
            #expect(unknown.isEmpty, "The template \(name) asks for \(unknown.sorted()), which no page model hands over.")
        }
    }

    @Test func everyNameAModelHandsOverIsUsedByATemplate() throws {
        let used = try Self.templates().values.reduce(into: Set<String>()) { $0.formUnion(Self.tagNames(in: $1)) }
        for model in FriendsPages.templateModels {
            let unused = Set(model.templateKeyNames).subtracting(used)
            #expect(unused.isEmpty, "\(model) hands over \(unused.sorted()), which no template uses.")
        }
    }
}

extension TemplateModel {
    static var templateKeyNames: [String] { Array(templateKeys.keys) }
}
