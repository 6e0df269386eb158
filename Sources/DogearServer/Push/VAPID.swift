import Crypto
import DogearServices
import Foundation
import JWTKit

/// VAPID (RFC 8292): the server signs, with its own P-256 key, a short-lived JWT naming the push
/// service's origin, and sends it with its public key; the push service checks that the key is the
/// one the subscription was made for (`applicationServerKey`).
package enum VAPID {
    struct Claims: JWTPayload {
        var aud: AudienceClaim
        var exp: ExpirationClaim
        var sub: SubjectClaim

        func verify(using algorithm: some JWTAlgorithm) throws {
            try exp.verifyNotExpired()
        }
    }

    /// How long a signature is good for (RFC 8292 allows up to 24 hours).
    static let lifetime: TimeInterval = 12 * 3600

    /// The `Authorization` header for a push to `endpoint`: `vapid t=<JWT>, k=<public key>`.
    /// `subject`: how the push service reaches the operator (`mailto:` or the server's address).
    package static func authorization(
        for endpoint: URL, key: P256.Signing.PrivateKey, subject: String, now: Date
    ) async throws -> String {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { throw URLError(.badURL) }
        let origin = "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: try ES256PrivateKey(backing: key))
        let token = try await keys.sign(
            Claims(
                aud: AudienceClaim(value: origin), exp: ExpirationClaim(value: now.addingTimeInterval(lifetime)),
                sub: SubjectClaim(value: subject)))
        return "vapid t=\(token), k=\(publicKey(key))"
    }

    /// The public key as `PushManager.subscribe` takes it: the uncompressed point, base64url.
    package static func publicKey(_ key: P256.Signing.PrivateKey) -> String {
        WebPushPayload.base64URL(key.publicKey.x963Representation)
    }
}
