import DogearViews
import Vapor

/// The whole route table, grouped by area. Every /api route is described in openapi.yaml (a test
/// compares the two).
func routes(_ app: Application, config: DogearConfig) throws {
    let system = SystemController(databaseKind: config.database.kind)
    app.get("health", use: system.health)
    app.get("openapi.yaml", use: system.openAPI)

    let api = app.grouped("api", "v1").grouped(BearerTokenAuthenticator())

    let auth = AuthController()
    api.post("auth", "signup", use: auth.signUp)
    api.post("auth", "signin", use: auth.signIn)

    let signedIn = api.grouped(RequireUserMiddleware())
    signedIn.post("auth", "signout", use: auth.signOut)
    signedIn.get("me", use: auth.me)
    signedIn.patch("me", use: auth.updateMe)

    let library = LibraryController()
    signedIn.post("library", use: library.create)
    signedIn.get("library", use: library.list)
    signedIn.get("library", ":id", use: library.show)
    signedIn.patch("library", ":id", use: library.update)
    signedIn.delete("library", ":id", use: library.delete)
    signedIn.post("library", ":id", "status", use: library.changeStatus)
    signedIn.post("library", ":id", "progress", use: library.progress)

    let content = EntryContentController()
    signedIn.post("library", ":id", "sessions", use: content.addSession)
    signedIn.get("library", ":id", "sessions", use: content.sessions)
    signedIn.post("library", ":id", "notes", use: content.addNote)
    signedIn.get("library", ":id", "notes", use: content.notes)
    signedIn.patch("notes", ":id", use: content.updateNote)
    signedIn.delete("notes", ":id", use: content.deleteNote)
    signedIn.post("library", ":id", "quotes", use: content.addQuote)
    signedIn.get("library", ":id", "quotes", use: content.quotes)
    signedIn.delete("quotes", ":id", use: content.deleteQuote)

    let catalog = CatalogController()
    signedIn.get("books", "lookup", use: catalog.lookup)
    signedIn.get("books", "search", use: catalog.search)
    signedIn.get("works", ":id", use: catalog.work)
    signedIn.get("editions", ":id", use: catalog.edition)
    signedIn.get("authors", ":id", use: catalog.author)

    let reader = ReaderController()
    signedIn.get("tags", use: reader.tags)
    signedIn.get("authors", use: reader.authors)
    signedIn.get("home", use: reader.home)

    let lists = ListController()
    signedIn.get("lists", use: lists.index)
    signedIn.post("lists", use: lists.create)
    signedIn.get("lists", ":id", use: lists.show)
    signedIn.patch("lists", ":id", use: lists.update)
    signedIn.delete("lists", ":id", use: lists.delete)
    signedIn.post("lists", ":id", "share-code", use: lists.replaceShareCode)
    signedIn.get("lists", ":id", "items", use: lists.items)
    signedIn.post("lists", ":id", "items", use: lists.addItem)
    signedIn.patch("lists", ":id", "items", ":itemId", use: lists.updateItem)
    signedIn.delete("lists", ":id", "items", ":itemId", use: lists.deleteItem)
    signedIn.get("shared-lists", ":code", use: lists.openShared)
    signedIn.post("shared-lists", ":code", "save", use: lists.save)
    signedIn.delete("shared-lists", ":code", "save", use: lists.unsave)
    signedIn.post("shared-lists", ":code", "copy", use: lists.copy)

    let clubs = ClubController()
    signedIn.get("clubs", use: clubs.index)
    signedIn.post("clubs", use: clubs.create)
    signedIn.post("clubs", "join", use: clubs.join)
    signedIn.get("clubs", ":id", use: clubs.show)
    signedIn.patch("clubs", ":id", use: clubs.update)
    signedIn.delete("clubs", ":id", use: clubs.delete)
    signedIn.post("clubs", ":id", "leave", use: clubs.leave)
    signedIn.post("clubs", ":id", "code", use: clubs.replaceCode)
    signedIn.get("clubs", ":id", "books", use: clubs.books)
    signedIn.get("clubs", ":id", "members", use: clubs.members)
    signedIn.patch("clubs", ":id", "members", ":userId", use: clubs.updateMember)
    signedIn.delete("clubs", ":id", "members", ":userId", use: clubs.removeMember)
    signedIn.post("clubs", ":id", "owner", use: clubs.transfer)
    signedIn.put("clubs", ":id", "current-book", use: clubs.setCurrentBook)
    signedIn.get("clubs", ":id", "schedule", use: clubs.schedule)
    signedIn.put("clubs", ":id", "schedule", use: clubs.setSchedule)
    signedIn.get("clubs", ":id", "proposals", use: clubs.proposals)
    signedIn.post("clubs", ":id", "proposals", use: clubs.propose)
    signedIn.post("clubs", ":id", "proposals", ":proposalId", "vote", use: clubs.vote)
    signedIn.delete("clubs", ":id", "proposals", ":proposalId", "vote", use: clubs.unvote)
    signedIn.post("clubs", ":id", "proposals", ":proposalId", "pick", use: clubs.pick)
    signedIn.get("clubs", ":id", "activity", use: clubs.activity)
    signedIn.get("clubs", ":id", "comments", use: clubs.comments)
    signedIn.post("clubs", ":id", "comments", use: clubs.postComment)
    // The club page's script opens the stream with the session cookie (EventSource sends no
    // Authorization header); a GET changes nothing, and other sites cannot read the answer.
    api.grouped(SessionCookieAuthenticator(), RequireUserMiddleware()).get("clubs", ":id", "events", use: clubs.events)
    signedIn.get("comments", ":id", use: clubs.comment)
    signedIn.patch("comments", ":id", use: clubs.editComment)
    signedIn.delete("comments", ":id", use: clubs.deleteComment)

    // Uploads stream to disk (up to 50 MB, checked while they arrive), never into memory.
    let imports = ImportController()
    signedIn.on(.POST, "imports", body: .stream, use: imports.create)
    signedIn.get("imports", ":id", use: imports.show)
    signedIn.get("export", use: ExportController().export)

    webRoutes(app, config: config)
}

