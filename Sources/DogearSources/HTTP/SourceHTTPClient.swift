import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The one way sources talk HTTP: GET with a deadline, redirects followed, body size capped, and
/// every failure turned into a `SourceError`.
public struct SourceHTTPClient: Sendable {
    public let client: HTTPClient
    /// The whole request, redirects included, must finish within this.
    public var timeout: TimeAmount
    public var maxBodyBytes: Int = 4 * 1024 * 1024
    public var userAgent = "Dogear/1.0 (self-hosted reading tracker)"

    public init(client: HTTPClient, timeout: TimeAmount = .seconds(8)) {
        self.client = client
        self.timeout = timeout
    }

    /// A shared client configured for sources: follows up to 5 redirects (Open Library's `/isbn/`
    /// answers with one), connects within 5 seconds.
    public static func makeHTTPClient() -> HTTPClient {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .follow(max: 5, allowCycles: false))
        configuration.timeout = .init(connect: .seconds(5))
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    public struct Answer: Sendable {
        public let status: Int
        public let body: Data
    }

    public func get(_ url: String) async throws(SourceError) -> Answer {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: "application/json")
        do {
            let response = try await client.execute(request, timeout: timeout)
            let body = try await response.body.collect(upTo: maxBodyBytes)
            return Answer(status: Int(response.status.code), body: Data(body.readableBytesView))
        } catch let error as HTTPClientError
            where error == .deadlineExceeded || error == .readTimeout
            || error == .connectTimeout
        {
            throw .timedOut(seconds: Double(timeout.nanoseconds) / 1_000_000_000)
        } catch let error as NIOTooManyBytesError {
            throw .malformed("answer larger than \(maxBodyBytes) bytes: \(error)")
        } catch {
            throw .network(Self.plainReason(error))
        }
    }

    /// NIO's errors are long and technical; people are shown what happened in a few words.
    static func plainReason(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("UnknownHost") || text.contains("DNS") { return "its address could not be resolved" }
        if text.localizedCaseInsensitiveContains("refused") { return "the connection was refused" }
        if text.localizedCaseInsensitiveContains("tls") || text.localizedCaseInsensitiveContains("ssl") {
            return "the secure connection failed"
        }
        if text.localizedCaseInsensitiveContains("reset") || text.localizedCaseInsensitiveContains("closed") {
            return "the connection was closed"
        }
        return "network error"
    }

    /// GET and decode JSON; 404 is nil (the source does not know it), 429 and 5xx are errors.
    public func getJSON<T: Decodable>(_ url: String, as type: T.Type) async throws(SourceError) -> T? {
        let answer = try await get(url)
        switch answer.status {
        case 200..<300:
            do {
                return try JSONDecoder().decode(T.self, from: Self.withoutBOM(answer.body))
            } catch {
                throw .malformed(Self.describe(error))
            }
        case 404:
            return nil
        case 429:
            throw .rateLimited(message: GoogleErrorBody.message(in: answer.body))
        default:
            throw .httpStatus(answer.status)
        }
    }

    /// Some recorded answers start with a UTF-8 byte order mark, which JSONDecoder refuses.
    static func withoutBOM(_ data: Data) -> Data {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "not JSON" : "unexpected value at \(path)"
        case DecodingError.keyNotFound(let key, _):
            return "missing \(key.stringValue)"
        default:
            return "not JSON"
        }
    }
}

/// Google's error body: `{"error": {"code": 429, "message": "…", "status": "RESOURCE_EXHAUSTED"}}`.
struct GoogleErrorBody: Decodable {
    struct Detail: Decodable {
        let message: String?
        let status: String?
    }
    let error: Detail

    static func message(in data: Data) -> String? {
        guard let body = try? JSONDecoder().decode(GoogleErrorBody.self, from: data) else { return nil }
        return [body.error.status, body.error.message].compactMap { $0 }.joined(separator: ": ")
    }
}
