import Glibc

/// Why a test connection failed, in words.
public struct TestSocketError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// One HTTP/1.1 response as read off the wire.
public struct TestHTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    /// The first value of a header, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking client connection to 127.0.0.1 that writes raw bytes and parses
/// responses, so tests control exactly what goes over the socket: partial bodies,
/// chunked encoding, several requests on one keep-alive connection, abrupt closes.
/// Every read and write times out, so a broken server fails a test instead of hanging it.
public final class TestHTTPConnection {
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// `receiveBuffer`, when given, shrinks the socket's receive buffer before connecting:
    /// a client that does not read then stalls the server's send almost at once.
    public init(port: Int, timeoutSeconds: Int = 10, receiveBuffer: Int? = nil) throws {
        fd = try connectToLoopback(port: port, timeoutSeconds: timeoutSeconds, receiveBuffer: receiveBuffer)
    }

    deinit {
        Glibc.close(fd)
    }

    /// Builds a request's bytes. `Content-Length` is added for a non-nil body.
    public static func request(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil
    ) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        if let body {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + (body ?? [])
    }

    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let result = bytes[sent...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard result > 0 else { throw TestSocketError("send failed: errno \(errno)") }
            sent += result
        }
    }

    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Sends a request and reads its response.
    public func exchange(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil
    ) throws -> TestHTTPResponse {
        try send(Self.request(method, path, headers: headers, body: body))
        return try readResponse(bodyExpected: method != "HEAD")
    }

    /// Reads one response: the head, then `Content-Length` bytes of body (none
    /// when `bodyExpected` is false, as for HEAD).
    public func readResponse(bodyExpected: Bool = true) throws -> TestHTTPResponse {
        let terminator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffer.firstRange(of: terminator)?.lowerBound
            if headEnd == nil {
                guard try fill() else { throw TestSocketError("connection closed before a complete response head") }
            }
        }
        guard let headEnd else { throw TestSocketError("no response head") }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw TestSocketError("malformed status line in: \(head)")
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            return (String(line[..<colon]), String(value))
        }
        var response = TestHTTPResponse(status: status, headers: headers, body: [])
        let length = bodyExpected ? Int(response.header("Content-Length") ?? "0") ?? 0 : 0
        while buffer.count < length {
            guard try fill() else {
                throw TestSocketError("connection closed after \(buffer.count) of \(length) body bytes")
            }
        }
        response.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return response
    }

    /// Reads until the server closes the connection; returns what arrived. A reset
    /// counts as a close.
    public func readUntilClosed() throws -> [UInt8] {
        while try fill() {}
        defer { buffer = [] }
        return buffer
    }

    /// Reads what is available into the buffer; false at end of stream or reset.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let received = recv(fd, &chunk, chunk.count, 0)
        if received > 0 {
            buffer.append(contentsOf: chunk[..<received])
            return true
        }
        if received == 0 || errno == ECONNRESET {
            return false
        }
        throw TestSocketError(errno == EAGAIN ? "timed out waiting for the server" : "recv failed: errno \(errno)")
    }

    /// Shuts down the sending side (`shutdown(SHUT_WR)`): the server reads end of stream after
    /// what was sent, and can still answer.
    public func finishSending() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Closes the connection now, abruptly if data is still unread.
    public func close() {
        shutdown(fd, Int32(SHUT_RDWR))
    }
}
