import DogearCore
import DogearServices
import DogearStore
import Foundation
import Vapor

/// `dogear catalog history [--limit N] [--record ID]`: what readers filled in or changed in the shared
/// catalog's cultural facts, newest first (who, when, which author or work, the field, old → new).
/// `dogear catalog revert CHANGE_ID`: puts that field back as it was; the revert is a line of its own.
package struct CatalogCommand: AsyncCommandGroup {
    package var help: String { "List the catalog's history of reader edits, or revert one" }
    package var commands: [String: any AnyAsyncCommand] { ["history": HistoryCommand(), "revert": RevertCommand()] }

    package struct HistoryCommand: AsyncCommand {
        package struct Signature: CommandSignature {
            package init() {}

            @Option(name: "limit", help: "How many lines (default 50)")
            package var limit: Int?
            @Option(name: "record", help: "Only this author's or work's history (its id)")
            package var record: String?
        }

        package var help: String { "What readers filled in or changed in the catalog, newest first" }

        package func run(using context: CommandContext, signature: Signature) async throws {
            let app = context.application
            try await app.prepareDatabase()
            let record = try signature.record.map { text in
                guard let id = UUID(uuidString: text) else { throw CommandFailure("--record must be an id; got \(text)") }
                return id
            }
            let limit = signature.limit ?? 50
            guard (1...10_000).contains(limit) else { throw CommandFailure("--limit must be from 1 to 10000; got \(limit)") }
            let lines = try await CatalogHistory(db: app.db, now: app.clock.now()).lines(limit: limit, recordID: record)
            if lines.isEmpty { context.console.print("no catalog edits yet") }
            for line in lines { context.console.print(CatalogCommand.format(line)) }
        }
    }

    package struct RevertCommand: AsyncCommand {
        package struct Signature: CommandSignature {
            package init() {}

            @Argument(name: "id", help: "The change's id, as history prints it")
            package var id: String
        }

        package var help: String { "Put a field back as it was before a change" }

        package func run(using context: CommandContext, signature: Signature) async throws {
            let app = context.application
            try await app.prepareDatabase()
            guard let id = UUID(uuidString: signature.id) else {
                throw CommandFailure("a change id looks like \(UUID.timeOrdered().uuidString); got \(signature.id)")
            }
            do {
                let line = try await CatalogHistory(db: app.db, now: app.clock.now()).revert(id)
                context.console.print("reverted: \(CatalogCommand.format(line))")
            } catch let error as DomainError {
                throw CommandFailure(error.message)
            }
        }
    }

    /// One line: id, time (UTC), who, kind, the record, the field, old → new.
    package static func format(_ line: CatalogHistory.Line) -> String {
        let time = ISO8601DateFormatter().string(from: line.at)
        let values = "\(line.old.map { "\"\($0)\"" } ?? "(empty)") → \(line.new.map { "\"\($0)\"" } ?? "(empty)")"
        let reverted = line.reverted ? " [reverted]" : ""
        return "\(line.id.uuidString)  \(time)  \(line.who)  \(line.kind)  \(line.record) \"\(line.recordName)\"  "
            + "\(line.field): \(values)\(reverted)"
    }
}
