import NIOConcurrencyHelpers
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A console that keeps what a command printed, so a test reads it as the operator would.
final class RecordingConsole: Console, @unchecked Sendable {
    private let lines = NIOLockedValueBox<[String]>([])
    var userInfo: [AnySendableHashable: any Sendable] = [:]
    var size: (width: Int, height: Int) { (120, 40) }

    var printed: [String] { lines.withLockedValue { $0 } }

    func input(isSecure: Bool) -> String { "" }
    func output(_ text: ConsoleText, newLine: Bool) { lines.withLockedValue { $0.append(text.description) } }
    func clear(_ type: ConsoleClear) {}
    func report(error: String, newLine: Bool) { lines.withLockedValue { $0.append(error) } }
}

extension Application {
    /// Runs `dogear user …` against this application; returns what it printed.
    @discardableResult
    func runUserCommand(_ arguments: String...) async throws -> [String] {
        try await run(UserCommand(), arguments)
    }

    /// Runs any of `dogear`'s commands (`arguments` after its name); returns what it printed.
    @discardableResult
    func run(_ command: any AnyAsyncCommand, _ arguments: [String]) async throws -> [String] {
        let console = RecordingConsole()
        var context = CommandContext(console: console, input: CommandInput(arguments: ["dogear"] + arguments))
        context.application = self
        try await command.run(using: &context)
        return console.printed
    }
}
