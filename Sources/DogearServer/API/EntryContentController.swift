import DogearServices
import DogearStore
import Vapor

/// Sessions, notes and quotes of an entry, and /notes/{id}, /quotes/{id}.
package struct EntryContentController {
    package func service(_ req: Request) throws -> EntryContentService { try req.entryContent() }

    package func addSession(req: Request) async throws -> Response {
        let body = try req.content.decode(SessionRequest.self)
        let session = try await service(req).addSession(to: try req.uuidParameter("id"), body.input)
        try await req.tagVersion(.session, try session.requireID())
        return try await SessionDTO(session).encodeResponse(status: .created, for: req)
    }

    package func sessions(req: Request) async throws -> [SessionDTO] {
        try await service(req).sessions(of: try req.uuidParameter("id")).map(SessionDTO.init)
    }

    package func addNote(req: Request) async throws -> Response {
        let body = try req.content.decode(NoteRequest.self)
        let note = try await service(req).addNote(to: try req.uuidParameter("id"), body.input)
        try await req.tagVersion(.note, try note.requireID())
        return try await NoteDTO(note).encodeResponse(status: .created, for: req)
    }

    package func notes(req: Request) async throws -> [NoteDTO] {
        try await service(req).notes(of: try req.uuidParameter("id")).map(NoteDTO.init)
    }

    package func updateNote(req: Request) async throws -> NoteDTO {
        let body = try req.content.decode(NoteUpdateRequest.self)
        let (id, content) = (try req.uuidParameter("id"), try service(req))
        return try NoteDTO(try await req.conditionalWrite(.note, id) { try await content.updateNote(id, body.input) })
    }

    package func deleteNote(req: Request) async throws -> HTTPStatus {
        let (id, content) = (try req.uuidParameter("id"), try service(req))
        try await req.conditionalWrite(.note, id) { try await content.deleteNote(id) }
        return .noContent
    }

    package func addQuote(req: Request) async throws -> Response {
        let body = try req.content.decode(QuoteRequest.self)
        let quote = try await service(req).addQuote(to: try req.uuidParameter("id"), body.input)
        try await req.tagVersion(.quote, try quote.requireID())
        return try await QuoteDTO(quote).encodeResponse(status: .created, for: req)
    }

    package func quotes(req: Request) async throws -> [QuoteDTO] {
        try await service(req).quotes(of: try req.uuidParameter("id")).map(QuoteDTO.init)
    }

    package func deleteQuote(req: Request) async throws -> HTTPStatus {
        let (id, content) = (try req.uuidParameter("id"), try service(req))
        try await req.conditionalWrite(.quote, id) { try await content.deleteQuote(id) }
        return .noContent
    }
}
