// swift-tools-version:6.2
// Builds swift-openapi-generator's command, which `scripts/generate-client.sh` runs to write
// Sources/DogearClient/Generated from openapi.yaml. A package of its own, so building Dogear does
// not build the generator (OpenAPIKit, Yams and the argument parser: minutes on a fresh machine).
import PackageDescription

let package = Package(
    name: "openapi-generator",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ],
    targets: []
)