/// The web app for readers: pages through the same services as the API, behind a session cookie,
/// CSRF-checked forms and a strict Content-Security-Policy. Every path comes from `SiteURL`.
func webRoutes(_ app: Application, config: DogearConfig) {
    let cookies = CookiePolicy(
        baseURLIsHTTPS: config.baseURL.hasPrefix("https://"), trustedProxies: Set(config.trustedProxies))
    let any = SiteURL.anyID
    // Outermost first: headers on every page (error pages too), then errors as pages.
    let web = app.grouped(
        PageSecurityHeaders(cookies: cookies), PageErrorMiddleware(), CSRFMiddleware(cookies: cookies),
        SessionCookieSliding(cookies: cookies), SessionCookieAuthenticator())
    let account = AccountPages(cookies: cookies)
    web.get(.signIn, use: account.signInPage)
    web.post(.signIn, use: account.signIn)
    web.get(.signUp, use: account.signUpPage)
    web.post(.signUp, use: account.signUp)
    web.post(.signOut, use: account.signOut)

    let pages = web.grouped(RequireSignedInPage())
    pages.get(.home, use: HomePage().show)
    pages.get(.library, use: LibraryPages().index)
    let profile = ProfilePage()
    pages.get(.profile, use: profile.show)
    pages.post(.profile, use: profile.save)

    let books = BookPages()
    pages.get(.book(any), use: books.show)
    pages.post(.bookProgress(any), use: books.progress)
    pages.post(.bookStatus(any), use: books.status)
    pages.post(.bookRating(any), use: books.rating)
    pages.get(.deleteBook(any), use: books.confirmDelete)
    pages.post(.deleteBook(any), use: books.delete)
    pages.post(.bookNotes(any), use: books.addNote)
    pages.post(.bookSessions(any), use: books.addSession)
    pages.post(.bookQuotes(any), use: books.addQuote)
    pages.post(.deleteNote(any), use: books.deleteNote)

    let form = BookFormPages()
    pages.get(.add, use: form.addPage)
    pages.post(.add, use: form.add)
    pages.get(.editBook(any), use: form.editPage)
    pages.post(.editBook(any), use: form.edit)
    // JSON for the add form's script: the API's error shape, not an error page.
    app.grouped(
        PageSecurityHeaders(cookies: cookies), CSRFMiddleware(cookies: cookies), SessionCookieAuthenticator(),
        RequireUserMiddleware()
    )
    .get(.lookup, use: form.lookupJSON)

    let lists = ListPages(baseURL: config.baseURL)
    let anyText = SiteURL.anyText
    let clubPages = ClubPages(baseURL: config.baseURL)
    pages.get(.clubs, use: clubPages.index)
    pages.post(.joinClub, use: clubPages.join)
    pages.get(.newClub, use: clubPages.newPage)
    pages.post(.newClub, use: clubPages.create)
    pages.get(.club(any), use: clubPages.show)
    pages.get(.clubSettings(any), use: clubPages.settingsPage)
    pages.post(.clubSettings(any), use: clubPages.saveSettings)
    pages.post(.deleteClub(any), use: clubPages.delete)
    pages.post(.leaveClub(any), use: clubPages.leave)
    pages.post(.clubCode(any), use: clubPages.replaceCode)
    pages.post(.clubCurrentBook(any), use: clubPages.setCurrentBook)
    pages.post(.clubAddBook(any), use: clubPages.addBook)
    pages.post(.clubSchedule(any), use: clubPages.schedule)
    pages.post(.clubHideProgress(any), use: clubPages.hideProgress)
    pages.post(.clubMemberRole(any, any), use: clubPages.changeRole)
    pages.post(.clubRemoveMember(any, any), use: clubPages.removeMember)
    pages.post(.clubOwner(any), use: clubPages.handOver)
    pages.post(.clubComments(any), use: clubPages.comment)
    pages.post(.clubProposals(any), use: clubPages.propose)
    pages.post(.clubVote(any, any), use: clubPages.vote)
    pages.post(.clubUnvote(any, any), use: clubPages.unvote)
    pages.post(.clubPick(any, any), use: clubPages.pick)
    pages.post(.editComment(any), use: clubPages.editComment)
    pages.post(.deleteComment(any), use: clubPages.deleteComment)
    pages.get(.joinByCode(anyText), use: clubPages.joinPage)
    pages.post(.joinByCode(anyText), use: clubPages.joinByLink)

    pages.get(.lists, use: lists.index)
    pages.get(.openCode, use: lists.openCode)
    pages.get(.newList, use: lists.newPage)
    pages.post(.newList, use: lists.create)
    pages.get(.list(anyText), use: lists.show)
    pages.get(.editList(anyText), use: lists.editPage)
    pages.post(.editList(anyText), use: lists.edit)
    pages.post(.deleteList(anyText), use: lists.delete)
    pages.post(.listShareCode(anyText), use: lists.replaceShareCode)
    pages.post(.moveListItem(anyText, any), use: lists.moveItem)
    pages.post(.removeListItem(anyText, any), use: lists.removeItem)
    pages.post(.bookAddToList(any), use: lists.addBook)
    pages.get(.sharedList(anyText), use: lists.shared)
    pages.post(.saveShared(anyText), use: lists.save)
    pages.post(.unsaveShared(anyText), use: lists.unsave)
    pages.post(.copyShared(anyText), use: lists.copy)

    let transfer = TransferPages()
    pages.get(.importFile, use: transfer.uploadPage)
    // Streamed to disk like the API's upload (the form's CSRF token is in its address).
    pages.post(.importFile, body: .stream, use: transfer.upload)
    pages.get(.importJob(any), use: transfer.show)
    pages.post(.runImport(any), use: transfer.run)
    pages.get(.export, use: transfer.exportPage)
    pages.get(.exportFile(SiteURL.anyFormat), use: transfer.download)
}
