import Crypto
import Foundation
import JWTKit
import Vapor

@testable import DogearServer

/// A push service on 127.0.0.1 and a free port, standing in for Firebase or Mozilla's autopush:
/// it keeps every push it is sent and answers 201, or what a test tells it for a path (410 for a
/// browser gone). A browser's side is `Browser`: its own key pair and secret, and the decryption.
final class PushReceiver: @unchecked Sendable {
    struct Received {
        var path: String
        var headers: HTTPHeaders
        var body: Data
    }

    private let lock = NSLock()
    private var received: [Received] = []
    private var statuses: [String: HTTPStatus] = [:]
    private let app: Application
    private(set) var baseURL = ""

    private init(app: Application) { self.app = app }

    static func start() async throws -> PushReceiver {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .error
        let receiver = PushReceiver(app: app)
        app.on(.POST, .catchall, body: .collect(maxSize: "64kb")) { request async throws -> Response in
            let body = request.body.data.map { Data($0.readableBytesView) } ?? Data()
            let status = receiver.lock.withLock { () -> HTTPStatus in
                receiver.received.append(Received(path: request.url.path, headers: request.headers, body: body))
                return receiver.statuses[request.url.path] ?? .created
            }
            return Response(status: status)
        }
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = app.http.server.shared.localAddress?.port else { throw Abort(.internalServerError) }
        receiver.baseURL = "http://127.0.0.1:\(port)"
        return receiver
    }

    func answer(_ path: String, with status: HTTPStatus) { lock.withLock { statuses[path] = status } }

    var pushes: [Received] { lock.withLock { received } }

    func shutdown() async {
        await app.server.shutdown()
        try? await app.asyncShutdown()
    }

    /// Waits (without asserting how long) until `count` pushes came or `seconds` passed.
    func wait(for count: Int, seconds: Int = 20) async throws -> [Received] {
        for _ in 0..<(seconds * 10) where pushes.count < count { try await Task.sleep(for: .milliseconds(100)) }
        return pushes
    }
}

/// A browser that subscribed: what `PushManager.subscribe` made (a P-256 key pair and a 16-byte
/// secret) and the decryption RFC 8291 asks of it, written here step by step from the RFC (HMAC
/// for each HKDF step) rather than through the server's own code.
struct Browser {
    let key = P256.KeyAgreement.PrivateKey()
    let auth = Data((0..<16).map { _ in UInt8.random(in: .min ... .max) })
    let endpoint: String

    var subscription: [String: Any] {
        [
            "endpoint": endpoint, "expirationTime": NSNull(),
            "keys": ["p256dh": Self.base64URL(key.publicKey.x963Representation), "auth": Self.base64URL(auth)],
        ]
    }

    func decrypt(_ body: Data) throws -> Data {
        let bytes = [UInt8](body)
        guard bytes.count > 21 else { throw TestFailure("a push body of \(bytes.count) bytes") }
        let salt = Data(bytes[0..<16])
        let idLength = Int(bytes[20])
        let senderPublic = Data(bytes[21..<(21 + idLength)])
        let sealed = Data(bytes[(21 + idLength)...])
        let sender = try P256.KeyAgreement.PublicKey(x963Representation: senderPublic)
        let shared = try key.sharedSecretFromKeyAgreement(with: sender).withUnsafeBytes { Data($0) }
        func hmac(_ key: Data, _ data: Data) -> Data {
            Data(HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: key)))
        }
        // RFC 8291 §3.4: PRK_key = HMAC(auth, ecdh); IKM = HMAC(PRK_key, key_info ‖ 0x01)
        let keyInfo = Data("WebPush: info\u{0}".utf8) + key.publicKey.x963Representation + senderPublic
        let ikm = hmac(hmac(auth, shared), keyInfo + Data([1]))
        // RFC 8188 §2.2: PRK = HMAC(salt, IKM); CEK and NONCE from their labels.
        let prk = hmac(salt, ikm)
        let cek = hmac(prk, Data("Content-Encoding: aes128gcm\u{0}".utf8) + Data([1])).prefix(16)
        let nonce = hmac(prk, Data("Content-Encoding: nonce\u{0}".utf8) + Data([1])).prefix(12)
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: nonce), ciphertext: sealed.dropLast(16), tag: sealed.suffix(16))
        let padded = try AES.GCM.open(box, using: SymmetricKey(data: cek))
        // The last record ends with 0x02 and no padding follows it here.
        guard padded.last == 2 else { throw TestFailure("no last-record delimiter") }
        return padded.dropLast()
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func data(base64URL text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        return Data(base64Encoded: base64)
    }
}

/// What a push service checks of a push's `Authorization: vapid t=…, k=…` (RFC 8292): `k` is the
/// key the browser subscribed with, and `t` a JWT signed by it, for this origin, not expired.
struct VAPIDClaims: JWTPayload {
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var sub: SubjectClaim

    // Checked by the test against the server's clock (the tests' clock is fixed).
    func verify(using algorithm: some JWTAlgorithm) throws {}
}

func verifyVAPID(_ header: String?, publicKey: String) async throws -> VAPIDClaims {
    guard let header, header.hasPrefix("vapid ") else { throw TestFailure("no vapid Authorization: \(header ?? "none")") }
    var parts: [String: String] = [:]
    for part in header.dropFirst(6).split(separator: ",") {
        let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
        if pair.count == 2 { parts[String(pair[0])] = String(pair[1]) }
    }
    guard parts["k"] == publicKey, let token = parts["t"], let raw = Browser.data(base64URL: publicKey) else {
        throw TestFailure("the vapid k= is not the server's public key")
    }
    let keys = JWTKeyCollection()
    await keys.add(ecdsa: try ES256PublicKey(backing: P256.Signing.PublicKey(x963Representation: raw)))
    return try await keys.verify(token, as: VAPIDClaims.self)
}
