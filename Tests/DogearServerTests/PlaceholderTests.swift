import Testing
import VaporTesting
@testable import DogearServer
@Test func placeholder() { #expect(Bool(true)) }
