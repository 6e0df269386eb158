import FluentKit
import Foundation
import Testing

@testable import DogearStore

/// Models that list their property wrappers by hand (Fluent otherwise finds them by reflection on
/// every read and save) list every one of them: a wrapper left out would be silently neither read
/// nor written.
@Suite("Models: property lists written out match the declarations")
struct ModelPropertiesTests {
    static func check<M: Model>(_ type: M.Type) {
        let model = M()
        let listed = model.properties.map { ObjectIdentifier($0 as AnyObject) }
        let declared = Mirror(reflecting: model).children.compactMap { $0.value as? any AnyProperty }
            .map { ObjectIdentifier($0 as AnyObject) }
        #expect(listed.count == declared.count, "\(M.self): \(listed.count) listed, \(declared.count) declared")
        #expect(Set(listed) == Set(declared), "\(M.self)")
    }

    @Test("library entries, readers and their tokens")
    func written() {
        Self.check(LibraryEntry.self)
        Self.check(User.self)
        Self.check(UserToken.self)
    }
}
