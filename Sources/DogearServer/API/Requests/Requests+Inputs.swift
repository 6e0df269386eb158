import DogearServices
import DogearStore

// Each request's service input.

extension CreateEntryRequest {
    /// What the service is asked for.
    package var input: CreateEntryInput {
        CreateEntryInput(book: book, workId: workId, editionId: editionId, isbn: isbn, entryDraft: entryDraft)
    }
}

extension UpdateEntryRequest {
    /// What the service is asked for.
    package var input: UpdateEntryInput {
        UpdateEntryInput(
            editionId: editionId, status: status, owned: owned, onWishlist: onWishlist, favorite: favorite, rating: rating,
            preciseRating: preciseRating, tags: tags, dateStarted: dateStarted, dateFinished: dateFinished,
            dailyGoalPages: dailyGoalPages, recommendedBy: recommendedBy, wouldRecommend: wouldRecommend, isPublic: isPublic,
            countsTowardCulturalGoal: countsTowardCulturalGoal, culturalGoalCategory: culturalGoalCategory)
    }
}

extension StatusChangeRequest {
    /// What the service is asked for.
    package var input: StatusChangeInput {
        StatusChangeInput(status: status, date: date)
    }
}

extension SessionRequest {
    /// What the service is asked for.
    package var input: SessionInput {
        SessionInput(date: date, minutes: minutes, pagesRead: pagesRead, startPage: startPage, endPage: endPage)
    }
}

extension NoteRequest {
    /// What the service is asked for.
    package var input: NoteInput {
        NoteInput(content: content, discussion: discussion)
    }
}

extension NoteUpdateRequest {
    /// What the service is asked for.
    package var input: NoteUpdateInput {
        NoteUpdateInput(content: content, discussion: discussion)
    }
}

extension QuoteRequest {
    /// What the service is asked for.
    package var input: QuoteInput {
        QuoteInput(text: text, page: page)
    }
}

extension SignUpRequest {
    /// What the service is asked for.
    package var input: SignUpInput {
        SignUpInput(email: email, password: password, displayName: displayName)
    }
}

extension SignInRequest {
    /// What the service is asked for.
    package var input: SignInInput {
        SignInInput(email: email, password: password)
    }
}

extension ProfileUpdateRequest {
    /// What the service is asked for.
    package var input: ProfileUpdateInput {
        ProfileUpdateInput(
            displayName: displayName, photoUrl: photoUrl, onboardingDone: onboardingDone, genrePreferences: genrePreferences,
            timeZone: timeZone, email: email, currentPassword: currentPassword)
    }
}

extension SwipeRequest {
    /// What the service is asked for.
    package var input: SwipeInput {
        SwipeInput(workId: workId, action: action, listId: listId)
    }
}

extension GoalRequest {
    /// What the service is asked for.
    package var input: GoalInput {
        GoalInput(year: year, metric: metric, target: target, conditions: conditions)
    }
}

extension CreateAppTokenRequest {
    /// What the service is asked for.
    package var input: CreateAppTokenInput {
        CreateAppTokenInput(name: name, scopes: scopes, expiresInDays: expiresInDays)
    }
}
