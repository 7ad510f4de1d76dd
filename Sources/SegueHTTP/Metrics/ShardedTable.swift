import Glibc
import Synchronization

/// A table that every request reads and that grows only when a key first appears,
/// split into shards by the calling thread so that threads rarely wait on each other.
///
/// Why: with one thread per connection, 64 busy connections on 2 cores means 64
/// threads taking the same lock for every request; whenever the holder is preempted
/// the others queue behind it. Measured with one `Mutex` around the table:
/// `GET /healthz` fell from about 60 000 to 24 000 requests/s (wrk -t2 -c64). With a
/// shard per thread hash, two threads share a lock only when their hashes collide.
///
/// Each shard keeps its own copy of the entries it was asked for, made by `make` on
/// first use in that shard; `make` must therefore return the same shared value for a
/// key every time (the Prometheus registry does: it hands back the existing series).
final class ShardedTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let shards: [Shard]

    /// One lock and its entries (a class, since a `Mutex` cannot be copied into an array).
    private final class Shard: Sendable {
        let entries = Mutex<[Key: Value]>([:])
    }

    /// `shardCount` must be a power of two.
    init(shardCount: Int = 32) {
        precondition(shardCount > 0 && shardCount & (shardCount - 1) == 0)
        shards = (0..<shardCount).map { _ in Shard() }
    }

    /// The value for `key` in the calling thread's shard, made on first use there.
    func value(for key: Key, orMake make: () -> Value) -> Value {
        let shard = shards[Self.shardIndex(count: shards.count)]
        if let existing = shard.entries.withLock({ $0[key] }) { return existing }
        let made = make()
        return shard.entries.withLock { entries in
            if let raced = entries[key] { return raced }
            entries[key] = made
            return made
        }
    }

    /// The calling thread's shard: a Fibonacci hash of its `pthread_t`, whose low bits
    /// are alignment and would otherwise put every thread in one shard.
    private static func shardIndex(count: Int) -> Int {
        let thread = UInt64(UInt(bitPattern: Int(bitPattern: UInt(pthread_self()))))
        let hashed = thread &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: hashed >> UInt64(64 - count.trailingZeroBitCount))
    }
}
