/// "Marginalised voice" and "indigenous author", derived from an author's gender and cultural region,
/// and from a book's authors.
///
/// An author is a marginalised voice when their gender is not male (female, non-binary, other) or
/// their cultural region is one publishing under-represents (Africa, the Middle East, South America,
/// Central Asia, indigenous). They are not when they are male *and* their region is known and not in
/// that list; any other author is unknown (a male author with no region might be either). An author
/// is indigenous when their region is `indigenous`; unknown when no region is recorded.
/// A book is either when any of its authors is; not when every author is known not to be.
public enum AuthorVoice {
    public static let marginalisedGenders: Set<AuthorGender> = [.female, .nonBinary, .other]
    public static let marginalisedRegions: Set<CulturalRegion> = [.africa, .middleEast, .southAmerica, .centralAsia, .indigenous]

    public struct Facts: Equatable, Sendable {
        public var gender: AuthorGender?
        public var region: CulturalRegion?
        public init(gender: AuthorGender?, region: CulturalRegion?) {
            self.gender = gender
            self.region = region
        }
    }

    public static func isMarginalised(_ author: Facts) -> Answer {
        if let gender = author.gender, marginalisedGenders.contains(gender) { return .yes }
        if let region = author.region, marginalisedRegions.contains(region) { return .yes }
        return author.gender == .male && author.region != nil ? .no : .unknown
    }

    public static func isIndigenous(_ author: Facts) -> Answer {
        guard let region = author.region else { return .unknown }
        return region == .indigenous ? .yes : .no
    }

    public static func isMarginalised(book authors: [Facts]) -> Answer { .any(authors.map(isMarginalised)) }
    public static func isIndigenous(book authors: [Facts]) -> Answer { .any(authors.map(isIndigenous)) }
}
