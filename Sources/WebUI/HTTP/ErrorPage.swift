import Hummingbird

/// The page for a request the app cannot answer: the reason, and a way back to the start.
enum ErrorPage {
    static func response(_ status: HTTPResponse.Status, _ message: String) -> Response {
        WebRoutes.html(template.render(["title": status.reasonPhrase, "message": message], "error"), status: status)
    }

    private static let template: TemplateLibrary = {
        do {
            return try TemplateLibrary(templates: ["error": """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
                <title>{{title}}</title></head>
                <body><main><h1>{{title}}</h1><p>{{message}}</p><p><a href="/">Back to the start</a></p></main></body></html>

                """])
        } catch {
            preconditionFailure("\(error)")
        }
    }()
}
