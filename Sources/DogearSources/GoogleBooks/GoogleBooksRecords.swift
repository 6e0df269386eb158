/// The parts of Google Books' `/books/v1/volumes` answers that Dogear reads.
struct GBVolumes: Decodable, Sendable {
    /// Absent when there are no results.
    let items: [GBVolume]?
    let totalItems: Int?
}

struct GBVolume: Decodable, Sendable {
    struct Info: Decodable, Sendable {
        struct Identifier: Decodable, Sendable {
            let type: String?
            let identifier: String?
        }
        struct ImageLinks: Decodable, Sendable {
            let smallThumbnail: String?
            let thumbnail: String?
            let small: String?
            let medium: String?
            let large: String?
        }
        let title: String?
        let subtitle: String?
        let authors: [String]?
        let publisher: String?
        let publishedDate: String?
        let description: String?
        let industryIdentifiers: [Identifier]?
        let pageCount: Int?
        let printType: String?
        let categories: [String]?
        let imageLinks: ImageLinks?
        let language: String?
        let previewLink: String?
        let infoLink: String?
        let canonicalVolumeLink: String?
        let averageRating: Double?
        let ratingsCount: Int?
    }
    let id: String?
    let volumeInfo: Info?
}
