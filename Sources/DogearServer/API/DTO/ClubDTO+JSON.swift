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

/// A club as Home shows it, written by `JSONBytes`: the bytes `JSONEncoder` writes for `ClubDTO`
/// (keys sorted, every `@Nullable` field present); `LeanReadTests.homeBytes` compares them. Home
/// writes up to three of these on every visit.
extension ClubDTO: JSONBytesWritable {
    package func write(to json: inout JSONBytes) {
        json.beginObject()
        json.key("approvesJoins")
        json.bool(approvesJoins)
        json.key("booksCompleted")
        json.int(booksCompleted)
        json.key("coverUrl")
        json.string(coverUrl)
        json.key("createdAt")
        json.date(createdAt)
        json.key("currentBook")
        if let currentBook { currentBook.write(to: &json) } else { json.null() }
        json.key("description")
        json.string(description)
        json.key("id")
        json.uuid(id)
        json.key("isPublic")
        json.bool(isPublic)
        json.key("joinCode")
        json.string(joinCode)
        json.key("memberCount")
        json.int(memberCount)
        json.key("name")
        json.string(name)
        json.key("owner")
        owner.write(to: &json)
        json.key("role")
        json.string(role)
        json.endObject()
    }
}

extension ClubDTO.CurrentBook: JSONBytesWritable {
    package func write(to json: inout JSONBytes) {
        json.beginObject()
        json.key("coverUrl")
        json.string(coverUrl)
        json.key("startedOn")
        json.string(startedOn)
        json.key("work")
        work.write(to: &json)
        json.endObject()
    }
}
