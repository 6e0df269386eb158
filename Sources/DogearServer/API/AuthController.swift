import DogearServices
import DogearStore
import Vapor

/// /api/v1/auth and /api/v1/me.
package struct AuthController {
    package func signUp(req: Request) async throws -> Response {
        let body = try req.content.decode(SignUpRequest.self)
        let result = try await AccountService(request: req).signUp(body.input)
        return try await AuthResponse(try await result).encodeResponse(status: .created, for: req)
    }

    package func signIn(req: Request) async throws -> AuthResponse {
        AuthResponse(try await AccountService(request: req).signIn(try req.content.decode(SignInRequest.self).input))
    }

    /// Always 202 with the same words, whether or not the address has an account.
    package func askPasswordReset(req: Request) async throws -> Response {
        let body = try req.content.decode(PasswordResetAskRequest.self)
        try await AccountService(request: req).askPasswordReset(email: body.email ?? "")
        return try await PasswordResetAnswer().encodeResponse(status: .accepted, for: req)
    }

    package func resetPassword(req: Request) async throws -> HTTPStatus {
        let body = try req.content.decode(PasswordResetConfirmRequest.self)
        _ = try await req.passwordResets().reset(
            token: body.token ?? "", newPassword: body.newPassword ?? "", hasher: req.application.passwordHasher)
        return .noContent
    }

    package func nonce(req: Request) async throws -> Response {
        // With no provider set up a nonce serves nothing: no row is written for it.
        guard !req.application.identityProviders.isEmpty else {
            throw DomainError.notFound(.providerNotConfigured, "Sign in with Apple or Google is not set up on this server")
        }
        let issued = try await ExternalSignInService(request: req).issueNonce()
        return try await NonceDTO(nonce: issued.nonce, expiresAt: issued.expiresAt).encodeResponse(status: .created, for: req)
    }

    package func apple(req: Request) async throws -> Response { try await providerSignIn(.apple, req) }
    package func google(req: Request) async throws -> Response { try await providerSignIn(.google, req) }

    /// 200 with a session (201 when the account was just made), or 409 `linkNeedsPassword` with a
    /// `linkToken` when the email belongs to an account not yet linked to this identity.
    private func providerSignIn(_ name: IdentityProvider.Name, _ req: Request) async throws -> Response {
        let body = try req.content.decode(ProviderSignInRequest.self)
        for (field, value) in [("idToken", body.idToken), ("nonce", body.nonce)] where (value ?? "").isEmpty {
            throw DomainError.badRequest(
                "\(field) is required: the provider's ID token and the nonce it was made for", field: field)
        }
        switch try await ExternalSignInService(request: req).signIn(name, idToken: body.idToken ?? "", nonce: body.nonce ?? "") {
        case .signedIn(let answer, let created):
            return try await AuthResponse(try await answer).encodeResponse(status: created ? .created : .ok, for: req)
        case .deleted:
            // A nonce from the delete-account page: the account it named is gone.
            return Response(status: .noContent)
        case .needsPassword(let email, let linkToken):
            var error = DomainError(
                .conflict, code: .linkNeedsPassword,
                "\(email) already has a Dogear account: send its password with the linkToken to POST /api/v1/auth/link to link \(name.label) to it"
            )
            error.details["linkToken"] = linkToken
            throw error
        }
    }

    package func completeLink(req: Request) async throws -> AuthResponse {
        let body = try req.content.decode(CompleteLinkRequest.self)
        return AuthResponse(
            try await ExternalSignInService(request: req).completeLink(body.linkToken ?? "", password: body.password))
    }

    package func signOut(req: Request) async throws -> HTTPStatus {
        try await AccountService(request: req).signOut()
        return .noContent
    }

    package func me(req: Request) async throws -> UserDTO {
        try await req.tagVersion(.profile, try req.currentUserID())
        return try UserDTO(try req.currentUser())
    }

    package func updateMe(req: Request) async throws -> UserDTO {
        let patch = try req.content.decode(ProfileUpdateRequest.self)
        let (user, accounts) = (try req.currentUser(), AccountService(request: req))
        return try UserDTO(
            try await req.conditionalWrite(.profile, try user.requireID()) { try await accounts.updateProfile(user, patch.input) }
        )
    }

    package func deleteMe(req: Request) async throws -> HTTPStatus {
        let body = try req.content.decode(DeleteAccountRequest.self)
        try await AccountService(request: req).deleteAccount(
            currentPassword: body.currentPassword, reauthentication: body.reauthentication)
        return .noContent
    }

    package func changePassword(req: Request) async throws -> HTTPStatus {
        let body = try req.content.decode(PasswordChangeRequest.self)
        try await SessionService(request: req).changePassword(current: body.currentPassword, new: body.newPassword)
        return .noContent
    }

    package func sessions(req: Request) async throws -> [DeviceSessionDTO] {
        (try await SessionService(request: req).sessions()).map(DeviceSessionDTO.init)
    }

    package func endSession(req: Request) async throws -> HTTPStatus {
        try await SessionService(request: req).end(try req.uuidParameter("id"))
        return .noContent
    }

    package func endOtherSessions(req: Request) async throws -> HTTPStatus {
        try await SessionService(request: req).endOthers()
        return .noContent
    }

    package func appTokens(req: Request) async throws -> [AppTokenDTO] {
        (try await AppTokenService(request: req).tokens()).map(AppTokenDTO.init)
    }

    package func createAppToken(req: Request) async throws -> Response {
        let body = try req.content.decode(CreateAppTokenRequest.self)
        let token = try await AppTokenService(request: req).create(
            name: body.name, scopes: body.scopes, expiresInDays: body.expiresInDays)
        return try await AppTokenDTO(token).encodeResponse(status: .created, for: req)
    }

    package func revokeAppToken(req: Request) async throws -> HTTPStatus {
        try await AppTokenService(request: req).revoke(try req.uuidParameter("id"))
        return .noContent
    }
}
