import DogearCore
import DogearServices
import DogearStore
import Vapor

/// KOReader's bodies: what the plugin sends (`PUT /syncs/progress`) and reads back.
struct KOSyncProgressBody: Decodable {
    var document: String?
    /// A page number or an XPointer; some clients send a number.
    var progress: String?
    var percentage: Double?
    var device: String?
    var deviceId: String?
    /// Not KOReader's; a client that kept a report offline may say when it was read.
    var timestamp: Double?

    enum CodingKeys: String, CodingKey {
        case document, progress, percentage, device, timestamp
        case deviceId = "device_id"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        document = try? container.decodeIfPresent(String.self, forKey: .document)
        if let text = try? container.decodeIfPresent(String.self, forKey: .progress) {
            progress = text
        } else if let number = try? container.decodeIfPresent(Double.self, forKey: .progress) {
            progress = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        }
        percentage = try? container.decodeIfPresent(Double.self, forKey: .percentage)
        device = try? container.decodeIfPresent(String.self, forKey: .device)
        deviceId = try? container.decodeIfPresent(String.self, forKey: .deviceId)
        // A time that is there but not a number (or past a Double) is refused, not taken as now.
        if container.contains(.timestamp), !((try? container.decodeNil(forKey: .timestamp)) ?? false) {
            timestamp = (try? container.decode(Double.self, forKey: .timestamp)) ?? .nan
        }
    }
}

struct KOSyncPushAnswer: Encodable {
    var document: String
    var timestamp: Int
}

struct KOSyncPosition: Encodable {
    var document: String
    var percentage: Double
    var progress: String
    var device: String
    var deviceId: String
    var timestamp: Int

    enum CodingKeys: String, CodingKey {
        case document, percentage, progress, device, timestamp
        case deviceId = "device_id"
    }
}

/// KOReader's answers: JSON, errors as `{"code", "message"}` with the codes its sync server uses
/// (2001 unauthorized, 2002 no accounts made here, 2003 a bad request, 2004 no document).
enum KOSyncAnswer {
    struct Refusal: Error {
        var status: HTTPResponseStatus = .badRequest
        var code: Int
        var message: String
        var retryAfterSeconds: Int?
    }

    private struct ErrorBody: Encodable {
        var code: Int
        var message: String
    }

    /// Whole seconds for KOReader's `timestamp` (the times kept are checked when reported; a
    /// conversion never traps whatever a row holds).
    static func seconds(_ value: Double) -> Int {
        Int(exactly: value.rounded(.down)) ?? 0
    }

    static func json(_ value: some Encodable, for request: Request) throws -> Response {
        let response = Response(status: .ok)
        try response.content.encode(value, as: .json)
        return response
    }

    static func error(_ status: HTTPResponseStatus, code: Int, _ message: String, for request: Request) throws -> Response {
        let response = Response(status: status)
        try response.content.encode(ErrorBody(code: code, message: message), as: .json)
        return response
    }

    /// Any error as KOReader's shape: a field refused names it; a wait says how long.
    static func refusal(for error: any Error) -> Refusal {
        switch error {
        case let refusal as Refusal: return refusal
        case let error as ValidationError:
            if error.field == "document" { return Refusal(code: 2004, message: "Field 'document' not provided.") }
            return Refusal(code: 2003, message: "Invalid request: \(error.field) \(error.message)")
        case let error as DomainError where error.kind == .tooManyRequests:
            return Refusal(
                status: .tooManyRequests, code: 2001, message: error.message, retryAfterSeconds: error.retryAfterSeconds)
        case let error as DomainError where error.kind == .notAuthenticated:
            return Refusal(status: .unauthorized, code: 2001, message: "Unauthorized")
        default:
            let answer = APIErrorMiddleware.translate(error)
            if answer.status.code < 500 { return Refusal(status: answer.status, code: 2003, message: answer.message) }
            // A wait (503 busy) says so; a server error says nothing of itself.
            let message = answer.status == .internalServerError ? "Unknown server error." : answer.message
            return Refusal(status: answer.status, code: 2000, message: message, retryAfterSeconds: answer.retryAfterSeconds)
        }
    }
}

/// Every `/kosync` error in KOReader's shape (inside the API's error middleware, which would write
/// Dogear's); a server error is logged as the API's are.
struct KOSyncErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let refusal = KOSyncAnswer.refusal(for: error)
            if refusal.status == .internalServerError { request.logger.report(error: error) }
            let response = try KOSyncAnswer.error(refusal.status, code: refusal.code, refusal.message, for: request)
            if let seconds = refusal.retryAfterSeconds {
                response.headers.replaceOrAdd(name: .retryAfter, value: String(seconds))
            }
            return response
        }
    }
}
