import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Fluent
import Vapor

/// `dogear user add EMAIL [--name NAME] [--password PASSWORD]`: an account made by the operator
/// (for imports from the command line, or a first account). Without --password one is made up and
/// printed once. `dogear user grant-premium EMAIL` and `revoke-premium EMAIL` set the account's tier
/// (it matters when `DOGEAR_TIERS` is on).
package struct UserCommand: AsyncCommand {
    package struct Signature: CommandSignature {
        package init() {}

        @Argument(name: "action", help: "add, delete, reset-link, grant-premium or revoke-premium")
        package var action: String
        @Argument(name: "email", help: "The reader's email")
        package var email: String
        @Option(name: "name", help: "Display name (default: the part of the email before @)")
        package var name: String?
        @Option(name: "password", help: "At least 8 characters (default: a random one, printed)")
        package var password: String?
    }

    package var help: String { "Add or delete a reader's account, or grant or revoke premium" }

    package func run(using context: CommandContext, signature: Signature) async throws {
        switch signature.action {
        case "add": try await add(using: context, signature: signature)
        case "delete": try await delete(using: context, email: signature.email)
        case "reset-link": try await resetLink(using: context, email: signature.email)
        case "grant-premium": try await setTier(.premium, using: context, email: signature.email)
        case "revoke-premium": try await setTier(.free, using: context, email: signature.email)
        default:
            throw CommandFailure(
                "unknown action '\(signature.action)'; use `dogear user add|delete|reset-link|grant-premium|revoke-premium EMAIL`"
            )
        }
    }

    private func delete(using context: CommandContext, email: String) async throws {
        let app = context.application
        try await app.prepareDatabase()
        let user = try await Self.account(email, on: app.db)
        let gone = try await AccountDeletion(db: app.db).delete(user)
        context.console.print(
            "deleted \(user.email): \(gone.entries) books, \(gone.lists) lists, \(gone.uploads) uploads; "
                + "\(gone.clubsHandedOn) clubs handed on, \(gone.clubsDeleted) deleted")
    }

    private func resetLink(using context: CommandContext, email: String) async throws {
        let app = context.application
        try await app.prepareDatabase()
        let user = try await Self.account(email, on: app.db)
        let link = try await PasswordResetService(
            db: app.db, now: app.clock.now(), baseURL: app.baseURL, resetPath: { SiteURL.resetPassword($0).path }
        ).makeLink(for: user)
        context.console.print("a one-time link for \(user.email), for an hour (it signs them out everywhere):")
        context.console.print(link)
    }

    package static func account(_ email: String, on db: any Database) async throws -> User {
        let key = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let user = try await User.query(on: db).filter(\.$emailKey == key).first() else {
            throw CommandFailure("no account with the email \(email)")
        }
        return user
    }

    private func setTier(_ tier: Tier, using context: CommandContext, email: String) async throws {
        let app = context.application
        try await app.prepareDatabase()
        let user = try await Self.account(email, on: app.db)
        user.tier = tier
        try await WritePipeline(db: app.db, now: app.clock.now(), clubEvents: nil).run { db, changes in
            try await user.save(on: db)
            changes.changed(.profile, try user.requireID(), of: try user.requireID())
        }
        context.console.print(
            "\(user.email) is now \(tier.rawValue)" + (app.tiersEnabled ? "" : " (tiers are off: DOGEAR_TIERS)"))
    }

    private func add(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.prepareDatabase()
        do {
            let email = try AccountService.validEmail(signature.email)
            let password = signature.password ?? [UInt8].random(count: 12).base64.replacingOccurrences(of: "/", with: "-")
            try AccountService.validatePassword(password)
            let name = try Validate.text(
                signature.name ?? String(email.split(separator: "@").first ?? ""),
                field: "name", length: Limits.displayNameLength)
            if try await User.query(on: app.db).filter(\.$emailKey == email.lowercased()).first() != nil {
                throw CommandFailure("an account with the email \(email) already exists")
            }
            let user = User(email: email, passwordHash: try await app.passwordHasher.hash(password), displayName: name)
            try await WritePipeline(db: app.db, now: app.clock.now(), clubEvents: nil).run { db, changes in
                try await user.create(on: db)
                changes.changed(.profile, try user.requireID(), of: try user.requireID())
            }
            context.console.print("added \(email)" + (signature.password == nil ? " with the password \(password)" : ""))
        } catch let error as ValidationError {
            throw CommandFailure("\(error.field): \(error.message)")
        }
    }
}
