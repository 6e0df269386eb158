import Testing
@testable import DogearCore
@Test func placeholder() { #expect(DogearCoreVersion.value == "0.1.0") }
