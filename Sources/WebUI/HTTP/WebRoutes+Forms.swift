import Foundation
import HTTPServerKit
import Hummingbird

/// Forms as WebRoutes reads them: only from this app's own pages, URL-encoded or (with files)
/// multipart, within their limits; what cannot be read is said on an error page (`FormRefusal`).
extension WebRoutes {
    /// The request comes from a page of this server: its `Origin` (or, without one, its
    /// `Referer`) is this server's own.
    func isSameOrigin(_ request: Request) -> Bool {
        guard let origin = ownOrigin(of: request) else { return false }
        if let given = request.headers[.origin] { return given == origin }
        guard let referer = request.headers[.referer] else { return false }
        return referer == origin || referer.hasPrefix(origin + "/")
    }

    /// This server's origin as `request` addressed it.
    func ownOrigin(of request: Request) -> String? {
        request.head.authority.map { "\(settings.behindProxy ? "https" : "http")://\($0)" }
    }

    /// The fields of a form sent from this app's own pages (`isSameOrigin`).
    func ownForm(_ request: Request) async throws -> Result<FormFields, FormRefusal> {
        guard isSameOrigin(request) else {
            return .failure(FormRefusal(status: .forbidden, message: "Forms are only taken from this app's own pages."))
        }
        return try await Self.formFields(of: request, settings: settings)
    }

    /// Why a form was not read: the status and the sentence its error page says.
    struct FormRefusal: Error {
        let status: HTTPResponse.Status
        let message: String

        var response: Response { ErrorPage.response(status, message) }

        init(status: HTTPResponse.Status, message: String) {
            self.status = status
            self.message = message
        }

        /// A body that stopped arriving (`408`), or whose framing broke (`400`), as FriendService says it.
        init(unreadBody error: any Error) {
            if error is RequestReadTimeout {
                self.init(status: .requestTimeout, message: "The form stopped arriving, or came too slowly. Go back and send it again.")
            } else {
                self.init(status: .badRequest, message: "The form could not be read: its framing is broken.")
            }
        }
    }

    /// The fields of a posted form, URL-encoded or (with files) multipart.
    static func formFields(of request: Request, settings: Settings) async throws -> Result<FormFields, FormRefusal> {
        let boundary: String?
        do {
            boundary = try MultipartForm.boundary(inContentType: request.headers[.contentType])
        } catch {
            return .failure(FormRefusal(status: .badRequest, message: error.message))
        }
        if let boundary {
            let limit = settings.maximumUploadSize
            let tooLarge = FormRefusal(
                status: .contentTooLarge, message: "The file is too large: a form may send at most \(limit / (1024 * 1024)) MB."
            )
            if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { return .failure(tooLarge) }
            // Read chunk by chunk, so a body without a Content-Length stops at the limit too.
            var body: [UInt8] = []
            do {
                for try await chunk in request.body {
                    guard body.count + chunk.readableBytes <= limit else { return .failure(tooLarge) }
                    body.append(contentsOf: chunk.readableBytesView)
                }
            } catch {
                return .failure(FormRefusal(unreadBody: error))
            }
            do {
                return .success(try MultipartForm.parse(body, boundary: boundary))
            } catch {
                return .failure(FormRefusal(status: .badRequest, message: "The form could not be read. \(error.message)"))
            }
        }
        guard Self.isForm(request) else {
            return .failure(FormRefusal(status: .unsupportedMediaType, message: "Send the form as application/x-www-form-urlencoded."))
        }
        let formTooLarge = FormRefusal(
            status: .contentTooLarge,
            message: "The form is too large: it may send at most \(settings.maximumFormSize / 1024) KB. Go back and shorten what you typed."
        )
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > settings.maximumFormSize {
            return .failure(formTooLarge)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: settings.maximumFormSize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return .failure(formTooLarge)
        } catch {
            return .failure(FormRefusal(unreadBody: error))
        }
        guard let fields = FormFields(urlEncoded: String(decoding: body.readableBytesView, as: UTF8.self)) else {
            return .failure(FormRefusal(status: .badRequest, message: "The form could not be read."))
        }
        return .success(fields)
    }

    static func isForm(_ request: Request) -> Bool {
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        return type?.lowercased() == "application/x-www-form-urlencoded"
    }
}
