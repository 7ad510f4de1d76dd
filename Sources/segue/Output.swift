import Glibc

/// Standard output, kept for the one line scripts read: `listening on http://HOST:PORT`.
/// Logs go to standard error.
enum Output {
    /// Writes `text` and a newline to standard output at once, unbuffered.
    static func line(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if result <= 0 { return }
            written += result
        }
    }

    /// The host as it appears in a URL: IPv6 literals go in brackets.
    static func hostForURL(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}
