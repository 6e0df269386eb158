import DogearServices
import DogearStore
import Foundation
import Vapor

/// Home as the API answers it: its entries and its three clubs written by `JSONBytes` (most of
/// Home's time went to encoding them), the year's goals by the app's encoder, in the same bytes as
/// the app's encoder writes for the whole (`LeanReadTests`).
extension HomeDTO {
    package func jsonResponse() throws -> Response {
        var json = JSONBytes()
        json.beginObject()
        json.key("clubs")
        json.array(clubs)
        json.key("currentlyReading")
        json.array(currentlyReading)
        json.key("currentlyReadingCount")
        json.int(currentlyReadingCount)
        json.key("displayName")
        json.string(displayName)
        json.key("goals")
        // Most readers have none: no encoder is made for an empty list.
        if goals.isEmpty { json.strings([]) } else { try json.encoded(goals) }
        json.key("greeting")
        json.string(greeting)
        json.key("recentlyFinished")
        json.array(recentlyFinished)
        json.key("stats")
        json.beginObject()
        json.key("pagesThisYear")
        json.int(stats.pagesThisYear)
        json.key("readAllTime")
        json.int(stats.readAllTime)
        json.key("readThisYear")
        json.int(stats.readThisYear)
        json.endObject()
        json.endObject()
        return json.response()
    }
}
