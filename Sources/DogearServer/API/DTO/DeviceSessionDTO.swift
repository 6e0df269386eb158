import DogearStore
import Vapor

/// A signed-in device or app, as its reader sees it.
struct DeviceSessionDTO: Content, Equatable {
    let id: UUID
    @Nullable var userAgent: String?
    let createdAt: Date
    let lastUsedAt: Date
    /// The session this request came with ("this device").
    let current: Bool
}
