import Foundation

/// A push service the server will send to. A subscription's endpoint is a URL the browser's push
/// service made, but it reaches the server from a reader, so the server would POST wherever a
/// reader says: only the push services the operator allows (by default the browsers' own) are
/// believed, which keeps the sender from being pointed at the server's own network.
public struct PushService: Sendable, Equatable {
    /// A host, matched with its subdomains (`push.apple.com` takes `web.push.apple.com`).
    public var host: String
    /// Given as `http://host:port` (a push service on the operator's own machine, or a test's):
    /// plain HTTP, that host and port exactly.
    public var plainPort: Int?

    public init(host: String, plainPort: Int? = nil) {
        self.host = host.lowercased()
        self.plainPort = plainPort
    }

    /// `fcm.googleapis.com` or `http://127.0.0.1:8123`; nil when it is neither.
    public init?(setting: String) {
        let text = setting.trimmingCharacters(in: .whitespaces).lowercased()
        if text.hasPrefix("http://") {
            guard let url = URL(string: text), let host = url.host, let port = url.port, url.path.isEmpty || url.path == "/"
            else { return nil }
            self.init(host: host, plainPort: port)
        } else {
            guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else { return nil }
            self.init(host: text)
        }
    }

    /// The browsers' push services: Chrome and Edge (Firebase), Firefox (Mozilla's autopush),
    /// Windows (WNS) and Safari (Apple).
    public static let browsers = [
        "fcm.googleapis.com", "push.services.mozilla.com", "notify.windows.com", "push.apple.com",
    ].map { PushService(host: $0) }

    func takes(scheme: String, host: String, port: Int?) -> Bool {
        if let plainPort { return scheme == "http" && host == self.host && port == plainPort }
        // HTTPS on its own port: a push service's port that never answers would hold the sender.
        return scheme == "https" && (port == nil || port == 443) && (host == self.host || host.hasSuffix("." + self.host))
    }
}

public enum PushRules {
    /// A reader's browsers: the oldest subscription goes when an eleventh comes (a browser that
    /// stopped answering would otherwise keep its place for ever).
    public static let subscriptionsPerReader = 10
    /// Browsers' endpoints are a few hundred characters.
    public static let endpointMaxLength = 1_000
    /// Pushes in a row a browser's push service may fail (not answer, refuse) before the browser
    /// is forgotten: one that is down for a while comes back, one that is gone for good goes.
    public static let failuresBeforeForgetting = 5
    /// A notification older than this when the sender comes to it is not pushed (it is in the
    /// inbox): a push is news, and a server back after a day away should not ring every phone.
    public static let freshFor: TimeInterval = 3_600

    /// The endpoint as it will be POSTed to, if it is an absolute URL of an allowed push service.
    public static func endpoint(_ text: String, services: [PushService]) throws -> URL {
        // Counted as JSON Schema's maxLength counts: code points, not characters.
        guard !text.isEmpty, text.unicodeScalars.count <= endpointMaxLength else {
            throw ValidationError(field: "endpoint", "must be the push service's URL, at most \(endpointMaxLength) characters")
        }
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }),
            let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(),
            url.user == nil, url.password == nil
        else { throw ValidationError(field: "endpoint", "must be the push service's URL (as the browser gave it)") }
        // A host name as DNS spells it: `URL.host` decodes percent-escapes, and an escaped NUL or
        // slash would read as one host here and as another to the socket.
        guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) else {
            throw ValidationError(field: "endpoint", "must be the push service's URL (as the browser gave it)")
        }
        guard services.contains(where: { $0.takes(scheme: scheme, host: host, port: url.port) }) else {
            throw ValidationError(field: "endpoint", "'\(host)' is not a push service this server sends to")
        }
        return url
    }

    /// The subscription's keys, base64url as `PushSubscription.toJSON()` gives them: `p256dh` an
    /// uncompressed P-256 point (65 bytes), `auth` 16 bytes. (Whether the point is on the curve
    /// is for the cryptography to say.)
    public static func keys(p256dh: String, auth: String) throws -> (p256dh: Data, auth: Data) {
        guard let key = base64URL(p256dh), key.count == 65, key.first == 4 else {
            throw ValidationError(field: "keys.p256dh", "must be the subscription's P-256 key, base64url (65 bytes)")
        }
        guard let secret = base64URL(auth), secret.count == 16 else {
            throw ValidationError(field: "keys.auth", "must be the subscription's 16-byte secret, base64url")
        }
        return (key, secret)
    }

    /// RFC 4648 §5, with or without padding; nil when it is not.
    public static func base64URL(_ text: String) -> Data? {
        guard text.count <= 200,
            text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "=") })
        else { return nil }
        var base64 = text.replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "-", with: "+")
            .replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        return Data(base64Encoded: base64)
    }
}
