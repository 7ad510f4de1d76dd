import CMicroHTTPD
import Glibc
import Logging
import Synchronization

/// libmicrohttpd's own messages, routed through Segue's logger at `level` and under a
/// `LogRateLimit`, instead of written to standard error.
///
/// Why: with `MHD_USE_ERROR_LOG` and no external logger, libmicrohttpd writes every
/// message to stderr itself, whatever `--log-level` says, and it writes one for each
/// refused connection, reset or malformed request, so any client could flood the log.
/// Here the messages obey `--log-level` (they are `notice`: client behaviour the server
/// coped with, like the `rejected` line of a 4xx) and at most `rate` of them are logged;
/// the next line logged says how many were dropped.
final class LibraryLog: Sendable {
    /// The level of libmicrohttpd's messages.
    static let level = Logger.Level.notice
    /// The longest message kept, in bytes; libmicrohttpd's longest quote an HTML body.
    static let maxMessageBytes = 512

    private let logger: Logger
    private let limit: Mutex<LogRateLimit>
    /// Where the budget's clock starts.
    private let origin = ContinuousClock.now

    init(logger: Logger, rate: LogRateLimit) {
        self.logger = logger
        limit = Mutex(rate)
    }

    /// The libmicrohttpd option that sends its messages here; `self` must outlive the daemon.
    var daemonOptions: [any CVarArg] {
        let callback = Int(bitPattern: unsafeBitCast(Self.callback, to: UnsafeRawPointer.self))
        return [
            MHD_OPTION.EXTERNAL_LOGGER.rawValue, callback, Int(bitPattern: Unmanaged.passUnretained(self).toOpaque()),
        ]
    }

    /// Logs one message if the level is enabled and the budget allows.
    func log(_ format: UnsafePointer<CChar>, _ arguments: CVaListPointer) {
        guard logger.logLevel <= Self.level else { return }
        let admission = limit.withLock { $0.admit(at: origin.duration(to: .now).nanoseconds) }
        guard case .log(let suppressed) = admission else { return }
        var buffer = [CChar](repeating: 0, count: Self.maxMessageBytes)
        _ = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingSuffix { $0 == "\n" }
        var metadata: Logger.Metadata = [:]
        if suppressed > 0 {
            metadata["suppressed"] = "\(suppressed)"
        }
        logger.log(level: Self.level, "\(message)", metadata: metadata, source: "libmicrohttpd")
    }

    /// Reports messages dropped since the last one logged; for shutdown.
    func flush() {
        let suppressed = limit.withLock { $0.takeSuppressed() }
        guard suppressed > 0, logger.logLevel <= Self.level else { return }
        logger.log(
            level: Self.level, "messages suppressed", metadata: ["suppressed": "\(suppressed)"],
            source: "libmicrohttpd")
    }

    private static let callback: MHD_LogCallback = { context, format, arguments in
        guard let context, let format, let arguments else { return }
        Unmanaged<LibraryLog>.fromOpaque(context).takeUnretainedValue().log(format, arguments)
    }
}

extension String {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var text = self
        while let last = text.last, predicate(last) { text.removeLast() }
        return text
    }
}
