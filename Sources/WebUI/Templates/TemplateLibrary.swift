import Foundation
import Mustache

/// An app's HTML templates (Mustache), loaded once from its resources.
///
/// Escaping by construction: every `{{value}}` is HTML-escaped (`<`, `>`, `&`, `"` and `'`), and
/// a template that writes a value unescaped (`{{{value}}}` or `{{&value}}`), changes the
/// delimiters to hide such a tag, or sets a pragma (`{{% CONTENT_TYPE: TEXT }}` turns escaping
/// off) is refused when loaded, so no friend's name can become markup. Markup made in Swift goes into a page only as
/// a partial template.
public struct TemplateLibrary: Sendable {
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    private let library: MustacheLibrary

    /// Loads every `*.mustache` file of `directory`; a template is named after its file.
    public init(directory: URL) throws(LoadError) {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "mustache" }
        } catch {
            throw LoadError(description: "Cannot read the templates in \(directory.path): \(error)")
        }
        var templates: [String: String] = [:]
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                throw LoadError(description: "Cannot read the template \(file.lastPathComponent).")
            }
            templates[file.deletingPathExtension().lastPathComponent] = text
        }
        try self.init(templates: templates)
    }

    /// Templates by name.
    public init(templates: [String: String]) throws(LoadError) {
        var library = MustacheLibrary()
        for (name, text) in templates.sorted(by: { $0.key < $1.key }) {
            if let unescaped = Self.unescapedTag(in: text) {
                throw LoadError(description: "The template \(name) writes a value unescaped (\(unescaped)); use {{ }}.")
            }
            do {
                try library.register(text, named: name)
            } catch {
                throw LoadError(description: "The template \(name) does not parse: \(error)")
            }
        }
        self.library = library
    }

    /// `context` through the template `name`. A missing template is a programming error.
    public func render(_ context: Any, _ name: String) -> String {
        guard let html = library.render(context, withTemplate: name) else {
            preconditionFailure("No template named \(name).")
        }
        return html
    }

    /// The first tag that writes its value without escaping, or could make later tags do so, if any.
    static func unescapedTag(in text: String) -> String? {
        var rest = text[...]
        while let opening = rest.range(of: "{{") {
            let tag = rest[opening.upperBound...].drop(while: \.isWhitespace)
            if let sigil = tag.first, "{&=%".contains(sigil) {
                return String(rest[opening.lowerBound...].prefix(24))
            }
            rest = rest[opening.upperBound...]
        }
        return nil
    }
}
