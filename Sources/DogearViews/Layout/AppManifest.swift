import Foundation

/// The web app manifest (`/manifest.webmanifest`): what a browser needs to install Dogear as an
/// app of its own, opening at Home in a window without the browser's bars, in the header's colour.
public enum AppManifest {
    public static let themeColour = "#1E3A5F"
    public static let backgroundColour = "#F6F7F9"

    struct Manifest: Encodable {
        struct Icon: Encodable {
            var src: String
            var sizes: String
            var type = "image/png"
            var purpose = "any"
        }

        var name = "Dogear"
        var short_name = "Dogear"
        var description = "Your reading: books, pages, notes and book clubs."
        var id = SiteURL.home.path
        var start_url = SiteURL.home.path
        var scope = SiteURL.home.path
        var display = "standalone"
        var theme_color = AppManifest.themeColour
        var background_color = AppManifest.backgroundColour
        var icons = [192, 512].map { Icon(src: SiteURL.appIcon(size: $0).path, sizes: "\($0)x\($0)") }
    }

    public static func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(Manifest())) ?? Data()
    }
}
