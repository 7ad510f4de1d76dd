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
        var entries: [Key: [UInt8]] = [:]
        /// Keys from least to most recently used.
        var order: [Key] = []
        var bytes = 0
    }

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// The PNG of `key`, drawn by `draw` when not held (outside the lock: two requests that miss
    /// at once both draw, and the second's bytes replace the first's identical ones).
    func png(for key: Key, draw: () -> [UInt8]?) -> [UInt8]? {
        let held = state.withLock { state -> [UInt8]? in
            guard let png = state.entries[key] else { return nil }
            if let index = state.order.lastIndex(of: key) {
                state.order.remove(at: index)
                state.order.append(key)
            }
            return png
        }
        if let held { return held }
        guard let png = draw() else { return nil }
        guard png.count <= maxBytes else { return png }
        state.withLock { state in
            if let old = state.entries.updateValue(png, forKey: key) {
                state.bytes -= old.count
                state.order.removeAll { $0 == key }
            }
            state.order.append(key)
            state.bytes += png.count
            while state.bytes > maxBytes, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                state.bytes -= state.entries.removeValue(forKey: oldest)?.count ?? 0
            }
        }
        return png
    }

    /// PNG bytes held now.
    var heldBytes: Int { state.withLock { $0.bytes } }
}
