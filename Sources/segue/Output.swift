import Glibc

/// Standard output, kept for the one line scripts read: `listening on http://HOST:PORT`;
/// and standard error for a start-up failure. Logs go to standard error through swift-log.
enum Output {
    /// Writes `text` and a newline to standard output at once, unbuffered.
    static func line(_ text: String) {
        write(text, to: 1)
    }

    /// Writes `text` and a newline to standard error, for a failure before logging starts.
    static func error(_ text: String) {
        write(text, to: 2)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array((text + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if result <= 0 { return }
            written += result
        }
    }

    /// The host as it appears in a URL: IPv6 literals go in brackets.
    static func hostForURL(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}
