import DogearBench
import DogearServer
import Foundation
import Logging
import NIOCore
import Vapor

/// `dogear serve` (the default), `dogear migrate`, Vapor's other commands, and `dogear bench`.
@main
enum Entrypoint {
    static func main() async throws {
        // The server's tasks run on NIO's event loops rather than on a pool of their own: a
        // request's handler then continues on the thread its database answers and its socket live
        // on, instead of hopping between two sets of threads at every `await`. Nothing here blocks
        // a loop with `.wait()`. Measured with `bench http`: every route served 15-60% more. Only
        // for `serve`: a command's long work (`bench import` measured 8% slower) is better spread
        // over the default pool.
        if Self.command(in: CommandLine.arguments) == "serve" {
            _ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
        // SQLite runs every statement on this pool's threads, and a statement waiting for the write
        // lock waits on its thread (SQLiteNIO's busy handler retries there). A write group's
        // connection must always find a thread while the two reading connections wait: with two
        // threads (one a core here) both could wait on the group while the group waited for a
        // thread, and the server stopped (seen under `bench http`). Four at least; the variable
        // NIO reads still decides when it is set.
        if ProcessInfo.processInfo.environment["NIO_SINGLETON_BLOCKING_POOL_THREAD_COUNT"] == nil {
            NIOSingletons.blockingPoolThreadCountSuggestion = max(4, System.coreCount)
        }
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

    /// The command `dogear` was asked for: the first argument that is neither an option nor
    /// `--env`'s value; `serve` when there is none (Vapor's default).
    static func command(in arguments: [String]) -> String {
        var rest = arguments.dropFirst()[...]
        while let argument = rest.first {
            rest = rest.dropFirst()
            if argument == "--env" || argument == "-e" {
                rest = rest.dropFirst()
            } else if !argument.hasPrefix("-") {
                return argument
            }
        }
        return "serve"
    }
}
