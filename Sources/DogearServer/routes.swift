import DogearServices
import DogearStore
import DogearViews
import Vapor

/// The whole route table, grouped by area. Every /api route is described in openapi.yaml (a test
/// compares the two).
package func routes(_ app: Application, config: DogearConfig) throws {
    let system = SystemController(databaseKind: config.database.kind, metricsToken: config.metricsToken)
    app.get("health", use: system.health)
    app.get("ready", use: system.ready)
    app.get("metrics", use: system.metrics)
    app.get("openapi.yaml", use: system.openAPI)

    let api = app.grouped("api", "v1").grouped(BearerTokenAuthenticator())

    let auth = AuthController()
    api.post("auth", "signup", use: auth.signUp)
    api.post("auth", "signin", use: auth.signIn)
    api.post("auth", "password-reset", use: auth.askPasswordReset)
    api.post("auth", "password-reset", "confirm", use: auth.resetPassword)
    api.post("auth", "nonce", use: auth.nonce)
    api.post("auth", "apple", use: auth.apple)
    api.post("auth", "google", use: auth.google)
    api.post("auth", "link", use: auth.completeLink)

    // Routes marked batchable() are the writes an app may queue offline and send in one batch
    // (BatchRouter): the reader's own data, never the account, tokens, sessions, codes to guess,
    // imports, exports or sync.
    // An app's token is held to its scopes; none manages the account (TokenScopeMiddleware).
    // Writes with an Idempotency-Key apply once (after the scope check: a refused write stores nothing).
    // A version a handler tagged becomes the ETag inside that, so a replayed answer carries it too.
    let signedIn = api.grouped(
        RequireUserMiddleware(), TokenScopeMiddleware(managesAccount: false), IdempotencyMiddleware(), VersionTagMiddleware())
    let accountManagement = api.grouped(
        RequireUserMiddleware(), TokenScopeMiddleware(managesAccount: true), IdempotencyMiddleware(), VersionTagMiddleware())
    signedIn.post("auth", "signout", use: auth.signOut)
    signedIn.get("me", use: auth.me)
    signedIn.patch("me", use: auth.updateMe).batchable()
    accountManagement.post("me", "password", use: auth.changePassword)
    accountManagement.delete("me", use: auth.deleteMe)
    accountManagement.get("sessions", use: auth.sessions)
    accountManagement.delete("sessions", use: auth.endOtherSessions)
    accountManagement.delete("sessions", ":id", use: auth.endSession)
    accountManagement.get("tokens", use: auth.appTokens)
    // Its answer holds the new token's secret: an Idempotency-Key stores it without (IdempotencyMiddleware).
    accountManagement.post("tokens", use: auth.createAppToken).userInfo[IdempotencyMiddleware.secretInAnswer] = true
    accountManagement.delete("tokens", ":id", use: auth.revokeAppToken)

    // Device logins open /kosync only; making one mints a credential (account management). The
    // documents devices report are the reader's own data.
    let devices = DeviceController()
    accountManagement.get("devices", use: devices.logins)
    accountManagement.post("devices", use: devices.create).userInfo[IdempotencyMiddleware.secretInAnswer] = true
    accountManagement.delete("devices", ":id", use: devices.revoke)
    signedIn.get("devices", "documents", use: devices.documents)
    signedIn.post("devices", "documents", ":document", "link", use: devices.link)
    signedIn.delete("devices", "documents", ":document", "link", use: devices.unlink)
    KOSyncController().register(app)

    let library = LibraryController()
    signedIn.post("library", use: library.create).batchable()
    signedIn.get("library", use: library.list)
    signedIn.get("library", "shelves", use: library.shelves)
    signedIn.get("library", ":id", use: library.show)
    signedIn.patch("library", ":id", use: library.update).batchable()
    signedIn.delete("library", ":id", use: library.delete).batchable()
    signedIn.post("library", ":id", "status", use: library.changeStatus).batchable()
    signedIn.post("library", ":id", "progress", use: library.progress).batchable()

    let content = EntryContentController()
    signedIn.post("library", ":id", "sessions", use: content.addSession).batchable()
    signedIn.get("library", ":id", "sessions", use: content.sessions)
    signedIn.post("library", ":id", "notes", use: content.addNote).batchable()
    signedIn.get("library", ":id", "notes", use: content.notes)
    signedIn.patch("notes", ":id", use: content.updateNote).batchable()
    signedIn.delete("notes", ":id", use: content.deleteNote).batchable()
    signedIn.post("library", ":id", "quotes", use: content.addQuote).batchable()
    signedIn.get("library", ":id", "quotes", use: content.quotes)
    signedIn.delete("quotes", ":id", use: content.deleteQuote).batchable()

    let catalog = CatalogController()
    signedIn.get("books", "lookup", use: catalog.lookup)
    signedIn.get("books", "search", use: catalog.search)
    signedIn.get("works", ":id", use: catalog.work)
    signedIn.get("editions", ":id", use: catalog.edition)
    signedIn.get("authors", ":id", use: catalog.author)
    signedIn.patch("authors", ":id", use: catalog.editAuthor).batchable()
    signedIn.patch("works", ":id", use: catalog.editWork).batchable()

    let reader = ReaderController()
    signedIn.get("tags", use: reader.tags)
    signedIn.get("authors", use: reader.authors)
    signedIn.get("home", use: reader.home)

    let stats = StatsController()
    signedIn.get("stats", use: stats.stats)
    signedIn.get("stats", "basic", use: stats.basic)
    let years = YearController()
    signedIn.get("years", ":year", use: years.summary)
    signedIn.post("years", ":year", "share", use: years.share)
    signedIn.delete("years", ":year", "share", use: years.unshare)
    let goals = GoalController()
    signedIn.get("goals", use: goals.index)
    signedIn.post("goals", use: goals.create).batchable()
    signedIn.patch("goals", ":id", use: goals.update).batchable()
    signedIn.delete("goals", ":id", use: goals.delete).batchable()
    signedIn.get("goals", ":id", "progress", use: goals.progress)

    let discover = DiscoverController()
    let sync = SyncController()
    signedIn.get("sync", use: sync.changes)
    signedIn.post("batch", use: BatchController().apply)

    signedIn.get("discover", "deck", use: discover.deck)
    signedIn.post("discover", "swipes", use: discover.swipe).batchable()
    signedIn.post("discover", "undo", use: discover.undo).batchable()
    signedIn.get("discover", "preferences", use: discover.preferences)
    signedIn.delete("discover", "preferences", use: discover.startOver)
    signedIn.post("discover", "learn-library", use: discover.learnLibrary)

    let lists = ListController()
    signedIn.get("lists", use: lists.index)
    signedIn.post("lists", use: lists.create).batchable()
    signedIn.get("lists", ":id", use: lists.show)
    signedIn.patch("lists", ":id", use: lists.update).batchable()
    signedIn.delete("lists", ":id", use: lists.delete).batchable()
    signedIn.post("lists", ":id", "share-code", use: lists.replaceShareCode)
    signedIn.get("lists", ":id", "items", use: lists.items)
    signedIn.post("lists", ":id", "items", use: lists.addItem).batchable()
    signedIn.patch("lists", ":id", "items", ":itemId", use: lists.updateItem).batchable()
    signedIn.delete("lists", ":id", "items", ":itemId", use: lists.deleteItem).batchable()
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
    signedIn.post("clubs", ":id", "leave", use: clubs.leave).batchable()
    signedIn.post("clubs", ":id", "code", use: clubs.replaceCode)
    signedIn.get("clubs", ":id", "books", use: clubs.books)
    signedIn.get("clubs", ":id", "members", use: clubs.members)
    signedIn.patch("clubs", ":id", "members", ":userId", use: clubs.updateMember)
    signedIn.delete("clubs", ":id", "members", ":userId", use: clubs.removeMember)
    signedIn.get("clubs", ":id", "removals", use: clubs.removals)
    signedIn.delete("clubs", ":id", "removals", ":userId", use: clubs.letBackIn)
    signedIn.get("clubs", ":id", "join-requests", use: clubs.joinRequests)
    signedIn.post("clubs", ":id", "join-requests", ":userId", use: clubs.approveJoin)
    signedIn.delete("clubs", ":id", "join-requests", ":userId", use: clubs.declineJoin)
    signedIn.post("clubs", ":id", "owner", use: clubs.transfer)
    signedIn.put("clubs", ":id", "current-book", use: clubs.setCurrentBook).batchable()
    signedIn.get("clubs", ":id", "schedule", use: clubs.schedule)
    signedIn.put("clubs", ":id", "schedule", use: clubs.setSchedule).batchable()
    signedIn.get("clubs", ":id", "proposals", use: clubs.proposals)
    signedIn.post("clubs", ":id", "proposals", use: clubs.propose).batchable()
    signedIn.post("clubs", ":id", "proposals", ":proposalId", "vote", use: clubs.vote).batchable()
    signedIn.delete("clubs", ":id", "proposals", ":proposalId", "vote", use: clubs.unvote).batchable()
    signedIn.post("clubs", ":id", "proposals", ":proposalId", "pick", use: clubs.pick).batchable()
    signedIn.get("clubs", ":id", "activity", use: clubs.activity)
    signedIn.get("clubs", ":id", "comments", use: clubs.comments)
    signedIn.post("clubs", ":id", "comments", use: clubs.postComment).batchable()
    // The club page's script opens the stream with the session cookie (EventSource sends no
    // Authorization header); a GET changes nothing, and other sites cannot read the answer.
    api.grouped(SessionCookieAuthenticator(), RequireUserMiddleware()).get("clubs", ":id", "events", use: clubs.events)
    signedIn.get("comments", ":id", use: clubs.comment)
    signedIn.patch("comments", ":id", use: clubs.editComment).batchable()
    signedIn.delete("comments", ":id", use: clubs.deleteComment).batchable()

    // Uploads stream to disk (up to 50 MB, checked while they arrive), never into memory.
    let imports = ImportController()
    signedIn.on(.POST, "imports", body: .stream, use: imports.create).userInfo[IdempotencyMiddleware.streamedBody] = true
    signedIn.get("imports", ":id", use: imports.show)
    signedIn.get("export", use: ExportController().export)

    // Shelf photos stream through the upload receiver (20 MB); their reading runs on ScanWorker.
    let scans = ScanController()
    signedIn.on(.POST, "scans", body: .stream, use: scans.create).userInfo[IdempotencyMiddleware.streamedBody] = true
    signedIn.get("scans", use: scans.index)
    signedIn.get("scans", ":id", use: scans.show)
    signedIn.get("scans", ":id", "photo", use: scans.photo)
    signedIn.delete("scans", ":id", use: scans.delete).batchable()
    signedIn.post("scans", ":id", "confirm-all", use: scans.confirmAll).batchable()
    signedIn.post("proposals", ":id", "confirm", use: scans.confirm).batchable()
    signedIn.post("proposals", ":id", "reject", use: scans.reject).batchable()

    // What a batch may hold: the routes marked batchable() above, resolved as the router reads a path.
    app.batchRouter = BatchRouter(routes: app.routes)

    webRoutes(app, config: config)
}

