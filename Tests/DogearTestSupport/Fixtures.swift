import Foundation

/// The real recorded files in `../shared/fixtures` (beside the repository), when that folder is
/// there. Tests that use them are skipped, not failed, when it is absent.
public enum SharedFixtures {
    public static let directory: URL? = {
        if let override = ProcessInfo.processInfo.environment["DOGEAR_FIXTURES_DIR"] {
            return URL(fileURLWithPath: override)
        }
        // Tests/DogearTestSupport/Fixtures.swift → the repository → its parent → shared/fixtures
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidate = repository.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
    }()

    public static var available: Bool { directory != nil }

    public static func data(_ relativePath: String) -> Data? {
        guard let directory else { return nil }
        return try? Data(contentsOf: directory.appendingPathComponent(relativePath))
    }
}
