import DogearServices
import DogearStore
import Vapor

/// `dogear export --user EMAIL --format goodreads|storygraph|json [--output FILE]`.
package struct ExportCommand: AsyncCommand {
    package struct Signature: CommandSignature {
        package init() {}

        @Option(name: "user", short: "u", help: "The email of the reader whose library to export")
        package var user: String?
        @Option(name: "format", short: "f", help: "goodreads, storygraph or json (default json)")
        package var format: String?
        @Option(name: "output", short: "o", help: "The file to write (default: standard output)")
        package var output: String?
    }

    package var help: String { "Export a reader's library as a Goodreads CSV, a StoryGraph CSV or a Dogear JSON backup" }

    package func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.prepareDatabase()
        let user = try await CommandUser.find(signature.user, on: app.db)
        guard let format = ExportService.Format(rawValue: (signature.format ?? "json").lowercased()) else {
            throw CommandFailure(
                "--format must be one of \(ExportService.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let stream: OutputStream?
        if let output = signature.output {
            stream = OutputStream(toFileAtPath: output, append: false)
        } else {
            stream = OutputStream(toFileAtPath: "/dev/stdout", append: true)
        }
        guard let stream else { throw CommandFailure("cannot write \(signature.output ?? "standard output")") }
        stream.open()
        defer { stream.close() }
        try await ExportService(db: app.db).write(for: user, format: format, to: stream)
    }
}
