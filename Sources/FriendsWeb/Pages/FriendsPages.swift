import Foundation
import WebUI

/// The Friends app's pages and their live regions, drawn from templates (see `Templates/`).
///
/// A page template includes one partial template per live region; the partial's root element
/// carries the region's id, so a region pushed alone replaces exactly what the page drew.
public struct FriendsPages: Sendable {
    let templates: TemplateLibrary
    /// The app's stylesheet.
    public let stylesheet: String
    /// Friends per page of the list (the list view model loads this many at a time).
    public let pageSize: Int

    public init(templates: TemplateLibrary, stylesheet: String, pageSize: Int = 50) {
        self.templates = templates
        self.stylesheet = stylesheet
        self.pageSize = pageSize
    }

    /// The templates and stylesheet shipped with this module.
    public static func bundled(pageSize: Int = 50) throws -> FriendsPages {
        guard let directory = Bundle.module.url(forResource: "Templates", withExtension: nil),
              let styleURL = Bundle.module.url(forResource: "friends", withExtension: "css") else {
            throw TemplateLibrary.LoadError(description: "The Friends web templates are missing from the module's resources.")
        }
        let stylesheet = try String(contentsOf: styleURL, encoding: .utf8)
        return FriendsPages(templates: try TemplateLibrary(directory: directory), stylesheet: stylesheet, pageSize: pageSize)
    }

    /// The sign-in page of a server with accounts.
    public func signInPage(_ form: WebSignIn.Form) -> String {
        templates.render(SignInPageModel(form), "signInPage")
    }

    /// The live regions of each page: element id and partial template.
    static let chromeRegions = [("document-title", "documentTitle"), ("connection", "connection"), ("loading", "loading"), ("alert", "alert")]
    static let listRegions = [("list-title", "listTitle"), ("search-summary", "searchSummary"), ("status", "status"),
                              ("list-rows", "listRows"), ("dialog", "confirmation")]
    static let detailRegions = [("detail", "detailCard"), ("dialog", "confirmation")]
    static let importRegions = [("import-report", "importReport")]
    static let formRegions = [("form-notice", "formNotice"), ("form-actions", "formActions"), ("form-dialog", "formDialog")]

    /// A live region: the element id, its partial template and the model that fills it.
    struct Region {
        let id: String
        let template: String
        let model: Any
    }

    @MainActor
    func page(of app: FriendsWebApp, _ context: PageContext) -> String {
        let (model, template, _) = screen(of: app, context)
        return templates.render(model, template)
    }

    @MainActor
    func fragments(of app: FriendsWebApp, _ context: PageContext) -> [Fragment] {
        screen(of: app, context).regions.map { Fragment(id: $0.id, html: templates.render($0.model, $0.template)) }
    }

    /// The model of the screen shown, its page template and its regions.
    @MainActor
    private func screen(of app: FriendsWebApp, _ context: PageContext) -> (model: Any, template: String, regions: [Region]) {
        let alert = app.alerts.first
        switch app.screens.last {
        case nil:
            let model = ListPageModel(
                list: app.list, searchText: app.searchText, exchangesCards: app.cards != nil, alert: alert, context: context
            )
            return (model, "listPage", Self.regions(Self.chromeRegions + Self.listRegions, of: model))
        case .detail(let detail):
            let model = DetailPageModel(
                detail: detail, id: detail.friendID, list: app.list, listPath: app.listPath, alert: alert, context: context
            )
            return (model, "detailPage", Self.regions(Self.chromeRegions + Self.detailRegions, of: model))
        case .importer(let file):
            let model = ImportPageModel(file: file, list: app.list, listPath: app.listPath, alert: alert, context: context)
            return (model, "importPage", Self.regions(Self.chromeRegions + Self.importRegions, of: model))
        case .form(let form, let path):
            let model = FormPageModel(form: form, path: path, list: app.list, alert: alert, context: context)
            // Each field's input and message are regions of their own: the script leaves alone the
            // input being typed in, and updates its message.
            let fieldRegions = model.fields.flatMap { field in
                [Region(id: field.name, template: "fieldInput", model: field),
                 Region(id: "\(field.name)-message", template: "fieldMessage", model: field)]
            }
            // So is each entry's input, label, message and buttons; adding, removing and reordering entries
            // are posts that draw the page again.
            let entryRegions = model.entryLists.flatMap(\.entries).flatMap { entry in
                [Region(id: entry.inputID, template: "entryInput", model: entry),
                 Region(id: entry.labelID, template: "entryLabel", model: entry),
                 Region(id: entry.messageID, template: "entryMessage", model: entry),
                 Region(id: entry.actionsID, template: "entryActions", model: entry)]
            }
            return (model, "formPage", Self.regions(Self.chromeRegions + Self.formRegions, of: model) + fieldRegions + entryRegions)
        }
    }

    private static func regions(_ list: [(id: String, template: String)], of model: Any) -> [Region] {
        list.map { Region(id: $0.id, template: $0.template, model: model) }
    }
}
