import Foundation

/// Every page's address, typed, so a link cannot point at a page that does not exist.
public enum SiteURL: Equatable, Sendable {
    case home, signIn, signUp, signOut, library, add, importFile, export, profile
    case book(UUID), editBook(UUID), deleteBook(UUID), bookProgress(UUID), bookStatus(UUID)
    case importJob(UUID), runImport(UUID), exportFile(String)

    public var path: String {
        switch self {
        case .home: return "/"
        case .signIn: return "/signin"
        case .signUp: return "/signup"
        case .signOut: return "/signout"
        case .library: return "/library"
        case .add: return "/add"
        case .importFile: return "/import"
        case .export: return "/export"
        case .profile: return "/profile"
        case .book(let id): return "/books/\(id.uuidString)"
        case .editBook(let id): return "/books/\(id.uuidString)/edit"
        case .deleteBook(let id): return "/books/\(id.uuidString)/delete"
        case .bookProgress(let id): return "/books/\(id.uuidString)/progress"
        case .bookStatus(let id): return "/books/\(id.uuidString)/status"
        case .importJob(let id): return "/import/\(id.uuidString)"
        case .runImport(let id): return "/import/\(id.uuidString)/run"
        case .exportFile(let format): return "/export/\(format)"
        }
    }
}
