// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Dogear",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "dogear", targets: ["dogear"]),
        // A Swift client for the JSON API, generated from openapi.yaml (scripts/generate-client.sh).
        .library(name: "DogearClient", targets: ["DogearClient"]),
        // The client's sample: mirrors a reader's library into a local SQLite file and keeps it current.
        .executable(name: "dogear-sync", targets: ["dogear-sync"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-kit.git", from: "1.57.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
        .package(url: "https://github.com/JohnSundell/Plot.git", from: "0.14.0"),
        // Apple and Google ID tokens: signatures checked against the providers' published keys.
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        // SHA-256 of tokens and codes in the services (the same library Vapor and jwt-kit use).
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        // /metrics in Prometheus's text format.
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // What the generated client runs on, and its HTTP transport.
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // dogear-sync's local copy.
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
    ],
    targets: [
        // The rules: pure Swift, no I/O.
        .target(name: "DogearCore", exclude: ["README.md"]),
        // Open Library and Google Books over HTTP, mapped to Core values.
        .target(
            name: "DogearSources",
            dependencies: ["DogearCore", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        // Goodreads, StoryGraph and LibraryThing files in and out (pure: no database, no network).
        .target(
            name: "DogearTransfer",
            dependencies: ["DogearCore", .product(name: "CSV", package: "CSV.swift")]
        ),
        // Every HTML page as Model + View (Plot). No Vapor, no Fluent: a view cannot query.
        .target(
            name: "DogearViews", dependencies: ["DogearCore", .product(name: "Plot", package: "Plot")], exclude: ["README.md"]),
        // Rows and how they are kept: Fluent models, migrations, queries, search indexes, bulk paths,
        // and the one dialect seam. No Vapor: nothing here knows a request.
        .target(
            name: "DogearStore",
            dependencies: [
                "DogearCore",
                "DogearSources",
                "DogearTransfer",
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentSQL", package: "fluent-kit"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            exclude: ["README.md"]
        ),
        // The use cases, with their own inputs and outputs: what a page and an API call both ask for.
        // Imports the store and the rules, never Vapor.
        .target(
            name: "DogearServices",
            dependencies: [
                "DogearCore",
                "DogearScan",
                "DogearSources",
                "DogearStore",
                "DogearTransfer",
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["README.md"]
        ),
        .target(
            name: "DogearServer",
            dependencies: [
                "DogearCore",
                "DogearSources",
                "DogearTransfer",
                "DogearViews",
                "DogearScan",
                "DogearServices",
                "DogearStore",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                // The book sources' client settings.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            exclude: ["README.md"],
            resources: [.copy("Resources/openapi.yaml")]
        ),
        // Shelf photos read on the server: ZBar, Tesseract and Leptonica (Debian's packages), opened at
        // run time so a machine without them still builds and serves (Sources/DogearScan/README.md).
        .target(name: "DogearScan", dependencies: ["DogearCore"], exclude: ["README.md"]),
        // The benchmarks and their synthetic data, outside the server (the CLI still offers `dogear bench`).
        .target(
            name: "DogearBench",
            dependencies: [
                "DogearCore",
                "DogearScan",
                "DogearServer",
                "DogearStore",
                "DogearTransfer",
                "DogearViews",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .executableTarget(name: "dogear", dependencies: ["DogearServer", "DogearBench"]),
        // Generated from openapi.yaml and committed: the generator's plugin would build OpenAPIKit,
        // Yams and the argument parser into every build of Dogear (scripts/generate-client.sh).
        .target(
            name: "DogearClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // Keeps a reader's copy in SQLite through the generated client (the sample's library, tested
        // against a running server).
        .target(
            name: "DogearSync",
            dependencies: ["DogearClient", .product(name: "SQLiteNIO", package: "sqlite-nio")]
        ),
        .executableTarget(name: "dogear-sync", dependencies: ["DogearSync"]),
        .testTarget(name: "DogearCoreTests", dependencies: ["DogearCore"]),
        // A local HTTP server replaying recorded answers, shared by the tests that need one.
        .target(
            name: "DogearTestSupport",
            dependencies: [.product(name: "Vapor", package: "vapor")],
            path: "Tests/DogearTestSupport"
        ),
        .testTarget(name: "DogearSourcesTests", dependencies: ["DogearSources", "DogearTestSupport"]),
        .testTarget(name: "DogearTransferTests", dependencies: ["DogearTransfer", "DogearTestSupport"]),
        // The snapshots are read from beside the tests' own source files (#filePath), not bundled.
        .testTarget(name: "DogearViewsTests", dependencies: ["DogearViews"], exclude: ["Snapshots"]),
        .testTarget(name: "DogearScanTests", dependencies: ["DogearScan", "DogearTestSupport"]),
        .testTarget(
            name: "DogearServerTests",
            dependencies: [
                "DogearServer",
                "DogearStore",
                // The synthetic library the search probes run on.
                "DogearBench",
                "DogearTransfer",
                "DogearTestSupport",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // Signs the test's own ID tokens with a local key.
                .product(name: "JWTKit", package: "jwt-kit"),
                // KOReader's key: the MD5 of a password, as its plugin computes it.
                .product(name: "Crypto", package: "swift-crypto"),
                // The generated client's sample, against a running server.
                "DogearSync",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
