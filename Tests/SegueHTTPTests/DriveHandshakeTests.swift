import SegueAPI
import Testing

/// The handshake's answer over a real socket, as RFC 6455 §4.2.2 writes it: `101`, `Upgrade:
/// websocket`, and one `Connection: Upgrade`. libmicrohttpd writes `Connection: Upgrade` on an
/// upgrade response itself, so a second one from us reached clients as `Upgrade, Upgrade`, which
/// Node's WebSocket client refuses.
@Suite struct DriveHandshakeTests {
    @Test func theAnswerSaysConnectionUpgradeOnce() throws {
        let drive = try DriveBurstTests.DriveServer(limits: DriveLimits())
        defer { drive.server.shutdown() }
        let client = try DriveTestClient(port: drive.server.port)
        let lines = client.handshakeHead.split(separator: "\r\n").map(String.init)
        func values(_ name: String) -> [String] {
            lines.compactMap { line in
                guard let colon = line.firstIndex(of: ":"),
                    line[..<colon].lowercased() == name.lowercased()
                else { return nil }
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        #expect(values("Connection") == ["Upgrade"], "\(client.handshakeHead)")
        #expect(values("Upgrade").map { $0.lowercased() } == ["websocket"])
        #expect(values("Sec-WebSocket-Accept") == ["s3pPLMBiTxaQ9kYGzzhZRbK+xOo="])
    }
}
