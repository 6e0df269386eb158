import DogearCore
import DogearServices
import DogearStore
import Vapor

/// One page of the changes feed (`GET /api/v1/sync`): the changes in version order, the cursor to
/// send back, and whether more are waiting.
package struct SyncPageDTO: Content {
    package let changes: [SyncChangeDTO]
    package let nextCursor: String
    package let hasMore: Bool
}

/// A change: an upsert carries the object as the API's own routes show it; a tombstone carries
/// `deletedAt` and no object.
package struct SyncChangeDTO: Content {
    package let type: String
    package let id: UUID
    package let version: Int64
    package var object: SyncObjectDTO?
    package var deletedAt: Date?

    package enum CodingKeys: String, CodingKey { case type, id, version, object, deletedAt }

    package init(type: SyncObjectType, id: UUID, version: Int64, object: SyncObjectDTO?, deletedAt: Date?) {
        self.type = type.rawValue
        self.id = id
        self.version = version
        self.object = object
        self.deletedAt = deletedAt
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        id = try container.decode(UUID.self, forKey: .id)
        version = try container.decode(Int64.self, forKey: .version)
        deletedAt = try container.decodeIfPresent(Date.self, forKey: .deletedAt)
        object = nil
        if container.contains(.object), let kind = SyncObjectType(rawValue: type) {
            object = try SyncObjectDTO.decode(kind, from: container.superDecoder(forKey: .object))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(id, forKey: .id)
        try container.encode(version, forKey: .version)
        if let object { try object.encode(to: container.superEncoder(forKey: .object)) }
        if let deletedAt { try container.encode(deletedAt, forKey: .deletedAt) }
    }
}

/// The object of an upsert, shaped as the routes that serve it one at a time.
package enum SyncObjectDTO: Sendable {
    case entry(EntryDTO)
    case session(SessionDTO)
    case note(NoteDTO)
    case quote(QuoteDTO)
    case list(ListDTO)
    case listItem(SyncListItemDTO)
    case savedList(SavedListDTO)
    case goal(GoalDefinitionDTO)
    case profile(UserDTO)

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .entry(let value): try value.encode(to: encoder)
        case .session(let value): try value.encode(to: encoder)
        case .note(let value): try value.encode(to: encoder)
        case .quote(let value): try value.encode(to: encoder)
        case .list(let value): try value.encode(to: encoder)
        case .listItem(let value): try value.encode(to: encoder)
        case .savedList(let value): try value.encode(to: encoder)
        case .goal(let value): try value.encode(to: encoder)
        case .profile(let value): try value.encode(to: encoder)
        }
    }

    package static func decode(_ type: SyncObjectType, from decoder: any Decoder) throws -> SyncObjectDTO {
        switch type {
        case .entry: return .entry(try EntryDTO(from: decoder))
        case .session: return .session(try SessionDTO(from: decoder))
        case .note: return .note(try NoteDTO(from: decoder))
        case .quote: return .quote(try QuoteDTO(from: decoder))
        case .list: return .list(try ListDTO(from: decoder))
        case .listItem: return .listItem(try SyncListItemDTO(from: decoder))
        case .savedList: return .savedList(try SavedListDTO(from: decoder))
        case .goal: return .goal(try GoalDefinitionDTO(from: decoder))
        case .profile: return .profile(try UserDTO(from: decoder))
        }
    }
}

/// A book on one of the reader's own lists, with the list it is on and its place there.
package struct SyncListItemDTO: Content {
    package let id: UUID
    package let listId: UUID
    /// The order on the list, ascending (gaps are normal: a move writes one row).
    package let position: Int64
    package let work: WorkDTO
    @Nullable package var note: String?
    /// The reader's own entry for this work, when they have one.
    @Nullable package var entryId: UUID?
    @Nullable package var coverUrl: String?
}

/// Another reader's public list the reader saved (open it with `GET /api/v1/lists/{listId}`).
package struct SavedListDTO: Content, Equatable {
    package let id: UUID
    package let listId: UUID
    @Nullable package var savedAt: Date?
}

/// A goal as the reader set it; where it stands is `GET /api/v1/goals/{id}/progress`, a reading
/// of the library that changes with it.
package struct GoalDefinitionDTO: Content, Equatable {
    package let id: UUID
    package let year: Int
    package let metric: String
    package let target: Int
    package let conditions: GoalConditions
    package let summary: String
}
