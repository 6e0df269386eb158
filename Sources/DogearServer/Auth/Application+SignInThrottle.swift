import DogearCore
import DogearServices
import DogearStore
import Fluent
import Vapor

extension Application {
    private struct SignInThrottleKey: StorageKey {
        package typealias Value = SignInThrottle
    }

    package var signInThrottle: SignInThrottle {
        get {
            guard let throttle = storage[SignInThrottleKey.self] else { fatalError("configure() sets the sign-in throttle") }
            return throttle
        }
        set { storage[SignInThrottleKey.self] = newValue }
    }
}
