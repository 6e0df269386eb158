import Foundation
import Testing

@testable import DogearCore

@Suite("Notifications: who is told of what, who may read and change them, and @mentions")
struct NotificationRulesTests {
    let ann = UUID()
    let bob = UUID()
    let cat = UUID()
    let dan = UUID()

    @Test("a comment tells the author it answers (a reply), then each member it names (a mention), never its writer, each once")
    func commentRecipients() {
        let members: Set = [ann, bob, cat]
        let told = NotificationRules.commentRecipients(
            writer: bob, repliedTo: ann, mentioned: [cat, ann, bob, dan], members: members)
        #expect(told.map(\.reader) == [ann, cat])
        #expect(told.map(\.kind) == [.reply, .mention])
        // Answering your own comment tells nobody; a reader who left hears nothing.
        #expect(NotificationRules.commentRecipients(writer: ann, repliedTo: ann, mentioned: [], members: members).isEmpty)
        #expect(NotificationRules.commentRecipients(writer: ann, repliedTo: dan, mentioned: [dan], members: members).isEmpty)
        #expect(NotificationRules.clubRecipients(actor: ann, members: [ann, bob, bob, cat]) == [bob, cat])
        // Naming the whole club: the first twenty only.
        let many = (0..<30).map { _ in UUID() }
        let flood = NotificationRules.commentRecipients(writer: ann, repliedTo: nil, mentioned: many, members: Set(many))
        #expect(flood.map(\.reader) == Array(many.prefix(NotificationRules.mentionsPerComment)))
    }

    @Test(
        "the reader's own, for a session and an app's token: a read-only token reads, a write token changes, nobody else",
        arguments: [
            (NotificationAccess.Caller.session, NotificationAccess.Action.list, NotificationAccess.Decision.allow),
            (.session, .markRead, .allow), (.session, .changeSettings, .allow), (.session, .subscribePush, .allow),
            (.appToken([.read]), .list, .allow), (.appToken([.read]), .readSettings, .allow),
            (.appToken([.read]), .markRead, .insufficientScope), (.appToken([.read]), .changeSettings, .insufficientScope),
            (.appToken([.read]), .subscribePush, .insufficientScope), (.appToken([.read]), .unsubscribePush, .insufficientScope),
            (.appToken([.read, .write]), .markRead, .allow), (.appToken([.read, .write]), .subscribePush, .allow),
            (.appToken([]), .list, .insufficientScope), (.anonymous, .list, .unauthorized),
            (.anonymous, .markRead, .unauthorized),
        ])
    func access(caller: NotificationAccess.Caller, action: NotificationAccess.Action, decision: NotificationAccess.Decision) {
        #expect(NotificationAccess.decide(caller, action) == decision)
    }

    @Test("every caller and action has a cell: only the anonymous are refused as such")
    func matrix() {
        for action in NotificationAccess.Action.allCases {
            #expect(NotificationAccess.decide(.session, action) == .allow)
            #expect(NotificationAccess.decide(.anonymous, action) == .unauthorized)
            let reads = action == .list || action == .readSettings
            #expect(NotificationAccess.decide(.appToken([.read]), action) == (reads ? .allow : .insufficientScope))
        }
    }

    @Test("@mentions: the longest member's name, any case, at a word's start and end; an address or a shared name is nobody")
    func mentions() {
        let members = [(id: ann, name: "Ann"), (id: bob, name: "Ann Marie"), (id: cat, name: "Cat"), (id: dan, name: "Cat")]
        #expect(Mentions.find(in: "@ann marie, what did you think?", among: members) == [bob])
        #expect(Mentions.find(in: "Thanks @Ann! And @ANN again", among: members) == [ann])
        #expect(Mentions.find(in: "mail ann@example.com or @Annabel", among: members).isEmpty)
        #expect(Mentions.find(in: "@Cat, which Cat?", among: members).isEmpty)
        #expect(Mentions.find(in: "(@Ann) and @Ann Marie.", among: members) == [ann, bob])
    }

    @Test("a reminder for yes and maybe, within the day before the start; a warning within two days of a milestone while behind")
    func timing() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(NotificationRules.remind(answer: .yes, startsAt: start, now: start.addingTimeInterval(-3600)))
        #expect(NotificationRules.remind(answer: .maybe, startsAt: start, now: start.addingTimeInterval(-86_400)))
        #expect(!NotificationRules.remind(answer: .yes, startsAt: start, now: start.addingTimeInterval(-86_401)))
        #expect(!NotificationRules.remind(answer: .no, startsAt: start, now: start.addingTimeInterval(-3600)))
        #expect(!NotificationRules.remind(answer: nil, startsAt: start, now: start.addingTimeInterval(-3600)))
        #expect(!NotificationRules.remind(answer: .yes, startsAt: start, now: start))
        let due = LocalDate("2026-12-04")!
        #expect(
            NotificationRules.warnBehind(reached: 0.2, needed: 0.4, due: due, today: LocalDate("2026-12-02")!, finished: false))
        #expect(NotificationRules.warnBehind(reached: nil, needed: 0.4, due: due, today: due, finished: false))
        #expect(
            !NotificationRules.warnBehind(reached: 0.2, needed: 0.4, due: due, today: LocalDate("2026-12-01")!, finished: false))
        #expect(
            !NotificationRules.warnBehind(reached: 0.2, needed: 0.4, due: due, today: LocalDate("2026-12-05")!, finished: false))
        #expect(!NotificationRules.warnBehind(reached: 0.4, needed: 0.4, due: due, today: due, finished: false))
        #expect(!NotificationRules.warnBehind(reached: 0.1, needed: 0.4, due: due, today: due, finished: true))
    }
}
