import DogearServices
import DogearStore
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// One plain-text mail.

package struct SMTPError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// A small SMTP client on SwiftNIO (RFC 5321): EHLO, STARTTLS (RFC 3207) or TLS from the start,
/// AUTH PLAIN (RFC 4616), one mail, QUIT. No SMTP library is in the package mirror, and Dogear only
/// ever sends a short text mail to one address, so this is all of it.
package struct SMTPClient: Sendable {
    package let settings: SMTPSettings
    package let group: any EventLoopGroup
    /// The whole conversation must end within this; a server that stops answering is given up on.
    package var timeLimit: TimeAmount = .seconds(60)
    /// The name this machine gives itself in EHLO.
    package var heloName = "dogear.localhost"

    package func send(_ message: MailMessage, date: Date) async throws {
        let replies = SMTPReplyHandler()
        let tls = try makeTLSContext()
        let settings = self.settings
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if settings.security == .tls {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: tls, serverHostname: Self.sniName(settings.host)))
                    }
                    try channel.pipeline.syncOperations.addHandler(replies)
                }
            }
            .connect(host: settings.host, port: settings.port).get()
        let timer = channel.eventLoop.scheduleTask(in: timeLimit) { channel.close(promise: nil) }
        defer {
            timer.cancel()
            channel.close(promise: nil)
        }
        let conversation = Conversation(channel: channel, replies: replies)
        try await conversation.expect(220, name: "the greeting")
        var ehlo = try await conversation.command("EHLO \(heloName)", expect: 250)
        if settings.security == .startTLS {
            guard ehlo.offers("STARTTLS") else {
                throw SMTPError(
                    "\(settings.host) does not offer STARTTLS; use smtps:// or, for a relay on this machine, smtp+plain://")
            }
            try await conversation.command("STARTTLS", expect: 220)
            let handler = try NIOSSLClientHandler(context: tls, serverHostname: Self.sniName(settings.host))
            try await channel.pipeline.addHandler(handler, position: .first).get()
            ehlo = try await conversation.command("EHLO \(heloName)", expect: 250)
        }
        if let username = settings.username {
            let secret = Data(("\0" + username + "\0" + (settings.password ?? "")).utf8).base64EncodedString()
            try await conversation.command("AUTH PLAIN \(secret)", expect: 235, name: "AUTH PLAIN")
        }
        try await conversation.command("MAIL FROM:<\(settings.fromAddress)>", expect: 250)
        try await conversation.command("RCPT TO:<\(message.to)>", expect: 250, 251)
        try await conversation.command("DATA", expect: 354)
        try await conversation.command(
            Self.data(message, from: settings.fromAddress, fromHeader: settings.from, date: date), expect: 250,
            name: "the message")
        _ = try? await conversation.command("QUIT", expect: 221)
    }

    private func makeTLSContext() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let caFile = settings.caFile { configuration.trustRoots = .file(caFile) }
        return try NIOSSLContext(configuration: configuration)
    }

    /// SNI takes names only; for an address the certificate is still checked, by address.
    package static func sniName(_ host: String) -> String? {
        host.contains(where: { $0 == ":" }) || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
    }

    /// The message as DATA sends it: headers, CRLF line ends, dot-stuffed, ending with a lone dot.
    package static func data(_ message: MailMessage, from address: String, fromHeader: String, date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        let domain = address.split(separator: "@").last.map(String.init) ?? "dogear.localhost"
        var headers = [
            "From: \(fromHeader)",
            "To: <\(message.to)>",
            "Subject: \(encodedHeader(message.subject))",
            "Date: \(formatter.string(from: date))",
            "Message-ID: <\(UUID.timeOrdered().uuidString.lowercased())@\(domain)>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
        ]
        if let url = message.unsubscribeURL, !url.contains(where: { $0.isNewline }) {
            headers += ["List-Unsubscribe: <\(url)>", "List-Unsubscribe-Post: List-Unsubscribe=One-Click"]
        }
        // Base64 keeps any text (a display name in another script) 7-bit clean for every server.
        let body = Data(
            message.body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n").utf8
        )
        .base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        let lines = headers + [""] + body.components(separatedBy: "\r\n")
        // Dot-stuffing (RFC 5321 §4.5.2); base64 never starts a line with a dot, headers might.
        return lines.map { $0.hasPrefix(".") ? "." + $0 : $0 }.joined(separator: "\r\n") + "\r\n."
    }

    /// A header value in ASCII as it is, else as an RFC 2047 encoded word.
    package static func encodedHeader(_ text: String) -> String {
        let clean = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        if clean.allSatisfy({ $0.isASCII }) { return clean }
        return "=?utf-8?B?\(Data(clean.utf8).base64EncodedString())?="
    }
}

