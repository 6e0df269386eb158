import DogearCore
import DogearServices
import DogearStore
import Vapor

/// Who is asking, in the terms of Core's access rules for devices and feeds: the route groups
/// already hold tokens to their scopes (`TokenScopeMiddleware`); the handlers ask the rule too, so
/// a route put in the wrong group still refuses what the table refuses.
extension Request {
    /// The app token's scopes; nil for a session.
    var tokenScopes: Set<TokenScope>? { auth.get(UserToken.self)?.scopeSet }

    func requireDeviceAccess(_ action: DeviceAccess.Action) throws {
        let caller: DeviceAccess.Caller = tokenScopes.map { .appToken($0) } ?? .session
        try Self.refuse(DeviceAccess.decide(caller: caller, action: action, isOwner: true))
    }

    func requireFeedAccess(_ action: FeedAccess.Action) throws {
        let caller: FeedAccess.Caller = tokenScopes.map { .appToken($0) } ?? .session
        switch FeedAccess.decide(caller: caller, action: action) {
        case .allow: return
        case .notFound: throw DomainError.notFound(.feedNotFound, "no such feed")
        case .insufficientScope:
            throw DomainError(.forbidden, code: .insufficientScope, "an app's token cannot see or change the feeds' addresses")
        case .unauthorized: throw DomainError.notAuthenticated
        }
    }

    private static func refuse(_ decision: DeviceAccess.Decision) throws {
        switch decision {
        case .allow: return
        case .notFound: throw DeviceDocumentService.documentNotFound
        case .insufficientScope:
            throw DomainError(
                .forbidden, code: .insufficientScope, "this token's scopes do not reach device logins or this change")
        case .unauthorized: throw DomainError.notAuthenticated
        }
    }
}

extension Request {
    func requireNotificationAccess(_ action: NotificationAccess.Action) throws {
        let caller: NotificationAccess.Caller = tokenScopes.map { .appToken($0) } ?? .session
        switch NotificationAccess.decide(caller, action) {
        case .allow: return
        case .unauthorized: throw DomainError.notAuthenticated
        case .insufficientScope:
            throw DomainError(.forbidden, code: .insufficientScope, "this token may read your notifications, not change them")
        }
    }
}
