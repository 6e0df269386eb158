import DogearBench
import DogearServer
import Foundation
import Logging
import Vapor

/// `dogear serve` (the default), `dogear migrate`, Vapor's other commands, and `dogear bench`.
@main
enum Entrypoint {
    static func main() async throws {
        var env = try Environment.detect()
        try DogearLogging.bootstrap(from: &env)
        let app = try await Application.make(env)
        do {
            let config = try DogearConfig.fromEnvironment()
            try await configure(app, config: config)
            BenchCommand.register(app, config: config)
            try await app.execute()
        } catch {
            // The message was said (logged); a rethrow would end in a crash report with a backtrace.
            app.logger.report(error: error)
            try? await app.asyncShutdown()
            exit(1)
        }
        try await app.asyncShutdown()
    }
}