/// A reply: its code and its lines' text (after the code).
package struct SMTPReply: Sendable {
    package let code: Int
    package let lines: [String]

    /// Whether an EHLO reply names this extension.
    package func offers(_ keyword: String) -> Bool {
        lines.contains { $0.uppercased() == keyword || $0.uppercased().hasPrefix(keyword + " ") }
    }
}

/// Sends commands and waits for their replies.
private struct Conversation {
    package let channel: any Channel
    package let replies: SMTPReplyHandler

    package func expect(_ codes: Int..., name: String) async throws {
        _ = try await next(codes, name: name)
    }

    @discardableResult
    package func command(_ line: String, expect codes: Int..., name: String? = nil) async throws -> SMTPReply {
        var buffer = channel.allocator.buffer(capacity: line.utf8.count + 2)
        buffer.writeString(line + "\r\n")
        try await channel.writeAndFlush(buffer).get()
        return try await next(codes, name: name ?? String(line.prefix(while: { $0 != " " && $0 != ":" })))
    }

    private func next(_ codes: [Int], name: String) async throws -> SMTPReply {
        let handler = replies
        let reply = try await channel.eventLoop.flatSubmit { handler.next(on: channel.eventLoop) }.get()
        guard codes.contains(reply.code) else {
            throw SMTPError("the server answered \(name) with \(reply.code) \(reply.lines.joined(separator: " "))")
        }
        return reply
    }
}

/// Gathers reply lines into replies (`250-…` continues, `250 …` ends one) and hands each to the
/// command waiting for it. Lives on the channel's event loop.
private final class SMTPReplyHandler: ChannelInboundHandler, @unchecked Sendable {
    package typealias InboundIn = ByteBuffer

    private var pending = ""
    private var lines: [String] = []
    private var ready: [SMTPReply] = []
    private var waiting: [EventLoopPromise<SMTPReply>] = []
    private var failure: (any Error)?

    package func next(on eventLoop: any EventLoop) -> EventLoopFuture<SMTPReply> {
        if !ready.isEmpty { return eventLoop.makeSucceededFuture(ready.removeFirst()) }
        if let failure { return eventLoop.makeFailedFuture(failure) }
        let promise = eventLoop.makePromise(of: SMTPReply.self)
        waiting.append(promise)
        return promise.futureResult
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        pending += buffer.readString(length: buffer.readableBytes) ?? ""
        while let end = pending.range(of: "\r\n") ?? pending.range(of: "\n") {
            let line = String(pending[..<end.lowerBound])
            pending.removeSubrange(..<end.upperBound)
            take(line)
        }
    }

    private func take(_ line: String) {
        let characters = Array(line)
        guard characters.count >= 3, let code = Int(String(characters[0..<3])) else {
            fail(SMTPError("the server said something that is not SMTP: \(line.prefix(80))"))
            return
        }
        lines.append(characters.count > 4 ? String(characters[4...]) : "")
        if characters.count > 3 && characters[3] == "-" { return }
        let reply = SMTPReply(code: code, lines: lines)
        lines = []
        if waiting.isEmpty { ready.append(reply) } else { waiting.removeFirst().succeed(reply) }
    }

    private func fail(_ error: any Error) {
        failure = failure ?? error
        let promises = waiting
        waiting = []
        for promise in promises { promise.fail(error) }
    }

    package func channelInactive(context: ChannelHandlerContext) {
        fail(SMTPError("the server closed the connection"))
        context.fireChannelInactive()
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error)
        context.close(promise: nil)
    }
}
