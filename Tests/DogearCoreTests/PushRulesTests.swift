import DogearCore
import Foundation
import Testing

@Suite("Push rules: which push services the server posts to, and what a subscription's keys must be")
struct PushRulesTests {
    @Test(
        "the browsers' push services over HTTPS, with their subdomains; nothing else",
        arguments: [
            ("https://fcm.googleapis.com/fcm/send/abc:APA91b", true),
            ("https://updates.push.services.mozilla.com/wpush/v2/gAAAA", true),
            ("https://wns2-par02p.notify.windows.com/w/?token=BQYAAA", true),
            ("https://web.push.apple.com/QGx0", true),
            ("http://fcm.googleapis.com/fcm/send/abc", false),
            ("https://fcm.googleapis.com.evil.example/x", false),
            ("https://evilfcm.googleapis.com.example/x", false),
            ("https://notfcm.googleapis.com/x", false),
            ("https://127.0.0.1/x", false),
            ("https://localhost/x", false),
            ("https://user@fcm.googleapis.com/x", false),
            ("https://fcm.googleapis.com/a b", false),
            ("fcm.googleapis.com/x", false),
            ("https://fcm.googleapis.com:443/fcm/send/abc", true),
            ("https://fcm.googleapis.com:81/fcm/send/abc", false),
            ("https://127.0.0.1%00.fcm.googleapis.com/x", false),
            ("https://evil%2Fx.fcm.googleapis.com/x", false),
        ])
    func browsers(endpoint: String, taken: Bool) {
        let allowed = (try? PushRules.endpoint(endpoint, services: PushService.browsers)) != nil
        #expect(allowed == taken, "\(endpoint)")
    }

    @Test("an escaped host is refused by the host rule itself (Foundation reads it as a host)")
    func escapedHosts() {
        for endpoint in ["https://127.0.0.1%00.fcm.googleapis.com/x", "https://evil%2Fx.fcm.googleapis.com/x"] {
            // The premise: the URL parses, with the escape decoded into its host.
            #expect(URL(string: endpoint)?.host?.hasSuffix(".fcm.googleapis.com") == true, "\(endpoint)")
            #expect(throws: ValidationError(field: "endpoint", "must be the push service's URL (as the browser gave it)")) {
                try PushRules.endpoint(endpoint, services: PushService.browsers)
            }
        }
    }

    @Test("a push service on this machine is named with http:// and its port, and takes only that port")
    func local() throws {
        let local = try #require(PushService(setting: "http://127.0.0.1:8123"))
        #expect(throws: Never.self) { try PushRules.endpoint("http://127.0.0.1:8123/push/1", services: [local]) }
        for endpoint in ["http://127.0.0.1:8124/push/1", "https://127.0.0.1:8123/push/1", "http://127.0.0.2:8123/push/1"] {
            #expect(throws: ValidationError.self) { try PushRules.endpoint(endpoint, services: [local]) }
        }
        #expect(PushService(setting: "http://127.0.0.1") == nil, "a port must be named")
        #expect(PushService(setting: "push example") == nil)
        #expect(PushService(setting: "push.example.org") == PushService(host: "push.example.org"))
    }

    @Test("keys: a 65-byte uncompressed point and a 16-byte secret, base64url with or without padding")
    func keys() throws {
        let point = Data([4] + [UInt8](repeating: 1, count: 64))
        let secret = Data(repeating: 9, count: 16)
        func base64URL(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        let keys = try PushRules.keys(p256dh: base64URL(point), auth: base64URL(secret).replacingOccurrences(of: "=", with: ""))
        #expect(keys.p256dh == point && keys.auth == secret)
        #expect(throws: ValidationError(field: "keys.p256dh", "must be the subscription's P-256 key, base64url (65 bytes)")) {
            try PushRules.keys(p256dh: base64URL(Data([2] + [UInt8](repeating: 1, count: 64))), auth: base64URL(secret))
        }
        #expect(throws: ValidationError.self) { try PushRules.keys(p256dh: base64URL(point), auth: base64URL(Data(count: 8))) }
        #expect(throws: ValidationError.self) { try PushRules.keys(p256dh: "not base64!", auth: base64URL(secret)) }
    }
}
