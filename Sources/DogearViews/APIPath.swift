import Foundation

/// The API's paths the web app's scripts call: what a form logged offline becomes when it is sent
/// through the batch (`data-offline` on the form), and the push subscription's routes. Pages link
/// with `SiteURL`; these are the only API paths a view writes.
public enum APIPath: Equatable, Sendable {
    case batch
    case entryProgress(UUID)
    case entryNotes(UUID)
    case pushKey
    case pushSubscriptions

    public var path: String {
        switch self {
        case .batch: return "/api/v1/batch"
        case .entryProgress(let id): return "/api/v1/library/\(id.uuidString.lowercased())/progress"
        case .entryNotes(let id): return "/api/v1/library/\(id.uuidString.lowercased())/notes"
        case .pushKey: return "/api/v1/push/key"
        case .pushSubscriptions: return "/api/v1/push/subscriptions"
        }
    }
}
