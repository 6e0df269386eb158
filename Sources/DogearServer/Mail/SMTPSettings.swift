import DogearServices
import DogearStore
import Foundation

/// Where Dogear's mail goes, from `SMTP_URL`, `SMTP_FROM` and `SMTP_CA_FILE`.
///
/// - `smtp://user:password@host:587`: STARTTLS, required: a server that does not offer it is an
///   error, never a fall back to sending the password and the mail in the clear.
/// - `smtps://user:password@host:465`: TLS from the first byte.
/// - `smtp+plain://host:25`: no TLS at all, for a relay on the same machine; say so to get it.
///
/// The user and password are optional (a relay that knows the machine needs none); they are
/// percent-decoded, so a password may hold `@` or `:` as `%40` or `%3A`.
package struct SMTPSettings: Sendable, Equatable {
    package enum Security: String, Sendable, Equatable { case startTLS, tls, none }

    package var host: String
    package var port: Int
    package var security: Security
    package var username: String?
    package var password: String?
    /// The sender as written (`Dogear <books@example.com>` or a bare address).
    package var from: String
    /// A PEM file of certificates to trust instead of the system's (a relay with its own CA).
    package var caFile: String?

    /// The address inside `from`, for `MAIL FROM`.
    package var fromAddress: String {
        guard let open = from.lastIndex(of: "<"), let close = from.lastIndex(of: ">"), open < close else {
            return from.trimmingCharacters(in: .whitespaces)
        }
        return String(from[from.index(after: open)..<close])
    }

    package static func parse(url raw: String, from: String?, caFile: String?) throws -> SMTPSettings {
        func fail(_ message: String) -> ConfigError { ConfigError(setting: "SMTP_URL", message: message) }
        guard let components = URLComponents(string: raw), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else {
            throw fail("use smtp://user:password@host:587 (STARTTLS), smtps://…:465 or smtp+plain://host:25")
        }
        let security: Security
        let defaultPort: Int
        switch scheme {
        case "smtp": (security, defaultPort) = (.startTLS, 587)
        case "smtps": (security, defaultPort) = (.tls, 465)
        case "smtp+plain": (security, defaultPort) = (.none, 25)
        default: throw fail("the scheme must be smtp, smtps or smtp+plain (got '\(scheme)')")
        }
        guard let from = from?.trimmingCharacters(in: .whitespaces), !from.isEmpty else {
            throw ConfigError(setting: "SMTP_FROM", message: "set the sender, like 'Dogear <books@example.com>'")
        }
        // Scalars, not Characters: "\r\n" is one Character and equals neither "\r" nor "\n".
        guard !from.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
            throw ConfigError(setting: "SMTP_FROM", message: "must be one line")
        }
        var settings = SMTPSettings(
            host: host, port: components.port ?? defaultPort, security: security,
            username: components.percentEncodedUser?.removingPercentEncoding,
            password: components.percentEncodedPassword?.removingPercentEncoding, from: from, caFile: caFile)
        guard settings.fromAddress.contains("@") else {
            throw ConfigError(setting: "SMTP_FROM", message: "'\(from)' has no email address")
        }
        if settings.username?.isEmpty == true { settings.username = nil }
        return settings
    }
}
