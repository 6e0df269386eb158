import DogearServices
import DogearStore
import Vapor

extension Application {
    private struct TrustedProxiesKey: StorageKey { typealias Value = Set<String> }

    /// Addresses of the proxies in front of Dogear (`DOGEAR_TRUSTED_PROXIES`): only their
    /// `X-Forwarded-For`, `Forwarded` and `X-Forwarded-Proto` are believed.
    package var trustedProxies: Set<String> {
        get { storage[TrustedProxiesKey.self] ?? [] }
        set { storage[TrustedProxiesKey.self] = newValue }
    }
}

extension Request {
    /// The address of the client the request came from, for limits kept per address. The peer's own
    /// address, unless the peer is a trusted proxy: then the nearest address the proxies forwarded
    /// for that is not itself a trusted proxy (read right to left, as each proxy appends the one it
    /// heard from). From anyone else the headers are ignored: a client could type them.
    ///
    /// Behind a proxy that is not named, every reader shares the proxy's address, and one address's
    /// lock would stand for all of them; so an address's lock only slows wrong guesses (it never
    /// refuses the right password: `AccountService.signIn`).
    package var clientAddress: String? {
        let peer = remoteAddress?.ipAddress
        let trusted = application.trustedProxies
        guard let peer, trusted.contains(peer) else { return peer }
        let forwarded = Self.forwardedFor(headers)
        return forwarded.last(where: { !trusted.contains($0) }) ?? forwarded.first ?? peer
    }

    /// Every address in `Forwarded: for=…` or, without it, in `X-Forwarded-For`, in header order.
    package static func forwardedFor(_ headers: HTTPHeaders) -> [String] {
        let standard = headers[.forwarded].flatMap { $0.split(separator: ",") }.compactMap { element -> String? in
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, parts[0].lowercased() == "for" else { continue }
                return address(from: parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            }
            return nil
        }
        if !standard.isEmpty { return standard }
        return headers["X-Forwarded-For"].flatMap { $0.split(separator: ",") }
            .map { address(from: $0.trimmingCharacters(in: .whitespaces)) }.filter { !$0.isEmpty }
    }

    /// `[2001:db8::1]:4711` → `2001:db8::1`, `192.0.2.1:80` → `192.0.2.1`, others as they are.
    private static func address(from value: String) -> String {
        if value.hasPrefix("["), let end = value.firstIndex(of: "]") {
            return String(value[value.index(after: value.startIndex)..<end])
        }
        if value.filter({ $0 == ":" }).count == 1, let colon = value.firstIndex(of: ":") {
            return String(value[..<colon])
        }
        return value
    }
}
