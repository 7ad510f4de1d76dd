import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// gzip-coded answers: when RFC 9110's `Accept-Encoding` allows them, and that the coded
/// bytes are the plain ones, as Debian's gzip(1) decodes them.
@Suite struct ResponseCompressionTests {
    let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()))

    @Test(arguments: [
        ("gzip", true), ("GZip", true), ("x-gzip", true), ("deflate, gzip", true), ("gzip;q=0.5", true),
        ("gzip; q=0.001", true), ("gzip;q=0", false), ("gzip;q=0.000", false), ("*", true), ("*;q=0", false),
        ("br, *;q=0.1", true), ("gzip;q=0, *", false), ("identity", false), ("deflate, br", false), ("", false),
    ])
    func acceptEncodingIsReadAsRFC9110Says(field: String, accepts: Bool) {
        #expect(ResponseCompression.acceptsGzip(field) == accepts, "Accept-Encoding: \(field)")
    }

    @Test func noFieldMeansPlain() {
        #expect(!ResponseCompression.acceptsGzip(nil))
    }

    func simulate(acceptEncoding: String?) throws -> HTTPResponse {
        let body = try #require(Fixtures.exampleRequests().first { $0.name == "instagram.pop.interactive" }?.body)
        return service.simulate(body, headers: acceptEncoding.map { ["Accept-Encoding": $0] } ?? [:])
    }

    /// Runs gzip -dc over `bytes`.
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return Array(data)
    }

    @Test func aLargeAnswerIsGzipCodedAndDecodesToThePlainOne() throws {
        let plain = try simulate(acceptEncoding: nil)
        let coded = try simulate(acceptEncoding: "gzip, deflate, br")
        #expect(plain.headers["Content-Encoding"] == nil)
        #expect(coded.headers["Content-Encoding"] == "gzip")
        #expect(coded.headers["Vary"] == "Accept-Encoding")
        #expect(plain.headers["Vary"] == "Accept-Encoding")
        #expect(coded.body.count * 3 < plain.body.count)  // JSON of repeated keys: at least 3 to 1
        #expect(try Self.gunzip(coded.body) == plain.body)
    }

    @Test func aSmallAnswerStaysPlain() {
        let response = service.respond(
            to: HTTPRequest(method: .get, path: "/healthz", headers: ["Accept-Encoding": "gzip"]))
        #expect(response.body.count < ResponseCompression.defaultMinimumBytes)
        #expect(response.headers["Content-Encoding"] == nil)
    }

    @Test func aServerWithGzipOffAnswersPlainWithoutVary() throws {
        let service = SegueService(
            router: .segue(catalogue: .builtIn, readiness: Readiness()),
            compression: ResponseCompression(minimumBytes: nil))
        let response = service.respond(
            to: HTTPRequest(method: .get, path: "/v1/presets", headers: ["Accept-Encoding": "gzip"]))
        #expect(response.body.count > ResponseCompression.defaultMinimumBytes)
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.headers["Vary"] == nil)
    }

    @Test func aCorsVaryKeepsAcceptEncoding() throws {
        let service = SegueService(
            router: .segue(catalogue: .builtIn, readiness: Readiness()),
            cors: try #require(CORSPolicy(setting: "https://example.com")))
        let response = service.respond(
            to: HTTPRequest(
                method: .get, path: "/v1/presets",
                headers: ["Accept-Encoding": "gzip", "Origin": "https://example.com"]))
        #expect(response.headers["Content-Encoding"] == "gzip")
        #expect(response.headers["Vary"] == "Accept-Encoding, Origin")
    }
}
