import DogearCore
import Foundation

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// What a service call was refused with: a `DomainError`'s code, `invalid:<field>` for a broken
/// rule, nil when it went through — so a test states the outcome in one line.
func refusal(_ body: () async throws -> Void) async -> String? {
    do {
        try await body()
        return nil
    } catch let error as DomainError {
        return error.code.rawValue
    } catch let error as ValidationError {
        return "invalid:\(error.field)"
    } catch {
        return "\(error)"
    }
}

/// Random draws that spell "AAAAAA" for the first share code and "BBBBBB" for every one after.
struct TwoCodes: RandomNumberGenerator {
    var index = 0
    mutating func next() -> UInt64 {
        defer { index += 1 }
        return index < 6 ? 0 : UInt64.max / 32 + 1
    }
}
