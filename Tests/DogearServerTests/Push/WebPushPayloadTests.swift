import Crypto
import Foundation
import Testing

@testable import DogearServices

@Suite("Web Push: a message encrypted as RFC 8291 says")
struct WebPushPayloadTests {
    /// RFC 8291 §5 (Appendix A): the application server's key, the browser's key and secret, the
    /// salt, and the body the RFC gives for "When I grow up, I want to be a watermelon".
    @Test("the RFC's own example, byte for byte")
    func rfcExample() throws {
        let sender = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: try #require(WebPushPayload.base64URL("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")))
        #expect(
            WebPushPayload.base64URL(sender.publicKey.x963Representation)
                == "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
        let body = try WebPushPayload.encrypt(
            Data("When I grow up, I want to be a watermelon".utf8),
            p256dh: try #require(
                WebPushPayload.base64URL(
                    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")),
            auth: try #require(WebPushPayload.base64URL("BTBZMqHH6r4Tts7J_aSIgg")), senderKey: sender,
            salt: try #require(WebPushPayload.base64URL("DGv6ra1nlYgDCS1FRnbzlw")))
        #expect(
            WebPushPayload.base64URL(body)
                == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        )
    }

    @Test("a bad key, a bad secret and a too long message are refused")
    func refusals() {
        let key = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
        #expect(throws: WebPushPayload.Failure.badSubscriptionKey) {
            try WebPushPayload.encrypt(Data("x".utf8), p256dh: Data(repeating: 4, count: 65), auth: Data(count: 16))
        }
        #expect(throws: WebPushPayload.Failure.badAuthSecret) {
            try WebPushPayload.encrypt(Data("x".utf8), p256dh: key, auth: Data(count: 3))
        }
        #expect(throws: WebPushPayload.Failure.tooLong) {
            try WebPushPayload.encrypt(Data(count: 4000), p256dh: key, auth: Data(count: 16))
        }
    }
}
