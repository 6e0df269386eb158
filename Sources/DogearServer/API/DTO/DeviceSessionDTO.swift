import DogearServices
import DogearStore
import Vapor

/// A signed-in device or app, as its reader sees it.
package struct DeviceSessionDTO: Content, Equatable {
    package let id: UUID
    @Nullable package var userAgent: String?
    package let createdAt: Date
    package let lastUsedAt: Date
    /// The session this request came with ("this device").
    package let current: Bool
}
