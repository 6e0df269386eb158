import DogearServices
import DogearStore
import Vapor

extension Application {
    private struct BaseURLKey: StorageKey {
        package typealias Value = String
    }

    private struct BaseURLConfiguredKey: StorageKey {
        typealias Value = Bool
    }

    /// Where readers reach this server (`DOGEAR_BASE_URL`, else this process's host and port): the
    /// start of every link made with no request to go by, and of every reset link (a mail's link
    /// never takes a request's `Host`, which whoever asks for the reset could type).
    package var baseURL: String {
        get { storage[BaseURLKey.self] ?? "http://127.0.0.1:8080" }
        set { storage[BaseURLKey.self] = newValue }
    }

    /// Whether the operator named the address; when not, links shown to a reader take the address
    /// their request came to (`Request.baseURL`).
    package var baseURLIsConfigured: Bool {
        get { storage[BaseURLConfiguredKey.self] ?? false }
        set { storage[BaseURLConfiguredKey.self] = newValue }
    }
}

extension Request {
    /// The start of an absolute link shown to the reader who asked (a list's share link, a club's
    /// invitation, a shared year, the Apple and Google callbacks): `DOGEAR_BASE_URL` when the
    /// operator set it; otherwise the address this request came to, its `Host`, or, from a proxy
    /// named in `DOGEAR_TRUSTED_PROXIES`, the `X-Forwarded-Host` and `X-Forwarded-Proto` it passes
    /// on (from anyone else those headers are ignored). So a server started on another port, or
    /// reached by another name, never hands out a link to an address that does not answer.
    package var baseURL: String {
        if application.baseURLIsConfigured { return application.baseURL.trimmingSuffix("/") }
        let fromProxy = remoteAddress?.ipAddress.map { application.trustedProxies.contains($0) } ?? false
        let forwardedHost = fromProxy ? Self.firstValue(headers.first(name: "X-Forwarded-Host")) : nil
        guard let host = forwardedHost ?? headers.first(name: .host), Self.isAuthority(host) else {
            return application.baseURL.trimmingSuffix("/")
        }
        let https = fromProxy && Self.firstValue(headers.first(name: "X-Forwarded-Proto"))?.lowercased() == "https"
        return (https ? "https://" : "http://") + host
    }

    /// The first of a header's comma-separated values (each proxy on the way may add one).
    private static func firstValue(_ header: String?) -> String? {
        header?.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A host and an optional port, as a `Host` header carries them: nothing that could turn a link
    /// into another path, a user or a second address.
    package static func isAuthority(_ value: String) -> Bool {
        !value.isEmpty && value.count <= 255
            && value.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-.:[]".unicodeScalars.contains($0) }
            && value.unicodeScalars.allSatisfy(\.isASCII)
    }
}
