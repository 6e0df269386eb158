import Crypto
import DogearCore
import Foundation

/// A push message's body, encrypted for one subscription as RFC 8291 says (Message Encryption for
/// Web Push), in RFC 8188's `aes128gcm` content coding: an ECDH agreement between a fresh sender
/// key and the browser's `p256dh` key, mixed with the subscription's `auth` secret, then one record
/// of AES-128-GCM. Only the browser that subscribed can read it; the push service cannot.
package enum WebPushPayload {
    /// The record size written in the header (the whole message is one record, well under it).
    package static let recordSize: UInt32 = 4096
    /// What one message may carry: 4096 less the header, the tag and the delimiter.
    package static let maxPlaintext = 3993

    package enum Failure: Error, Equatable {
        case badSubscriptionKey, badAuthSecret, tooLong
    }

    /// - Parameters:
    ///   - p256dh: the subscription's key, an uncompressed P-256 point (65 bytes).
    ///   - auth: the subscription's 16-byte secret.
    ///   - senderKey, salt: fresh for every message; given only by the tests (RFC 8291's example).
    package static func encrypt(
        _ plaintext: Data, p256dh: Data, auth: Data, senderKey: P256.KeyAgreement.PrivateKey = .init(),
        salt: Data? = nil
    ) throws -> Data {
        guard plaintext.count <= maxPlaintext else { throw Failure.tooLong }
        guard auth.count == 16 else { throw Failure.badAuthSecret }
        guard p256dh.count == 65, let receiver = try? P256.KeyAgreement.PublicKey(x963Representation: p256dh) else {
            throw Failure.badSubscriptionKey
        }
        let salt = salt ?? Data((0..<16).map { _ in UInt8.random(in: .min ... .max) })
        let senderPublic = senderKey.publicKey.x963Representation
        let shared = try senderKey.sharedSecretFromKeyAgreement(with: receiver)
        // IKM = HKDF(salt: auth, ikm: ECDH secret, info: "WebPush: info" 0 ‖ ua_public ‖ as_public, 32)
        let keyInfo = Data("WebPush: info\u{0}".utf8) + p256dh + senderPublic
        let ikm = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
        // CEK and nonce from HKDF(salt: salt, ikm: IKM) with the content coding's labels.
        let cek = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm\u{0}".utf8), outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce\u{0}".utf8), outputByteCount: 12)
        let nonceBytes = nonce.withUnsafeBytes { Data($0) }
        // The last (and only) record ends with the delimiter 2, no padding.
        let sealed = try AES.GCM.seal(plaintext + Data([2]), using: cek, nonce: AES.GCM.Nonce(data: nonceBytes))
        var body = salt
        withUnsafeBytes(of: recordSize.bigEndian) { body.append(contentsOf: $0) }
        body.append(UInt8(senderPublic.count))
        body += senderPublic
        body += sealed.ciphertext
        body += sealed.tag
        return body
    }

    /// RFC 4648 §5 without padding, as push keys and secrets travel.
    package static func base64URL(_ text: String) -> Data? {
        PushRules.base64URL(text)
    }

    package static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
