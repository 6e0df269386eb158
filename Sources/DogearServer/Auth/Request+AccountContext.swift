import DogearServices
import DogearStore
import DogearViews
import Vapor

extension Request {
    /// What the account services read from this request: its reader and token, its address and
    /// browser, the request's own database and the plain one, and the server's throttle, hasher,
    /// mailer, clock and Apple/Google sign-in.
    package func accountContext() -> AccountContext {
        AccountContext(
            db: database, plainDB: db, user: auth.get(User.self), token: auth.get(UserToken.self),
            clientAddress: clientAddress,
            userAgent: headers.first(name: .userAgent),
            now: application.clock.now(), baseURL: application.baseURL,
            resetPath: { SiteURL.resetPassword($0).path }, throttle: application.signInThrottle,
            hasher: application.passwordHasher, mailer: application.mailer, clubEvents: application.clubEvents,
            logger: logger, externalSignIn: application.externalSignIn,
            forgetSignIn: { [self] in
                auth.logout(UserToken.self)
                auth.logout(User.self)
            })
    }
}

extension AccountService {
    package init(request: Request) { self.init(context: request.accountContext()) }
}

extension SessionService {
    package init(request: Request) { self.init(context: request.accountContext()) }

    package static func requirePassword(_ password: String?, of user: User, _ request: Request) async throws {
        try await requirePassword(password, of: user, request.accountContext())
    }
}

extension ExternalSignInService {
    package init(request: Request) { self.init(context: request.accountContext()) }
}

extension AppTokenService {
    package init(request: Request) { self.init(context: request.accountContext()) }
}
