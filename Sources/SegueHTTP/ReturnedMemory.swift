import CMicroHTTPD

/// Gives the memory of large answers back to the system once they are sent.
///
/// glibc keeps what a program frees in its arenas for reuse. Large blocks start out as
/// their own mappings, returned on free, but after the first such free glibc raises its
/// mmap threshold to that block's size (up to 32 MiB), so later answers of that size come
/// from the arenas' heaps, and a heap only shrinks from its top: after a burst of large
/// answers the freed pages mostly stay resident. Measured on the heavy fault check
/// (`scripts/faults/heavy`): RSS stayed hundreds of MiB above its baseline when idle, with
/// `MALLOC_ARENA_MAX=2` as well. `malloc_trim(0)` releases the free pages of every arena,
/// also those in the middle of a heap; it costs a walk over the free lists, so it runs only
/// after a body of `trimThreshold` bytes or more, where it is small beside the work that
/// built the body.
enum ReturnedMemory {
    /// 1 MiB: bodies this large are a few percent of answers (a 600-frame simulation of 8
    /// layers), and each one's own work took milliseconds.
    static let trimThreshold = 1 << 20

    /// A response body of `bytes` bytes was just freed.
    static func bodyFreed(bytes: Int) {
        guard bytes >= trimThreshold else { return }
        _ = segue_malloc_trim()
    }
}
