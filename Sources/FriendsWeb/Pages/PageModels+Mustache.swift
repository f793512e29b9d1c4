import Mustache

/// A page model that hands its values to the templates by name.
///
/// Without this, Mustache finds each value by reflection (`Mirror`) on every lookup, which made the
/// list page of 50 friends cost 8 ms and 19,000 allocations to draw (WebBenchmarks, BENCHMARKS.md).
/// Each model names its values once, as key paths, so a name can only point at a real property;
/// `TemplateModelTests` checks that every tag of every template is a name some model hands over.
protocol TemplateModel: MustacheParent {
    /// Every value a template may ask for, by the name templates use.
    static var templateKeys: [String: PartialKeyPath<Self> & Sendable] { get }
}

extension TemplateModel {
    func child(named name: String) -> Any? {
        guard let keyPath = Self.templateKeys[name] else { return nil }
        let value = self[keyPath: keyPath]
        // An optional property arrives boxed in `Any`; Mustache must see its absence as nothing.
        if let optional = value as? any OptionalValue { return optional.wrappedValue }
        return value
    }
}

private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { self.map { $0 } }
}

extension FriendsPages {
    /// Every model the templates are drawn from.
    static var templateModels: [any TemplateModel.Type] { [
        PageChrome.self,
        PageChrome.Connection.self,
        PageChrome.AlertModel.self,
        SignInPageModel.self,
        ConfirmationModel.self,
        ListPageModel.self,
        ListPageModel.Row.self,
        ListPageModel.Row.FriendRow.self,
        ListPageModel.ExportChoice.self,
        DetailPageModel.self,
        DetailPageModel.Section.self,
        DetailPageModel.Section.Row.self,
        DetailPageModel.Section.Row.Line.self,
        ImportPageModel.self,
        ImportPageModel.Report.self,
        ImportPageModel.Report.Count.self,
        ImportPageModel.Report.CardLine.self,
        ImportPageModel.Encoding.self,
        FormPageModel.self,
        FormPageModel.Part.self,
        FormPageModel.Field.self,
        FormEntriesModel.self,
        FormEntriesModel.Entry.self,
        FormEntriesModel.Entry.Choice.self,
        FormPageModel.ConflictModel.self,
        FormPageModel.ConflictModel.Choice.self,
    ] }
}

extension PageChrome: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "csrfToken": \.csrfToken,
        "signedInAs": \.signedInAs,
        "documentTitle": \.documentTitle,
        "connection": \.connection,
        "loading": \.loading,
        "reloadPath": \.reloadPath,
        "alert": \.alert,
        "path": \.path,
        "listPath": \.listPath,
    ]
}

extension SignInPageModel: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "name": \.name,
        "message": \.message,
        "next": \.next,
        "csrfToken": \.csrfToken,
        "focusesPassword": \.focusesPassword,
    ]
}

extension PageChrome.Connection: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "text": \.text,
        "isLive": \.isLive,
    ]
}

extension PageChrome.AlertModel: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "title": \.title,
        "message": \.message,
        "buttonTitle": \.buttonTitle,
    ]
}

extension ConfirmationModel: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "title": \.title,
        "message": \.message,
        "confirmTitle": \.confirmTitle,
        "cancelTitle": \.cancelTitle,
        "confirmAction": \.confirmAction,
        "cancelAction": \.cancelAction,
        "path": \.path,
        "cancelPath": \.cancelPath,
    ]
}

extension ListPageModel: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "chrome": \.chrome,
        "title": \.title,
        "searchText": \.searchText,
        "hasSearch": \.hasSearch,
        "searchSummary": \.searchSummary,
        "status": \.status,
        "rows": \.rows,
        "hasRows": \.hasRows,
        "moreAfter": \.moreAfter,
        "retryAfter": \.retryAfter,
        "confirmation": \.confirmation,
        "exchangesCards": \.exchangesCards,
        "exportChoices": \.exportChoices,
    ]
}

extension ListPageModel.Row: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "friend": \.friend,
        "error": \.error,
        "empty": \.empty,
    ]
}

