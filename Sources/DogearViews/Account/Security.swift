import Foundation
import Plot

/// `/profile/security`: change the password (it signs out every other device), and the devices
/// and apps signed in to this account, each with an End button, and "sign out everywhere else".
public enum Security {
    public struct Device: Sendable, Equatable {
        public var id: UUID
        /// "Firefox on Linux", or what the app called itself; "Unknown device" when it said nothing.
        public var name: String
        public var lastUsed: String
        public var signedIn: String
        public var isThisOne: Bool

        public init(id: UUID, name: String, lastUsed: String, signedIn: String, isThisOne: Bool) {
            self.id = id
            self.name = name
            self.lastUsed = lastUsed
            self.signedIn = signedIn
            self.isThisOne = isThisOne
        }
    }

    public struct Model: Sendable, Equatable {
        public var devices: [Device]
        public var currentPassword = FieldState()
        public var newPassword = FieldState()
        public var changed: Bool
        public var session: PageSession

        public init(devices: [Device], changed: Bool = false, session: PageSession) {
            self.devices = devices
            self.changed = changed
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let csrf = model.session.csrfToken
            return PageLayout.page(
                title: "Password and devices", session: model.session, csrfToken: csrf, active: .profile,
                .group(
                    .div(
                        .class("page-head"), .h1("Password and devices"),
                        .a(.class("button"), .href(SiteURL.profile.path), "Profile")),
                    .section(
                        .class("card narrow"), .attribute(named: "aria-labelledby", value: "password-title"),
                        .h2(.id("password-title"), "Change your password"),
                        .if(
                            model.changed,
                            .p(
                                .class("saved"), .attribute(named: "role", value: "status"),
                                "Changed. Other devices were signed out.")),
                        .form(
                            .action(SiteURL.changePassword.path), .method(.post), .csrf(csrf),
                            .field(
                                "Current password", name: "currentPassword", type: .password, state: model.currentPassword,
                                required: true, autocomplete: "current-password"),
                            .field(
                                "New password", name: "newPassword", type: .password, state: model.newPassword, required: true,
                                autocomplete: "new-password", hint: "At least 8 characters; every other device is signed out"),
                            .button(.type(.submit), .class("primary"), .text("Change the password")))),
                    .section(
                        .class("card"), .id("devices"), .attribute(named: "aria-labelledby", value: "devices-title"),
                        .h2(.id("devices-title"), "Signed in"),
                        .ul(
                            .class("rows"),
                            .forEach(model.devices) { device in
                                .li(
                                    .class("row"),
                                    .div(
                                        .class("row-main"),
                                        .span(.class("title"), .userText(device.name)),
                                        .if(device.isThisOne, .span(.class("meta"), .text(" · this device"))),
                                        .p(
                                            .class("meta"),
                                            .text("Last used \(device.lastUsed) · signed in \(device.signedIn)"))),
                                    .form(
                                        .action(SiteURL.endSession(device.id).path), .method(.post), .class("inline"),
                                        .csrf(csrf),
                                        .button(
                                            .type(.submit), .class("danger"),
                                            .userAttribute(
                                                "aria-label",
                                                device.isThisOne ? "Sign out here" : "End the session on \(device.name)"),
                                            .text(device.isThisOne ? "Sign out" : "End"))))
                            }),
                        .if(
                            model.devices.count > 1,
                            .form(
                                .action(SiteURL.endOtherSessions.path), .method(.post), .csrf(csrf),
                                .button(
                                    .type(.submit), .attribute(named: "data-confirm", value: "Sign out every other device?"),
                                    .text("Sign out everywhere else"))))
                    )
                ))
        }
    }
}

extension Security.Model {
    public mutating func place(_ message: String, field: String?) {
        switch field {
        case "currentPassword": currentPassword.error = message
        default: newPassword.error = message
        }
    }
}