/// The web app for readers: pages through the same services as the API, behind a session cookie,
/// CSRF-checked forms and a strict Content-Security-Policy. Every path comes from `SiteURL`.
package func webRoutes(_ app: Application, config: DogearConfig) {
    let cookies = CookiePolicy(
        baseURLIsHTTPS: config.baseURL.hasPrefix("https://"), trustedProxies: Set(config.trustedProxies))
    let any = SiteURL.anyID
    let headers = PageSecurityHeaders(cookies: cookies, providers: config.identityProviders.map(\.name))
    // Outermost first: headers on every page (error pages too), then errors as pages.
    let web = app.grouped(
        headers, ProviderNonceCookie(cookies: cookies), PageErrorMiddleware(), CSRFMiddleware(cookies: cookies),
        SessionCookieSliding(cookies: cookies), SessionCookieAuthenticator())
    let account = AccountPages(cookies: cookies)
    web.get(.signIn, use: account.signInPage)
    web.post(.signIn, use: account.signIn)
    web.get(.signUp, use: account.signUpPage)
    web.post(.signUp, use: account.signUp)
    web.post(.signOut, use: account.signOut)
    let providers = ProviderSignInPages(cookies: cookies)
    // The providers post their tokens here from their own pages, so no CSRF token of Dogear's
    // comes with them: the nonce this server issued, inside the signed token and matching the
    // browser's own nonce cookie (ProviderNonceCookie), stands in for it (and Google's own
    // double-submit cookie is checked too).
    app.grouped(headers, PageErrorMiddleware()).post(.providerCallback(SiteURL.anyText), use: providers.callback)
    web.get(.linkIdentity(SiteURL.anyText), use: providers.linkPage)
    web.post(.linkIdentity(SiteURL.anyText), use: providers.link)
    let recovery = PasswordResetPages()
    web.get(.forgotPassword, use: recovery.forgotPage)
    web.post(.forgotPassword, use: recovery.forgot)
    web.get(.resetPassword(SiteURL.anyText), use: recovery.resetPage)
    web.post(.resetPassword(SiteURL.anyText), use: recovery.reset)

    let pages = web.grouped(RequireSignedInPage())
    pages.get(.home, use: HomePage().show)
    pages.get(.library, use: LibraryPages().index)
    pages.get(.stats, use: StatsPages().show)
    let years = YearPages()
    pages.get(.year(0), use: years.show)
    pages.post(.shareYear(0), use: years.share)
    pages.post(.unshareYear(0), use: years.unshare)
    web.get(.sharedYear(SiteURL.anyText), use: years.shared)
    let discover = DiscoverPages()
    pages.get(.discover, use: discover.show)
    pages.post(.discoverSwipe, use: discover.swipe)
    pages.post(.discoverUndo, use: discover.undo)
    pages.post(.discoverStartOver, use: discover.startOver)
    pages.post(.discoverLearnLibrary, use: discover.learnLibrary)
    let goals = GoalPages()
    pages.get(.goals, use: goals.index)
    pages.post(.goals, use: goals.create)
    pages.get(.editGoal(any), use: goals.editPage)
    pages.post(.editGoal(any), use: goals.edit)
    pages.post(.deleteGoal(any), use: goals.delete)
    let welcome = WelcomePage()
    pages.get(.welcome, use: welcome.show)
    pages.post(.welcome, use: welcome.save)
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

    let facts = BookFactsPages()
    pages.get(.bookFacts(any), use: facts.show)
    pages.post(.bookWorkFacts(any), use: facts.saveWork)
    pages.post(.bookAuthorFacts(any, any), use: facts.saveAuthor)

    let form = BookFormPages()
    let addSearch = AddSearchPages()
    pages.get(.add, use: addSearch.show)
    pages.post(.add, use: form.add)
    pages.post(.addPick, use: addSearch.pick)
    pages.get(.editBook(any), use: form.editPage)
    pages.post(.editBook(any), use: form.edit)
    // JSON for the add form's script: the API's error shape, not an error page.
    app.grouped(
        headers, CSRFMiddleware(cookies: cookies), SessionCookieAuthenticator(),
        RequireUserMiddleware()
    )
    .get(.lookup, use: form.lookupJSON)

    let lists = ListPages()
    let anyText = SiteURL.anyText
    let tokens = AppTokenPages()
    pages.get(.appTokens, use: tokens.show)
    pages.post(.appTokens, use: tokens.create)
    pages.post(.revokeAppToken(any), use: tokens.revoke)
    let security = SecurityPages()
    pages.get(.security, use: security.show)
    pages.post(.changePassword, use: security.changePassword)
    pages.post(.endSession(any), use: security.end)
    pages.post(.endOtherSessions, use: security.endOthers)
    let deletion = DeleteAccountPages(cookies: cookies)
    pages.get(.deleteAccount, use: deletion.show)
    pages.post(.deleteAccount, use: deletion.delete)
    let clubPages = ClubPages()
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
    pages.post(.clubLetBackIn(any, any), use: clubPages.letBackIn)
    pages.post(.clubApproveJoin(any, any), use: clubPages.approveJoin)
    pages.post(.clubDeclineJoin(any, any), use: clubPages.declineJoin)
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
    let scans = ShelfScanPages()
    pages.get(.scan, use: scans.index)
    // The photo streams through the upload receiver; its form's CSRF token is its first part.
    pages.post(.scan, body: .stream, use: scans.upload)
    pages.get(.scanResult(any), use: scans.show)
    pages.get(.scanPhoto(any), use: scans.photo)
    pages.post(.scanConfirmAll(any), use: scans.confirmAll)
    pages.post(.confirmProposal(any), use: scans.confirm)
    pages.post(.rejectProposal(any), use: scans.reject)
    pages.get(.importFile, use: transfer.uploadPage)
    // Streamed to disk like the API's upload (the form's CSRF token is in its address).
    pages.post(.importFile, body: .stream, use: transfer.upload)
    pages.get(.importJob(any), use: transfer.show)
    pages.post(.runImport(any), use: transfer.run)
    pages.get(.export, use: transfer.exportPage)
    pages.get(.exportFile(SiteURL.anyFormat), use: transfer.download)
}
