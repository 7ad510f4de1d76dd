import CMicroHTTPD

/// Gives the memory of large answers back to the system once they are sent.
///
/// glibc keeps what a program frees in its arenas for reuse. Large blocks start out as their own
/// mappings, returned on free, but after the first such free glibc raises its mmap threshold to
/// that block's size (up to 32 MiB) and its trim threshold to twice that, so later answers of
/// that size come from the arenas' heaps, and a heap gives back its free top only past the trim
/// threshold, 64 MiB per arena. After a burst of heavy answers (`scripts/faults/heavy`: 40 answers
/// of 31 MB) the server stayed 34 to 114 MiB above its idle baseline, depending on how many
/// threads (and so arenas) had held one at once; `malloc_trim(0)` does not help there, because it
/// releases free pages inside an arena's heap, but a heap's top only in the main arena.
///
/// So `configureAllocator()` fixes both thresholds when the server starts: every block of
/// `mmapThreshold` or more is its own mapping, unmapped when freed (a few page faults per
/// megabyte, small beside the work that fills it), and a heap's free top past `trimThreshold` goes
/// back at once. And after a body of `trimThreshold` bytes or more is freed, `bodyFreed` still
/// runs `malloc_trim(0)`, for the free pages of the many smaller blocks (frames, strings) that
/// such an answer's work left in the middle of the heaps; it costs a walk over the free lists,
/// small beside the work that built the body.
enum ReturnedMemory {
    /// 1 MiB: blocks this large are a few percent of answers (a 600-frame simulation of 8
    /// layers), and each one's own work took milliseconds.
    static let mmapThreshold = 1 << 20
    /// 2 MiB: a heap's free top past this is returned on free; and a freed body of this size
    /// or more is followed by a trim.
    static let trimThreshold = 2 << 20

    /// Fixes glibc's thresholds; called once, when the server starts.
    static func configureAllocator() {
        _ = segue_malloc_fix_thresholds(Int32(mmapThreshold), Int32(trimThreshold))
    }

    /// A response body of `bytes` bytes was just freed.
    static func bodyFreed(bytes: Int) {
        guard bytes >= trimThreshold else { return }
        _ = segue_malloc_trim()
    }

    /// Work that held up to `peakBytes` of the memory budget has just freed what it built,
    /// keeping only its answer. A small answer (an SVG filmstrip or a compact simulation of
    /// 19 081 frames: 0.6 and 1.5 MB) is never followed by `bodyFreed`'s trim, yet its work
    /// left tens of megabytes of small blocks in the arena of the thread that ran it: 40 of
    /// them at once, one per connection thread and up to 16 arenas on 2 cores, peaked at
    /// 601 MiB resident against 123 MiB with one arena (`scripts/faults/heavy`).
    static func workFreed(peakBytes: Int) {
        guard peakBytes >= trimThreshold else { return }
        _ = segue_malloc_trim()
    }
}
