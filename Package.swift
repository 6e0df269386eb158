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
    ],
    targets: [
        // The rules: pure Swift, no I/O.
        .target(name: "DogearCore"),
        .target(
            name: "DogearServer",
            dependencies: [
                "DogearCore",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            resources: [.copy("Resources/openapi.yaml")]
        ),
        .executableTarget(name: "dogear", dependencies: ["DogearServer"]),
        .testTarget(name: "DogearCoreTests", dependencies: ["DogearCore"]),
        .testTarget(
            name: "DogearServerTests",
            dependencies: [
                "DogearServer",
                .product(name: "VaporTesting", package: "vapor"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
