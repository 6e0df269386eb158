import DogearCore
import DogearServices
import DogearSources
import DogearStore
import Foundation
import NIOCore
import Vapor

extension Application {
    private struct LookupChainKey: StorageKey { typealias Value = LookupChain }
    private struct BackgroundChainKey: StorageKey { typealias Value = LookupChain }

    /// The same sources for background work, each spaced to at most one request a second.
    package var backgroundLookupChain: LookupChain {
        get { storage[BackgroundChainKey.self] ?? lookupChain }
        set { storage[BackgroundChainKey.self] = newValue }
    }

    /// The online sources in lookup order, built once from the configuration.
    package var lookupChain: LookupChain {
        get { storage[LookupChainKey.self] ?? LookupChain(sources: [], offline: true) }
        set { storage[LookupChainKey.self] = newValue }
    }

    /// Open Library, then Google Books, on Vapor's shared HTTP client (closed with the app).
    package func configureBookSources(_ config: DogearConfig) {
        var client = HTTPClient.Configuration(redirectConfiguration: .follow(max: 5, allowCycles: false))
        client.timeout = .init(connect: .seconds(5))
        http.client.configuration = client
        let timeLimit = TimeAmount.milliseconds(Int64(config.sourceTimeLimitSeconds * 1000))
        let http = SourceHTTPClient(client: self.http.client.shared, timeout: timeLimit)
        lookupChain = LookupChain(
            sources: [
                OpenLibraryClient(http: http, baseURL: config.openLibraryBaseURL, coversBaseURL: config.openLibraryCoversBaseURL),
                GoogleBooksClient(
                    http: http, baseURL: config.googleBooksBaseURL, apiKey: config.googleBooksAPIKey,
                    coversBaseURL: config.openLibraryCoversBaseURL),
            ],
            timeLimit: .milliseconds(Int(config.sourceTimeLimitSeconds * 1000)),
            timeLimits: config.sourceTimeLimitsSeconds.mapValues { .milliseconds(Int($0 * 1000)) }, offline: config.offline)
        backgroundLookupChain = LookupChain(
            sources: lookupChain.sources.map { RateLimitedSource($0, minimumInterval: .seconds(1)) },
            timeLimit: lookupChain.timeLimit, timeLimits: lookupChain.timeLimits, offline: config.offline)
        if config.offline { logger.notice("DOGEAR_OFFLINE is set: book lookups answer from the local catalog only") }
    }
}
