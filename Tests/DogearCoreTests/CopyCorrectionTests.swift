import Testing

@testable import DogearCore

@Suite("Correcting one's copy: in place, or a record of one's own")
struct CopyCorrectionTests {
    @Test(
        "only a record no one else holds and no source vouches for is changed in place",
        arguments: [
            (false, false, CopyCorrection.Target.inPlace),
            (true, false, .ownRecord),
            (false, true, .ownRecord),
            (true, true, .ownRecord),
        ])
    func target(_ othersHoldIt: Bool, _ fromSource: Bool, _ expected: CopyCorrection.Target) {
        #expect(CopyCorrection.target(othersHoldIt: othersHoldIt, fromSource: fromSource) == expected)
    }
}
