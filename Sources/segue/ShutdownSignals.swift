import Dispatch
import Glibc
import Logging
import Synchronization

/// Turns SIGTERM and SIGINT into something the main thread can wait for. The first
/// signal starts a graceful shutdown; a second one exits at once with status 1,
/// for a person pressing Ctrl-C twice.
struct ShutdownSignals {
    private let latch: SignalLatch
    private let sources: [any DispatchSourceSignal]

    init(logger: Logger) {
        let latch = SignalLatch()
        var sources: [any DispatchSourceSignal] = []
        // A queue of their own: a serial queue always gets a thread, whereas the global queue's
        // few workers (one per core) may all be busy under load, which would hold SIGTERM (and
        // with it readiness turning 503) back until one frees.
        let queue = DispatchQueue(label: "segue.shutdown-signals")
        for signalNumber in [SIGTERM, SIGINT] {
            signal(signalNumber, SIG_IGN)  // the dispatch source sees it instead of the default handler
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                if !latch.release() {
                    logger.warning("second signal: exiting without draining")
                    _exit(1)
                }
            }
            source.resume()
            sources.append(source)
        }
        self.latch = latch
        self.sources = sources
    }

    /// Blocks until the first signal arrives.
    func wait() {
        latch.wait()
    }
}

/// Opens once: the first `release` wakes the waiter, later ones report false.
private final class SignalLatch: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let count = Atomic<Int>(0)

    /// Returns true for the first call only.
    func release() -> Bool {
        guard count.add(1, ordering: .relaxed).newValue == 1 else { return false }
        semaphore.signal()
        return true
    }

    func wait() {
        semaphore.wait()
    }
}
