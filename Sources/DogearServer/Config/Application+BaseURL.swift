import DogearServices
import DogearStore
import Vapor

extension Application {
    private struct BaseURLKey: StorageKey {
        package typealias Value = String
    }

    /// Where readers reach this server (`DOGEAR_BASE_URL`): the start of every link that leaves it
    /// (a reset link in a mail or printed for the operator).
    package var baseURL: String {
        get { storage[BaseURLKey.self] ?? "http://127.0.0.1:8080" }
        set { storage[BaseURLKey.self] = newValue }
    }
}
