import DogearCore
import DogearServices
import DogearStore
import Fluent
import Vapor

extension Application {
    private struct CodeGuessThrottleKey: StorageKey { typealias Value = CodeGuessThrottle }

    package var codeGuessThrottle: CodeGuessThrottle {
        get {
            guard let throttle = storage[CodeGuessThrottleKey.self] else { fatalError("configure() sets the code throttle") }
            return throttle
        }
        set { storage[CodeGuessThrottleKey.self] = newValue }
    }
}

extension Request {
    package func codeGuesses() throws -> CodeGuesses {
        CodeGuesses(
            throttle: application.codeGuessThrottle, reader: try currentUserID(), address: clientAddress,
            now: application.clock.now().timeIntervalSince1970, db: db)
    }
}
