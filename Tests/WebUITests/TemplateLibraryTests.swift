import Testing
@testable import WebUI

@Suite struct TemplateLibraryTests {
    struct Context {
        let name: String
    }

    @Test func everyValueIsEscapedInTextAndAttributes() throws {
        let library = try TemplateLibrary(templates: ["page": #"<p title="{{name}}">{{name}}</p>"#])
        let html = library.render(Context(name: #"<script>alert(1)</script> "><img src=x onerror='y'> & co"#), "page")
        #expect(html == #"<p title="&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=&#39;y&#39;&gt; &amp; co">&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=&#39;y&#39;&gt; &amp; co</p>"#)
    }

    @Test(arguments: ["<p>{{{name}}}</p>", "<p>{{&name}}</p>", "<p>{{ &name}}</p>", "{{=<% %>=}}<p><%&name%></p>", "{{% CONTENT_TYPE: TEXT }}<p>{{name}}</p>", "{{%CONTENT_TYPE:TEXT}}<p>{{name}}</p>", "<p>{{\n&name}}</p>"])
    func aTemplateThatWritesAValueUnescapedIsRefused(_ text: String) {
        #expect(throws: TemplateLibrary.LoadError.self) {
            try TemplateLibrary(templates: ["page": text])
        }
    }

    @Test func aTemplateThatDoesNotParseIsRefused() {
        #expect(throws: TemplateLibrary.LoadError.self) {
            try TemplateLibrary(templates: ["page": "{{#open}}never closed"])
        }
    }
}
