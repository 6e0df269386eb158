// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Dogear",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "dogear", targets: ["dogear"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
        .package(url: "https://github.com/JohnSundell/Plot.git", from: "0.14.0"),
        // Apple and Google ID tokens: signatures checked against the providers' published keys.
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        // /metrics in Prometheus's text format.
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        // The rules: pure Swift, no I/O.
        .target(name: "DogearCore"),
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
        .target(name: "DogearViews", dependencies: ["DogearCore", .product(name: "Plot", package: "Plot")]),
        .target(
            name: "DogearServer",
            dependencies: [
                "DogearCore",
                "DogearSources",
                "DogearTransfer",
                "DogearViews",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                // The feed benchmark's event-stream clients.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            resources: [.copy("Resources/openapi.yaml")]
        ),
        .executableTarget(name: "dogear", dependencies: ["DogearServer"]),
        .testTarget(name: "DogearCoreTests", dependencies: ["DogearCore"]),
        // A local HTTP server replaying recorded answers, shared by the tests that need one.
        .target(
            name: "DogearTestSupport",
            dependencies: [.product(name: "Vapor", package: "vapor")],
            path: "Tests/DogearTestSupport"
        ),
        .testTarget(name: "DogearSourcesTests", dependencies: ["DogearSources", "DogearTestSupport"]),
        .testTarget(name: "DogearTransferTests", dependencies: ["DogearTransfer", "DogearTestSupport"]),
        .testTarget(name: "DogearViewsTests", dependencies: ["DogearViews"]),
        .testTarget(
            name: "DogearServerTests",
            dependencies: [
                "DogearServer",
                "DogearTransfer",
                "DogearTestSupport",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // Signs the test's own ID tokens with a local key.
                .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
