import Foundation
import SegueEngine
import SegueMath
import SegueTestSupport
import Testing

@testable import SegueAPI

/// The drawn images kept between requests (`ArtCache`) change no byte of an export, are drawn
/// once while held, and hold no more than their cap.
@Suite struct ArtCacheTests {
    /// A key whose art is a bar of `index`'s width, so each index is a different key.
    static func key(_ index: Int) -> ArtCache.Key {
        let art = LayerArt(
            size: Size(width: 100, height: 100), background: .clear,
            items: [.bar(Rect(x: 0, y: 0, width: Double(index), height: 1), radius: 0, color: .clear)])
        return ArtCache.Key(art: art, width: 10, height: 10)
    }

    /// A held image is given back without drawing; a new key draws.
    @Test func aHeldImageIsNotDrawnAgain() {
        let cache = ArtCache(maxBytes: 1000)
        var draws = 0
        let first = cache.png(for: Self.key(1)) {
            draws += 1; return [1, 2, 3]
        }
        let again = cache.png(for: Self.key(1)) {
            draws += 1; return [9]
        }
        #expect(first == [1, 2, 3] && again == [1, 2, 3])
        #expect(draws == 1)
        _ = cache.png(for: Self.key(2)) {
            draws += 1; return [4]
        }
        #expect(draws == 2)
        #expect(cache.heldBytes == 4)
    }

    /// Random sizes and uses: the bytes held never pass the cap, the image just used is always
    /// held (unless it alone is larger than the cap), and the least recently used go first.
    @Test(arguments: 0..<16) func theCacheStaysWithinItsCap(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let cap = 200
        let cache = ArtCache(maxBytes: cap)
        var recency: [Int] = []  // keys, least recently used first, as a model
        var sizes: [Int: Int] = [:]
        for _ in 0..<300 {
            let index = Int(random.next() % 24)
            let size = sizes[index] ?? Int(random.next() % 90) + 1
            var drew = false
            let png = cache.png(for: Self.key(index)) {
                drew = true
                return [UInt8](repeating: UInt8(index), count: size)
            }
            #expect(png == [UInt8](repeating: UInt8(index), count: size))
            // The model: held keys are the most recent ones whose sizes fit within the cap.
            let heldBefore = Self.held(recency, sizes, cap)
            #expect(drew == !heldBefore.contains(index), "key \(index)")
            sizes[index] = size
            recency.removeAll { $0 == index }
            recency.append(index)
            #expect(cache.heldBytes <= cap)
            #expect(cache.heldBytes == Self.held(recency, sizes, cap).reduce(0) { $0 + sizes[$1, default: 0] })
        }
    }

    /// The keys the model holds: from the most recent back, while their sizes fit in `cap`.
    static func held(_ recency: [Int], _ sizes: [Int: Int], _ cap: Int) -> Set<Int> {
        var total = 0
        var held: Set<Int> = []
        for key in recency.reversed() {
            total += sizes[key, default: 0]
            if total > cap { break }
            held.insert(key)
        }
        return held
    }

    /// Examples whose layers draw each kind of art: photos, a photo grid, cards, list rows and a
    /// detail screen.
    static let kinds = ["instagram.push", "appstore.card.present", "yui.fbPaper.push", "miquido.diveDeeper.present"]

    /// An export with its images held is the export drawn afresh.
    @Test(arguments: kinds) func aHeldImageGivesTheSameExport(example: String) throws {
        for (name, body) in Fixtures.exampleRequests() where name == example {
            let request = try SimulateRequest.parse(
                try JSONBody.value(
                    from: HTTPRequest(
                        method: .post, path: "/", headers: ["Content-Type": "application/json"], body: body)),
                catalogue: .builtIn)
            let simulation = try request.run()
            let scene = request.resolvedScene.map { ($0.name, $0.value) }
            let cache = ArtCache(maxBytes: 8 << 20)
            let warm = ExportArt.applied(to: simulation, scene: scene, cache: cache)
            let held = cache.heldBytes
            let again = ExportArt.applied(to: simulation, scene: scene, cache: cache)
            let afresh = ExportArt.applied(to: simulation, scene: scene, cache: ArtCache(maxBytes: 0))
            #expect(warm.layers.map(\.image) == afresh.layers.map(\.image), "\(name)")
            #expect(again.layers.map(\.image) == afresh.layers.map(\.image), "\(name)")
            #expect(cache.heldBytes == held, "\(name): nothing drawn the second time")
        }
    }
}
