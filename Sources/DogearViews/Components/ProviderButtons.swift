import Plot

/// Sign in with Apple and Google, each as its provider wants it shown: the provider's own script
/// draws its own button (Google Identity Services; Sign in with Apple JS), configured by data
/// attributes and meta tags, so no script of Dogear's is inline. Shown only for the providers set
/// up; the Content-Security-Policy lets their scripts in only then.
public struct ProviderButton: Sendable, Equatable {
    public enum Provider: String, Sendable { case apple, google }

    public var provider: Provider
    public var clientID: String
    /// Issued by Dogear for this page; the ID token must carry it.
    public var nonce: String
    /// Where the provider sends the ID token back (absolute).
    public var callbackURL: String

    public init(provider: Provider, clientID: String, nonce: String, callbackURL: String) {
        self.provider = provider
        self.clientID = clientID
        self.nonce = nonce
        self.callbackURL = callbackURL
    }

    public static let googleScript = "https://accounts.google.com/gsi/client"
    public static let appleScript = "https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js"
}

extension Node where Context == HTML.HeadContext {
    /// Apple's script reads its settings from meta tags.
    static func providerHead(_ buttons: [ProviderButton]) -> Node {
        .forEach(buttons) { button in
            switch button.provider {
            case .apple:
                return .group(
                    .meta(.name("appleid-signin-client-id"), .userAttribute("content", button.clientID)),
                    .meta(.name("appleid-signin-scope"), .content("name email")),
                    .meta(.name("appleid-signin-redirect-uri"), .userAttribute("content", button.callbackURL)),
                    .meta(.name("appleid-signin-state"), .userAttribute("content", button.nonce)),
                    .meta(.name("appleid-signin-nonce"), .userAttribute("content", button.nonce)),
                    .meta(.name("appleid-signin-use-popup"), .content("false")),
                    .script(.src(ProviderButton.appleScript), .attribute(named: "defer")))
            case .google:
                return .script(.src(ProviderButton.googleScript), .attribute(named: "async"), .attribute(named: "defer"))
            }
        }
    }
}

extension Node where Context == HTML.BodyContext {
    /// The providers' buttons, above the email form (`orEmail`), with a line for a browser without scripts.
    static func providerButtons(_ buttons: [ProviderButton], orEmail: Bool = true) -> Node {
        .if(
            !buttons.isEmpty,
            .div(
                .class("provider-buttons"),
                .forEach(buttons) { button in
                    switch button.provider {
                    case .google:
                        return .group(
                            .div(
                                .id("g_id_onload"), .userAttribute("data-client_id", button.clientID),
                                .userAttribute("data-login_uri", button.callbackURL),
                                .userAttribute("data-nonce", button.nonce), .attribute(named: "data-ux_mode", value: "redirect"),
                                .attribute(named: "data-auto_prompt", value: "false")),
                            .div(
                                .class("g_id_signin"), .attribute(named: "data-type", value: "standard"),
                                .attribute(named: "data-text", value: "continue_with")))
                    case .apple:
                        return .div(
                            .id("appleid-signin"), .attribute(named: "data-color", value: "black"),
                            .attribute(named: "data-border", value: "true"), .attribute(named: "data-type", value: "continue"))
                    }
                },
                .element(
                    named: "noscript",
                    nodes: [.p(.class("hint"), "Signing in with Apple or Google needs JavaScript; email and password do not.")]),
                .if(orEmail, .p(.class("meta or"), "or with your email"))))
    }
}
