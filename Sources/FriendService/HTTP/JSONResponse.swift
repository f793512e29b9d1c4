import Foundation
import Hummingbird

/// JSON bodies, encoded the same way everywhere.
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            // Our own types always encode; this keeps the envelope promise even if one did not.
            data = Data(#"{"error":{"message":"The response could not be encoded.","fields":{}}}"#.utf8)
            return Response(status: .internalServerError, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A body already written as JSON (see `FriendJSON`).
    static func make(body: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
