import Synchronization

/// The bytes of request bodies the transport may hold at once, while they arrive and until
/// their requests complete (`--body-memory`).
///
/// Why: a body is gathered whole before any route runs, up to `--max-body-bytes` (4 MiB) per
/// connection, and the work gate counts only what the routes build from it. 512 connections
/// each sending 4 MiB at once would hold 2 GiB, four times the pod's memory limit, before a
/// single request was admitted. So each request holds its declared length (a chunked body,
/// whose length is unknown until its last chunk, the most a body may be) from its head
/// onwards; one that does not fit has its bytes dropped as they arrive and is answered 503
/// `overloaded` with `Retry-After`, like work refused by a full queue. A request larger than the
/// whole budget is admitted when nothing else holds any of it, rather than never; and a small
/// body (`alwaysAdmitted`) always is, though it counts: an ordinary request (the canonical
/// simulate is 1.3 KB) must not be refused because large uploads fill the budget, and at most
/// `--connection-limit` of them (32 MiB at the defaults) can be held past it.
final class BodyMemory: Sendable {
    /// Bytes of bodies held at once, at most (small bodies aside).
    let limit: Int
    /// 64 KiB: a body this small is admitted whatever is held.
    static let alwaysAdmitted = 64 << 10
    private let held = Mutex(0)

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Bytes held now.
    var heldBytes: Int { held.withLock { $0 } }

    /// Takes `bytes` for a body if they fit; nil when they do not.
    func reserve(_ bytes: Int) -> Hold? {
        let bytes = max(0, bytes)
        let taken = held.withLock { held in
            guard held + bytes <= limit || held == 0 || bytes <= Self.alwaysAdmitted else { return false }
            held += bytes
            return true
        }
        return taken ? Hold(memory: self, bytes: bytes) : nil
    }

    fileprivate func release(_ bytes: Int) {
        held.withLock { $0 -= bytes }
    }

    /// One request's share, given back when the request's state goes.
    final class Hold: Sendable {
        private let memory: BodyMemory
        let bytes: Int

        fileprivate init(memory: BodyMemory, bytes: Int) {
            self.memory = memory
            self.bytes = bytes
        }

        deinit {
            memory.release(bytes)
        }
    }
}
