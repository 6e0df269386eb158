import DogearCore

extension ProfileDraft {
    /// A PATCH body's shared fields: a field left out stays; `null` clears a description or a
    /// picture (it travels as blank text, which the rules read as "none").
    package init(name: Patch<String>, description: Patch<String>, pictureUrl: Patch<String>, isPublic: Patch<Bool>) {
        self.init(
            name: name.change.map { $0 ?? "" }, description: description.change.map { $0 ?? "" },
            pictureUrl: pictureUrl.change.map { $0 ?? "" }, isPublic: isPublic.change ?? nil)
    }

    /// A web form's shared fields: every text field is sent (blank clears), and the public
    /// checkbox is sent as "true" only when ticked.
    package init(form name: String?, description: String?, pictureUrl: String?, isPublic: String?) {
        self.init(name: name ?? "", description: description ?? "", pictureUrl: pictureUrl ?? "", isPublic: isPublic == "true")
    }
}
