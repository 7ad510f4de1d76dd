import Foundation
import SegueAPI
import SegueHTTP
import SegueTestSupport
import Testing

/// `--max-json-values` as a client meets it over a real socket, on every route that reads a JSON
/// body, with the work gate in front as the server runs: a body past the cap is a 422 at the first
/// value past it, naming the flag, whatever shape its values take; a body at the cap is read.
@Suite struct JSONValuesCapTests {
    /// The default cap: 2^16 values (array elements and object members at every depth).
    static let cap = RequestLimits().maxJSONValues

    /// `{"preset":"instagram.pop","x":[0,…]}` with `elements` elements: 2 + `elements` values.
    static func zeros(_ elements: Int, prefix: String = #"{"preset":"instagram.pop""#) -> [UInt8] {
        Array((prefix + #","x":["# + Array(repeating: "0", count: elements).joined(separator: ",") + "]}").utf8)
    }

    /// `{"preset":"instagram.pop","k0":0,…}` with `keys` more members: 1 + `keys` values.
    static func keys(_ keys: Int) -> [UInt8] {
        Array((#"{"preset":"instagram.pop","# + (0..<keys).map { "\"k\($0)\":0" }.joined(separator: ",") + "}").utf8)
    }

    /// One-element arrays nested 8 deep around a 0, `count` times: 2 + 9 × `count` values.
    static func nests(_ count: Int) -> [UInt8] {
        let nest = String(repeating: "[", count: 7) + "[0]" + String(repeating: "]", count: 7)
        return Array(
            (#"{"preset":"instagram.pop","x":["# + Array(repeating: nest, count: count).joined(separator: ",") + "]}")
                .utf8)
    }

    private func problem(_ live: LiveServer, _ path: String, _ body: [UInt8]) throws -> (Int, [[String: Any]]) {
        let response = try TestHTTPConnection(port: live.port).exchange(
            "POST", path, headers: [("Content-Type", "application/json")], body: body)
        let json = try #require((try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any])
        return (response.status, json["errors"] as? [[String: Any]] ?? [])
    }

    /// Past the cap by one, as elements, as members and as nests: 422 at the value past it.
    @Test func oneValuePastTheCapIsRefusedAtItsPointer() throws {
        let live = try LiveServer(gate: WorkGate(maxRunning: 2, maxQueued: 8))
        // preset and x are values 1 and 2, x/k is value k + 3: value cap + 1 is x/(cap - 2).
        let cases: [(String, [UInt8], String)] = [
            ("elements", Self.zeros(Self.cap - 1), "/x/\(Self.cap - 2)"),
            // preset is value 1, k/j value j + 2: value cap + 1 is k(cap - 1).
            ("members", Self.keys(Self.cap), "/k\(Self.cap - 1)"),
            // The value d levels into nest i (d from 1, the nest itself, to 9, its 0) is value
            // 2 + 9i + d: value cap + 1 = 65537 = 2 + 9 · 7281 + 6, six levels into nest 7281.
            ("nests", Self.nests(Self.cap / 9 + 1), "/x/7281" + String(repeating: "/0", count: 5)),
        ]
        for (name, body, pointer) in cases {
            let (status, errors) = try problem(live, "/v1/simulate", body)
            #expect(status == 422, "\(name)")
            #expect(errors.first?["pointer"] as? String == pointer, "\(name)")
            let detail = errors.first?["detail"] as? String ?? ""
            #expect(detail.contains("more than \(Self.cap) values"), "\(name): \(detail)")
            #expect(detail.contains("--max-json-values"), "\(name): \(detail)")
        }
    }

    /// At the cap the body is read, and the answer is about its fields (x is not one).
    @Test func aBodyAtTheCapIsRead() throws {
        let live = try LiveServer(gate: WorkGate(maxRunning: 2, maxQueued: 8))
        let (status, errors) = try problem(live, "/v1/simulate", Self.zeros(Self.cap - 2))
        #expect(status == 422)
        #expect(errors.first?["pointer"] as? String == "/x")
        let detail = errors.first?["detail"] as? String ?? ""
        #expect(detail.contains("Unknown field 'x'"))
        #expect(detail.contains("--max-json-values") == false)
    }

    /// Curves and decisions read their bodies the same way.
    @Test func everyJSONRouteHasTheCap() throws {
        let live = try LiveServer(gate: WorkGate(maxRunning: 2, maxQueued: 8))
        for path in ["/v1/curves", "/v1/decisions"] {
            let (status, errors) = try problem(live, path, Self.zeros(Self.cap - 1, prefix: #"{"frameRate":60"#))
            #expect(status == 422, "\(path)")
            #expect(errors.first?["pointer"] as? String == "/x/\(Self.cap - 2)", "\(path)")
            #expect((errors.first?["detail"] as? String ?? "").contains("--max-json-values"), "\(path)")
        }
    }
}
