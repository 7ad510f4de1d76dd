import Synchronization

/// The PNGs drawn lately, by the art drawn and its size in pixels: a design tool exports the same
/// preset in the same scene again and again (each format, each tweak of a parameter that leaves
/// the first frame alone), and drawing and compressing a Retina-sized image costs far more than
/// the export around it. The bytes are the same with or without an entry, so the service stays
/// stateless; the entries' bytes together stay within `maxBytes`, the oldest going first.
final class ArtCache: Sendable {
    struct Key: Hashable, Sendable {
        var art: LayerArt
        var width: Int
        var height: Int
    }

    /// The process's cache, shared by every request.
    static let shared = ArtCache(maxBytes: 8 << 20)

    /// PNG bytes held at most, all entries together.
    let maxBytes: Int
    private let state = Mutex(State())

    private struct State {
        /// Each entry's PNG and when it was last used (`clock` at the time).
        var entries: [Key: (png: [UInt8], used: Int)] = [:]
        /// Counts uses, so the entry with the least `used` is the least recently used. A hit then
        /// costs one lookup, not a search through every key (a key holds up to `LayerArt.maxItems`
        /// shapes to compare).
        var clock = 0
        var bytes = 0
    }

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// The PNG of `key`, drawn by `draw` when not held (outside the lock: two requests that miss
    /// at once both draw, and the second's bytes replace the first's identical ones).
    func png(for key: Key, draw: () -> [UInt8]?) -> [UInt8]? {
        let held = state.withLock { state -> [UInt8]? in
            state.clock += 1
            guard let entry = state.entries[key] else { return nil }
            state.entries[key]?.used = state.clock
            return entry.png
        }
        if let held { return held }
        guard let png = draw() else { return nil }
        guard png.count <= maxBytes else { return png }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.updateValue((png, state.clock), forKey: key) {
                state.bytes -= old.png.count
            }
            state.bytes += png.count
            // Evictions are rare (a miss that passes the cap), so finding the oldest by a scan is fine.
            while state.bytes > maxBytes, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.png.count
            }
        }
        return png
    }

    /// PNG bytes held now.
    var heldBytes: Int { state.withLock { $0.bytes } }
}
