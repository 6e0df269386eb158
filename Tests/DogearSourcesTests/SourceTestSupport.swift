import AsyncHTTPClient
import DogearCore
import DogearTestSupport
import Foundation
import NIOCore
import Testing

@testable import DogearSources

/// Runs `body` with a fresh stub server and an HTTP client, shutting both down after.
///
/// The client's timeout is a safety net, not a check: 30 s, because at the start of a full run on
/// two cores (every suite migrating its database at once) a local stub's answer once took over 5 s.
/// Tests of time limits set the chain's own limit, far below it.
func withStub(timeout: TimeAmount = .seconds(30), _ body: (StubServer, SourceHTTPClient) async throws -> Void) async throws {
    let stub = try await StubServer.start()
    let client = SourceHTTPClient.makeHTTPClient()
    do {
        try await body(stub, SourceHTTPClient(client: client, timeout: timeout))
    } catch {
        try? await client.shutdown()
        await stub.shutdown()
        throw error
    }
    try await client.shutdown()
    await stub.shutdown()
}

func fixture(_ path: String) throws -> Data {
    try #require(SharedFixtures.data(path), "missing fixture \(path)")
}

func isbn(_ text: String) throws -> ISBN { try ISBN(text) }

let fixturesPresent = SharedFixtures.available
