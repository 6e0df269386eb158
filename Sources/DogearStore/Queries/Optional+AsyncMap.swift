extension Optional {
    /// `map` with an asynchronous transform (a row read for an optional id).
    package func asyncMap<U>(_ transform: (Wrapped) async throws -> U) async rethrows -> U? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
