import Foundation

/// Real recorded files: the full set in `../shared/fixtures` beside the repository when it is there,
/// else the representative subset kept in `Tests/Fixtures`, so a clone alone runs every test.
/// `DOGEAR_FIXTURES_DIR` points them anywhere else.
public enum SharedFixtures {
    public static let directory: URL? = {
        if let override = ProcessInfo.processInfo.environment["DOGEAR_FIXTURES_DIR"] {
            return URL(fileURLWithPath: override)
        }
        // Tests/DogearTestSupport/Fixtures.swift → Tests → the repository → its parent → shared/fixtures
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let shared = tests.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/fixtures")
        if FileManager.default.fileExists(atPath: shared.path) { return shared }
        let kept = tests.appendingPathComponent("Fixtures")
        return FileManager.default.fileExists(atPath: kept.path) ? kept : nil
    }()

    public static var available: Bool { directory != nil }

    public static func data(_ relativePath: String) -> Data? {
        guard let directory else { return nil }
        return try? Data(contentsOf: directory.appendingPathComponent(relativePath))
    }
}
