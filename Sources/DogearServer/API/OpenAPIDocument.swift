import DogearServices
import DogearStore
import Foundation

/// The API contract, `openapi.yaml` at the repository root, shipped as a resource of this module.
package enum OpenAPIDocument {
    package static let text: String = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            return "openapi: 3.1.0\ninfo: {title: Dogear, version: unknown}\npaths: {}\n"
        }
        return text
    }()
}
