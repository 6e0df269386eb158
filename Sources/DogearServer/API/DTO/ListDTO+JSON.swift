import DogearServices
import DogearStore
import Foundation

/// A list's books written by `JSONBytes`: the bytes `JSONEncoder` writes for `ListItemDTO` (keys
/// sorted, every `@Nullable` field present); `LeanReadTests` compares them.
extension ListItemDTO: JSONBytesWritable {
    package func write(to json: inout JSONBytes) {
        json.beginObject()
        json.key("coverUrl")
        json.string(coverUrl)
        json.key("entryId")
        json.uuid(entryId)
        json.key("id")
        json.uuid(id)
        json.key("note")
        json.string(note)
        json.key("work")
        work.write(to: &json)
        json.endObject()
    }
}