extension ListPageModel.Row.FriendRow: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "id": \.id,
        "fullName": \.fullName,
        "phone": \.phone,
        "initials": \.initials,
        "isSelected": \.isSelected,
        "takesFocus": \.takesFocus,
    ]
}

extension DetailPageModel: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "chrome": \.chrome,
        "id": \.id,
        "fullName": \.fullName,
        "initials": \.initials,
        "avatarSource": \.avatarSource,
        "sections": \.sections,
        "removedMessage": \.removedMessage,
        "canEdit": \.canEdit,
        "confirmation": \.confirmation,
    ]
}

extension DetailPageModel.Section: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "kind": \.kind,
        "title": \.title,
        "rows": \.rows,
    ]
}

extension DetailPageModel.Section.Row: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "label": \.label,
        "lines": \.lines,
        "href": \.href,
    ]
}

extension DetailPageModel.Section.Row.Line: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "text": \.text,
    ]
}

extension FormPageModel: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "chrome": \.chrome,
        "title": \.title,
        "path": \.path,
        "notice": \.notice,
        "nameHint": \.nameHint,
        "parts": \.parts,
        "submitDisabled": \.submitDisabled,
        "submitTitle": \.submitTitle,
        "submitAction": \.submitAction,
        "conflict": \.conflict,
        "discard": \.discard,
        "editedVersionTag": \.editedVersionTag,
    ]
}

extension FormPageModel.Field: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "name": \.name,
        "label": \.label,
        "value": \.value,
        "type": \.type,
        "isMultiline": \.isMultiline,
        "message": \.message,
        "autocomplete": \.autocomplete,
        "placeholder": \.placeholder,
        "maxLength": \.maxLength,
        "takesFocus": \.takesFocus,
        "namesHint": \.namesHint,
    ]
}

extension FormPageModel.Part: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "field": \.field,
        "entries": \.entries,
    ]
}

extension FormEntriesModel: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "id": \.id,
        "title": \.title,
        "entries": \.entries,
        "addAction": \.addAction,
        "addTitle": \.addTitle,
    ]
}

extension FormEntriesModel.Entry: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "inputID": \.inputID,
        "labelID": \.labelID,
        "messageID": \.messageID,
        "actionsID": \.actionsID,
        "value": \.value,
        "type": \.type,
        "autocomplete": \.autocomplete,
        "maxLength": \.maxLength,
        "inputName": \.inputName,
        "labelName": \.labelName,
        "choices": \.choices,
        "isPreferred": \.isPreferred,
        "preferAction": \.preferAction,
        "removeAction": \.removeAction,
        "preferName": \.preferName,
        "removeName": \.removeName,
        "message": \.message,
        "takesFocus": \.takesFocus,
        "focusAfterRemoval": \.focusAfterRemoval,
    ]
}

extension FormEntriesModel.Entry.Choice: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "label": \.label,
        "title": \.title,
        "isSelected": \.isSelected,
    ]
}

extension FormPageModel.ConflictModel: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "title": \.title,
        "fields": \.fields,
        "path": \.path,
    ]
}

extension FormPageModel.ConflictModel.Choice: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "label": \.label,
        "theirs": \.theirs,
        "mine": \.mine,
    ]
}

extension ListPageModel.ExportChoice: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "path": \.path,
        "title": \.title,
        "hint": \.hint,
    ]
}

extension ImportPageModel: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "chrome": \.chrome,
        "sizeLimit": \.sizeLimit,
        "importing": \.importing,
        "errorMessage": \.errorMessage,
        "report": \.report,
        "encodings": \.encodings,
    ]
}

extension ImportPageModel.Encoding: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "name": \.name,
        "title": \.title,
        "isSelected": \.isSelected,
    ]
}

extension ImportPageModel.Report: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "headline": \.headline,
        "counts": \.counts,
        "failures": \.failures,
        "hasFailures": \.hasFailures,
        "remarks": \.remarks,
        "hasRemarks": \.hasRemarks,
    ]
}

extension ImportPageModel.Report.Count: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "text": \.text,
    ]
}

extension ImportPageModel.Report.CardLine: TemplateModel {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "index": \.index,
        "name": \.name,
        "text": \.text,
    ]
}
