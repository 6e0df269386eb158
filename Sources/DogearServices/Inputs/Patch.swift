/// A field of a PATCH body: left out (keep), `null` (clear) or a value (set).
package enum Patch<Value: Decodable & Sendable>: Decodable, Sendable {
    case absent
    case null
    case value(Value)

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Value.self))
    }

    /// The new value: `.some(nil)` clears, `nil` leaves the field alone.
    package var change: Value?? {
        switch self {
        case .absent: return nil
        case .null: return .some(nil)
        case .value(let value): return .some(value)
        }
    }
}

extension KeyedDecodingContainer {
    /// Lets synthesized Decodable treat a missing key as `.absent` instead of an error.
    package func decode<Value>(_ type: Patch<Value>.Type, forKey key: Key) throws -> Patch<Value> {
        guard contains(key) else { return .absent }
        return try decodeNil(forKey: key) ? .null : .value(decode(Value.self, forKey: key))
    }
}
