import DogearServices
import DogearStore
import Foundation
import Vapor

/// Home as the API answers it: its entries written by `JSONBytes` (most of home's time went to
/// encoding them), its three clubs and the year's goals by the app's encoder, in the same bytes as
/// the app's encoder writes for the whole (`LeanReadTests`).
extension HomeDTO {
    package func jsonResponse() throws -> Response {
        var json = JSONBytes()
        json.beginObject()
        json.key("clubs")
        try json.encoded(clubs)
        json.key("currentlyReading")
        json.array(currentlyReading)
        json.key("currentlyReadingCount")
        json.int(currentlyReadingCount)
        json.key("displayName")
        json.string(displayName)
        json.key("goals")
        try json.encoded(goals)
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
