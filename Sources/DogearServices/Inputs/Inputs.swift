import DogearCore
import DogearStore
import Foundation

// What the services are asked to do, in their own types. The API's requests (API/Requests) decode
// the JSON and hand these over (`request.input`); the pages fill them from their forms.

package struct CreateEntryInput: Sendable {
    package var book: BookDraft?
    package var workId: UUID?
    package var editionId: UUID?
    package var isbn: String?
    package var entryDraft: EntryDraft

    package init(book: BookDraft? = nil, workId: UUID? = nil, editionId: UUID? = nil, isbn: String? = nil, entryDraft: EntryDraft)
    {
        self.book = book
        self.workId = workId
        self.editionId = editionId
        self.isbn = isbn
        self.entryDraft = entryDraft
    }
}

package struct UpdateEntryInput: Sendable {
    package var editionId: Patch<UUID>
    package var status: Patch<String>
    package var owned: Patch<Bool>
    package var onWishlist: Patch<Bool>
    package var favorite: Patch<Bool>
    package var rating: Patch<Int>
    package var preciseRating: Patch<Double>
    package var tags: Patch<[String]>
    package var dateStarted: Patch<String>
    package var dateFinished: Patch<String>
    package var dailyGoalPages: Patch<Int>
    package var recommendedBy: Patch<String>
    package var wouldRecommend: Patch<Bool>
    package var isPublic: Patch<Bool>
    package var countsTowardCulturalGoal: Patch<Bool>
    package var culturalGoalCategory: Patch<String>

    package init(
        editionId: Patch<UUID> = .absent, status: Patch<String> = .absent, owned: Patch<Bool> = .absent,
        onWishlist: Patch<Bool> = .absent, favorite: Patch<Bool> = .absent, rating: Patch<Int> = .absent,
        preciseRating: Patch<Double> = .absent, tags: Patch<[String]> = .absent, dateStarted: Patch<String> = .absent,
        dateFinished: Patch<String> = .absent, dailyGoalPages: Patch<Int> = .absent, recommendedBy: Patch<String> = .absent,
        wouldRecommend: Patch<Bool> = .absent, isPublic: Patch<Bool> = .absent, countsTowardCulturalGoal: Patch<Bool> = .absent,
        culturalGoalCategory: Patch<String> = .absent
    ) {
        self.editionId = editionId
        self.status = status
        self.owned = owned
        self.onWishlist = onWishlist
        self.favorite = favorite
        self.rating = rating
        self.preciseRating = preciseRating
        self.tags = tags
        self.dateStarted = dateStarted
        self.dateFinished = dateFinished
        self.dailyGoalPages = dailyGoalPages
        self.recommendedBy = recommendedBy
        self.wouldRecommend = wouldRecommend
        self.isPublic = isPublic
        self.countsTowardCulturalGoal = countsTowardCulturalGoal
        self.culturalGoalCategory = culturalGoalCategory
    }
}

package struct StatusChangeInput: Sendable {
    package var status: String
    package var date: String?

    package init(status: String, date: String? = nil) {
        self.status = status
        self.date = date
    }
}

package struct SessionInput: Sendable {
    package var date: String
    package var minutes: Int
    package var pagesRead: Int?
    package var startPage: Int?
    package var endPage: Int?

    package init(date: String, minutes: Int, pagesRead: Int? = nil, startPage: Int? = nil, endPage: Int? = nil) {
        self.date = date
        self.minutes = minutes
        self.pagesRead = pagesRead
        self.startPage = startPage
        self.endPage = endPage
    }
}

package struct NoteInput: Sendable {
    package var content: String
    package var discussion: Bool?

    package init(content: String, discussion: Bool? = nil) {
        self.content = content
        self.discussion = discussion
    }
}

package struct NoteUpdateInput: Sendable {
    package var content: String?
    package var discussion: Bool?

    package init(content: String? = nil, discussion: Bool? = nil) {
        self.content = content
        self.discussion = discussion
    }
}

package struct QuoteInput: Sendable {
    package var text: String
    package var page: Int?

    package init(text: String, page: Int? = nil) {
        self.text = text
        self.page = page
    }
}

package struct SignUpInput: Sendable {
    package var email: String
    package var password: String
    package var displayName: String

    package init(email: String, password: String, displayName: String) {
        self.email = email
        self.password = password
        self.displayName = displayName
    }
}

package struct SignInInput: Sendable {
    package var email: String
    package var password: String

    package init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

package struct ProfileUpdateInput: Sendable {
    package var displayName: Patch<String>
    package var photoUrl: Patch<String>
    package var onboardingDone: Patch<Bool>
    package var genrePreferences: Patch<[String]>
    package var timeZone: Patch<String>
    package var email: Patch<String>
    package var currentPassword: String? = nil

    package init(
        displayName: Patch<String> = .absent, photoUrl: Patch<String> = .absent, onboardingDone: Patch<Bool> = .absent,
        genrePreferences: Patch<[String]> = .absent, timeZone: Patch<String> = .absent, email: Patch<String> = .absent,
        currentPassword: String? = nil
    ) {
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.onboardingDone = onboardingDone
        self.genrePreferences = genrePreferences
        self.timeZone = timeZone
        self.email = email
        self.currentPassword = currentPassword
    }
}

package struct SwipeInput: Sendable {
    package var workId: UUID
    package var action: String
    package var listId: String?

    package init(workId: UUID, action: String, listId: String? = nil) {
        self.workId = workId
        self.action = action
        self.listId = listId
    }
}

package struct GoalInput: Sendable {
    package var year: Int?
    package var metric: String?
    package var target: Int?
    package var conditions: GoalConditions?

    package init(year: Int? = nil, metric: String? = nil, target: Int? = nil, conditions: GoalConditions? = nil) {
        self.year = year
        self.metric = metric
        self.target = target
        self.conditions = conditions
    }
}

package struct CreateAppTokenInput: Sendable {
    package var name: String?
    package var scopes: [String]?
    package var expiresInDays: Int?

    package init(name: String? = nil, scopes: [String]? = nil, expiresInDays: Int? = nil) {
        self.name = name
        self.scopes = scopes
        self.expiresInDays = expiresInDays
    }
}
