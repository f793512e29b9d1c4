import Binding
@testable import WebUI

/// The smallest WebUI app: a counter at `/` and a second screen at `/other`, so that the toolkit
/// is tested without anything of the Friends app.
@MainActor
final class CounterApp: WebApplication {
    let isBusy = Bindable(false)
    var onChange: (@MainActor () -> Void)?
    var currentPath = "/"
    var count = 0 {
        didSet { onChange?() }
    }
    var received: [FormFields] = []
    /// Forms sent from a session the server no longer had, which it said were not done.
    var notDone: [FormFields] = []
    func open(path: String) async -> Bool {
        // A screen the app does not go to at once (a form with changes asks first): it stays.
        if path == "/asks" { return true }
        // Any query is the counter's own (`/?step=2`).
        guard let screen = path.split(separator: "?").first, screen == "/" || screen == "/other" else { return false }
        currentPath = path
        onChange?()
        return true
    }

    func receive(_ input: FormFields, at path: String) -> Bool {
        received.append(input)
        switch input["action"] {
        case "increment": count += 1
        case "go": currentPath = "/other"; onChange?()
        default: return false
        }
        return true
    }

    func notDoneAfterRestart(_ input: FormFields, at path: String) {
        notDone.append(input)
    }

    func page(_ context: PageContext) -> String {
        "<main><p id=\"count\">\(count)</p><p>\(context.csrfToken)</p><p>\(context.isScripted ? "scripted" : "whole")</p></main>"
    }

    func fragments(_ context: PageContext) -> [Fragment] {
        [Fragment(id: "count", html: "<p id=\"count\">\(count)</p>"), Fragment(id: "path", html: "<p id=\"path\">\(currentPath)</p>")]
    }
}
