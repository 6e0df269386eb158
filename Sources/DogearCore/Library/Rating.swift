/// Ratings: whole stars 1–5, and an optional precise rating 0.0–5.0 in quarter steps.
public enum Rating {
    public static func validateStars(_ value: Int?, field: String = "rating") throws -> Int? {
        guard let value else { return nil }
        guard Limits.rating.contains(value) else {
            throw ValidationError(field: field, "must be a whole number of stars from 1 to 5 (got \(value))")
        }
        return value
    }

    public static func validatePrecise(_ value: Double?, field: String = "preciseRating") throws -> Double? {
        guard let value else { return nil }
        guard value.isFinite, Limits.preciseRating.contains(value) else {
            throw ValidationError(field: field, "must be between 0.0 and 5.0 (got \(value))")
        }
        let steps = value / Limits.preciseRatingStep
        guard steps == steps.rounded() else {
            throw ValidationError(field: field, "must be in quarter steps such as 3.25 or 3.5 (got \(value))")
        }
        return value
    }
}
