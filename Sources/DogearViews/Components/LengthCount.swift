import Plot

extension Node where Context: HTMLContext {
    /// The length a long text may have, beside its box: "Up to 5,000 characters", and with the
    /// script (`length-count.js`) the count as the reader types, saying by how much a text is over.
    /// Not `maxlength`: that cuts a pasted text off without a word; over the limit, the server
    /// refuses the form and gives the whole text back.
    static func lengthCount(for fieldID: String, max: Int) -> Node {
        .element(
            named: "p",
            nodes: [
                .attribute(named: "id", value: "\(fieldID)-count"), .attribute(named: "class", value: "hint length-count"),
                .attribute(named: "data-count-for", value: fieldID), .attribute(named: "data-max", value: String(max)),
                .text("Up to \(Figures.count(max)) characters"),
            ])
    }
}

/// What a long text's box is described by: its error when there is one, and its length count.
func describedBy(_ fieldID: String, hasError: Bool) -> String {
    hasError ? "\(fieldID)-error \(fieldID)-count" : "\(fieldID)-count"
}
