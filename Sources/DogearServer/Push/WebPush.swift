import AsyncHTTPClient
import Crypto
import DogearCore
import DogearServices
import DogearViews
import Fluent
import NIOConcurrencyHelpers
import Vapor

/// Web Push for this process: the VAPID key (read or made once, then kept in memory), the push
/// services it may send to, and the sender, with an HTTP client of its own for each round that has
/// something to send (no redirects: a push service answers, it never sends the server elsewhere): woken when a club's activity commits and
/// every `pause` in any case, it claims what is due (`PushOutbox`) and posts each push outside
/// any transaction; a 404 or 410 forgets that browser.
package final class WebPush: LifecycleHandler, Sendable {
    package let services: [PushService]
    let subject: String
    let configuredKey: String?
    let running: Bool
    let pause: Duration
    private let key = NIOLockedValueBox<P256.Signing.PrivateKey?>(nil)
    private let wakeUps: AsyncStream<Void>
    private let wakeUp: AsyncStream<Void>.Continuation
    private let loop = NIOLockedValueBox<Task<Void, Never>?>(nil)

    package init(services: [PushService], subject: String, configuredKey: String?, running: Bool, pause: Duration = .seconds(30))
    {
        self.services = services
        self.subject = subject
        self.configuredKey = configuredKey
        self.running = running
        self.pause = pause
        (wakeUps, wakeUp) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Something may have been told: look soon (bursts fold into one round).
    package func wake() { wakeUp.yield() }

    package func signingKey(on db: any Database, now: Date) async throws -> P256.Signing.PrivateKey {
        if let known = key.withLockedValue({ $0 }) { return known }
        let read = try await ServerKeys.vapid(configured: configuredKey, on: db, now: now)
        key.withLockedValue { $0 = read }
        return read
    }

    package struct Round: Sendable, Equatable {
        /// Notifications taken, pushed or not (to no browser, push off, too old).
        package var taken = 0
        package var sent = 0
        package var forgotten = 0
        package var failed = 0
    }

    /// One round: what is due, claimed and sent. Each browser's pushes go in order, eight browsers
    /// at a time (a slow push service holds one of them, not the round); a browser's first failure
    /// ends its round (one failure counted a round, however many pushes waited), and so does a 404
    /// or 410 (it is forgotten). The key is read before anything is claimed: a key that cannot be
    /// read must not take notifications it cannot send.
    package func runOnce(on db: any Database, now: Date, sessions: SessionLifetime, logger: Logger) async throws -> Round {
        let signing = try await signingKey(on: db, now: now)
        let outbox = PushOutbox(db: db, now: now, sessions: sessions)
        var round = Round()
        let (taken, due) = try await outbox.claim()
        round.taken = taken
        guard !due.isEmpty else { return round }
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(10))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        // Each browser with its messages, oldest first.
        var browsers: [(subscription: PushSubscriptionRecord, messages: [Data])] = []
        var index: [UUID: Int] = [:]
        for push in due {
            let body = Self.message(push.record)
            for subscription in push.subscriptions {
                if let at = index[subscription.id] {
                    browsers[at].messages.append(body)
                } else {
                    index[subscription.id] = browsers.count
                    browsers.append((subscription, [body]))
                }
            }
        }
        for group in browsers.chunked(into: Self.sendsAtOnce) {
            let outcomes = await withTaskGroup(of: (PushSubscriptionRecord, Int, Outcome).self) { tasks in
                for (subscription, messages) in group {
                    tasks.addTask {
                        var sent = 0
                        for message in messages {
                            let outcome = await self.send(
                                message, to: subscription, with: client, key: signing, now: now, logger: logger)
                            guard outcome == .sent else { return (subscription, sent, outcome) }
                            sent += 1
                        }
                        return (subscription, sent, .sent)
                    }
                }
                var outcomes: [(PushSubscriptionRecord, Int, Outcome)] = []
                for await outcome in tasks { outcomes.append(outcome) }
                return outcomes
            }
            for (subscription, sent, outcome) in outcomes {
                round.sent += sent
                do {
                    switch outcome {
                    case .sent:
                        if subscription.failures > 0 { try await outbox.delivered(subscription.id) }
                    case .gone:
                        try await outbox.forget(subscription.id)
                        round.forgotten += 1
                    case .failed:
                        round.failed += 1
                        if try await outbox.failed(subscription.id) { round.forgotten += 1 }
                    }
                } catch {
                    logger.report(error: error)
                }
            }
        }
        try? await client.shutdown()
        return round
    }

    /// Browsers sent to at once in a round.
    static let sendsAtOnce = 8

    enum Outcome: Sendable { case sent, gone, failed }

    private func send(
        _ message: Data, to subscription: PushSubscriptionRecord, with client: HTTPClient, key: P256.Signing.PrivateKey,
        now: Date, logger: Logger
    ) async -> Outcome {
        do {
            // Checked again as it is sent: the allowed services may have changed since it subscribed.
            let endpoint = try PushRules.endpoint(subscription.endpoint, services: services)
            guard let p256dh = WebPushPayload.base64URL(subscription.p256dh),
                let auth = WebPushPayload.base64URL(subscription.auth)
            else { return .gone }
            let body = try WebPushPayload.encrypt(message, p256dh: p256dh, auth: auth)
            var request = HTTPClientRequest(url: endpoint.absoluteString)
            request.method = .POST
            request.headers.add(
                name: "Authorization", value: try await VAPID.authorization(for: endpoint, key: key, subject: subject, now: now))
            request.headers.add(name: "Content-Encoding", value: "aes128gcm")
            request.headers.add(name: "Content-Type", value: "application/octet-stream")
            // A day: a phone that is off for longer reads it in the inbox.
            request.headers.add(name: "TTL", value: "86400")
            request.headers.add(name: "Urgency", value: "normal")
            request.body = .bytes(ByteBuffer(data: body))
            let response = try await client.execute(request, timeout: .seconds(15))
            _ = try? await response.body.collect(upTo: 64 * 1024)
            switch response.status.code {
            case 200..<300: return .sent
            case 404, 410: return .gone
            default:
                logger.warning("push refused", metadata: ["status": "\(response.status.code)", "host": "\(endpoint.host ?? "")"])
                return .failed
            }
        } catch let error as ValidationError {
            logger.warning("push endpoint no longer allowed", metadata: ["error": "\(error)"])
            return .gone
        } catch {
            logger.warning("push not sent", metadata: ["error": "\(error)"])
            return .failed
        }
    }

    /// What the service worker shows: the inbox's words, the comment's own only past the spoiler
    /// gate, and the page it opens.
    static func message(_ record: NotificationRecord) -> Data {
        let summary = NotificationWords.summary(
            kind: record.kind, actor: record.actor?.displayName, club: record.club?.name, title: record.title)
        let text = record.text ?? record.hiddenUntil.map { "Hidden until you reach \($0)" } ?? ""
        var message = PushMessage(
            title: Self.prefix(summary, bytes: 600), body: Self.prefix(text, bytes: 1_800),
            url: NotificationWords.path(kind: record.kind, clubID: record.club?.id), tag: record.id.uuidString)
        var data = (try? JSONEncoder().encode(message)) ?? Data()
        // Escaping can grow the words past the message's room: then they are shortened until it fits.
        while data.count > WebPushPayload.maxPlaintext, !message.body.isEmpty || !message.title.isEmpty {
            message.body = Self.prefix(message.body, bytes: message.body.utf8.count / 2)
            if message.body.isEmpty { message.title = Self.prefix(message.title, bytes: message.title.utf8.count / 2) }
            data = (try? JSONEncoder().encode(message)) ?? Data()
        }
        return data
    }

    /// At most `bytes` of UTF-8, whole characters only (one character can be many bytes: the
    /// encrypted message has a fixed room, `WebPushPayload.maxPlaintext`).
    static func prefix(_ text: String, bytes: Int) -> String {
        var used = 0
        var kept = ""
        for character in text {
            used += character.utf8.count
            if used > bytes { break }
            kept.append(character)
        }
        return kept
    }

    struct PushMessage: Codable {
        var title: String
        var body: String
        var url: String
        var tag: String
    }

    package func didBootAsync(_ application: Application) async throws {
        if running { start(application) }
    }

    /// The sender's loop, until the server stops.
    /// `wakeNow`: a first round at once (at boot, for what came while the server was down).
    package func start(_ application: Application, wakeNow: Bool = true) {
        let (db, clock, logger, wakeUps, pause) = (application.db, application.clock, application.logger, wakeUps, pause)
        let sessions = application.sessionLifetime
        let ticker = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: pause)
                self?.wake()
            }
        }
        let task = Task { [weak self] in
            for await _ in wakeUps {
                guard let self, !Task.isCancelled else { break }
                do {
                    let round = try await self.runOnce(on: db, now: clock.now(), sessions: sessions, logger: logger)
                    if round.sent + round.failed + round.forgotten > 0 {
                        logger.info("push: \(round.sent) sent, \(round.forgotten) browsers gone, \(round.failed) failed")
                    }
                    if round.taken > 0 { self.wake() }
                } catch {
                    logger.report(error: error)
                }
            }
            ticker.cancel()
        }
        loop.withLockedValue { $0 = task }
        if wakeNow { wake() }
    }

    package func shutdownAsync(_ application: Application) async {
        wakeUp.finish()
        let task = loop.withLockedValue { $0 }
        task?.cancel()
        await task?.value
    }
}

extension Application {
    private struct WebPushKey: StorageKey { typealias Value = WebPush }

    package var webPush: WebPush? {
        get { storage[WebPushKey.self] }
        set { storage[WebPushKey.self] = newValue }
    }
}
