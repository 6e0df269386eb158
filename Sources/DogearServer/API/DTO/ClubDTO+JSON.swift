import DogearServices
import DogearStore
import Foundation

/// A club's members written by `JSONBytes`: the bytes `JSONEncoder` writes for `ClubMemberDTO`
/// (keys sorted, every `@Nullable` field present); `LeanClubTests` compares them.
extension ClubMemberDTO: JSONBytesWritable {
    package func write(to json: inout JSONBytes) {
        json.beginObject()
        json.key("hidesProgress")
        json.bool(hidesProgress)
        json.key("joinedAt")
        json.date(joinedAt)
        json.key("progress")
        if let progress { progress.write(to: &json) } else { json.null() }
        json.key("role")
        json.string(role)
        json.key("user")
        user.write(to: &json)
        json.endObject()
    }
}

extension ClubMemberDTO.Progress: JSONBytesWritable {
    package func write(to json: inout JSONBytes) {
        json.beginObject()
        json.key("page")
        json.int(page)
        json.key("pageCount")
        json.int(pageCount)
        json.key("percent")
        json.int(percent)
        json.key("standing")
        json.string(standing)
        json.key("state")
        json.string(state)
        json.endObject()
    }
}

extension PersonRef: JSONBytesWritable {
    package func write(to json: inout JSONBytes) {
        json.beginObject()
        json.key("displayName")
        json.string(displayName)
        json.key("id")
        json.uuid(id)
        json.endObject()
    }
}
